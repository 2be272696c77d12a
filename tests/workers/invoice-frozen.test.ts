/**
 * Invoices as issued (docs/decisions/038-invoices-as-issued.md): the record written at first issue
 * is all the HTML page, the PDF and /api ever show, whatever changes after; numbers per (GSTIN,
 * series, financial year), unique by a database constraint, with series codes unique among stores
 * whose ids end alike; the title a GST document must carry; the FSSAI licence; the backfill of
 * invoices issued before the record existed.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { gstinCheckChar } from "~/lib/invoice/gst";
import { invoiceNumber } from "~/lib/invoice/maths";
import { storeFormSchema } from "~/lib/schemas/store";
import { makeProduct, newShopper } from "./api-client";
import { BASE } from "./fixtures";
import { codOrder, deliver, invoicePdf, pdfText } from "./invoice-support";
import { sessionCookie } from "../security/support-pay";
import { adminCookie, htmlText, pagePost } from "../security/support-admin";

const hex = (bytes: number) => crypto.getRandomValues(new Uint8Array(bytes)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "");
const gstin = (state: string, pan: string) => `${state}${pan}1Z${gstinCheckChar(`${state}${pan}1Z`)}`;

/** A store of the test's own, its id ending in `suffix` (ids of stores made by the same test end alike). */
async function ownStore(suffix: string, fields: { gstin: string; state: string; legalName?: string; fssai?: string }) {
  const id = `${hex(10)}${suffix}`.slice(-24);
  await env.DB.prepare(
    "insert into stores (id, name, address, city, state, legal_name, gstin, fssai_licence) values (?, ?, '12 Test Road', 'Bengaluru', ?, ?, ?, ?)",
  )
    .bind(id, `Frozen test store ${id}`, fields.state, fields.legalName ?? "Frozen Test Retail Pvt Ltd", fields.gstin, fields.fssai ?? "10020042001234")
    .run();
  return id;
}

/** A delivered cash order of `lines`, served by `storeId`. */
async function deliveredOrder(token: string, storeId: string, lines: { productId: string; quantity: number }[]) {
  const id = await codOrder(token, lines);
  await env.DB.prepare("update orders set store_id = ? where id = ?").bind(storeId, id).run();
  await deliver(id);
  return id;
}

async function setGst(productId: string, hsn: string, rate: number) {
  await env.DB.prepare("update products set hsn_code = ?, gst_rate = ? where id = ?").bind(hsn, rate, productId).run();
}

/** Everything a reader can get of one invoice: the printable page, the /api PDF's text and the page PDF's text. */
async function readAll(orderId: string, shopper: { token: string; email: string }) {
  const cookie = await sessionCookie(shopper.email);
  const page = await SELF.fetch(`${BASE}/invoice/${orderId}`, { headers: { Cookie: cookie } });
  expect(page.status).toBe(200);
  const api = await invoicePdf(orderId, shopper.token);
  expect(api.status).toBe(200);
  const pagePdf = await SELF.fetch(`${BASE}/invoice/${orderId}/pdf`, { headers: { Cookie: cookie } });
  expect(pagePdf.status).toBe(200);
  const body = await page.text();
  return {
    // The invoice as the page prints it: its title and the sheet (the rest of the page is the
    // site's header and footer, which show the signed-in user as they are now).
    html: `${/<title>[^<]*<\/title>/.exec(body)?.[0]}${body.slice(body.indexOf('<article class="invoice-sheet'), body.indexOf("</article>") + 10)}`,
    apiPdf: await pdfText(new Uint8Array(await api.arrayBuffer())),
    pagePdf: await pdfText(new Uint8Array(await pagePdf.arrayBuffer())),
  };
}

describe("an issued invoice is frozen", () => {
  let shopper: { token: string; email: string };
  let storeId: string;
  let orderId: string;
  let products: Awaited<ReturnType<typeof makeProduct>>[];
  let issued: Awaited<ReturnType<typeof readAll>>;
  const sellerGstin = gstin("29", "AAFCF1234K");

  beforeAll(async () => {
    shopper = await newShopper();
    storeId = await ownStore(hex(2), { gstin: sellerGstin, state: "Karnataka", legalName: "Frozen Seller Original Pvt Ltd" });
    products = [await makeProduct({ name: "Frozen Ghee", price: 649.5 }), await makeProduct({ name: "Frozen Cola", price: 40 })];
    await setGst(products[0]!.id, "0405", 5);
    await setGst(products[1]!.id, "22021010", 28);
    orderId = await deliveredOrder(shopper.token, storeId, [
      { productId: products[0]!.id, quantity: 2 },
      { productId: products[1]!.id, quantity: 3 },
    ]);
    issued = await readAll(orderId, shopper);
    // What it was issued with, so the edits below change something that is printed.
    expect(issued.html).toContain("Frozen Seller Original Pvt Ltd");
    expect(issued.html).toContain(sellerGstin);
    expect(issued.html).toContain("10020042001234");
    expect(issued.html).toContain('data-testid="invoice-cgst"');
    expect(issued.apiPdf).toContain("Frozen Ghee");
    expect(issued.apiPdf).toContain("FSSAI licence no.: 10020042001234");
    expect(issued.pagePdf).toBe(issued.apiPdf);
  });

  // Each edit is of one source the invoice once read live; after each, all three readings are unchanged.
  const edits: [string, () => Promise<unknown>][] = [
    ["the store's legal name", () => env.DB.prepare("update stores set legal_name = 'Renamed Later Pvt Ltd' where id = ?").bind(storeId).run()],
    ["the store's address and city", () => env.DB.prepare("update stores set address = '99 Moved Road', city = 'Mysuru' where id = ?").bind(storeId).run()],
    [
      "the store's state and GSTIN (CGST + SGST would become IGST)",
      () => env.DB.prepare("update stores set state = 'Tamil Nadu', gstin = ? where id = ?").bind(gstin("33", "AAFCF1234K"), storeId).run(),
    ],
    [
      "the store's FSSAI licence and series",
      () => env.DB.prepare("update stores set fssai_licence = '20020042009999', invoice_series = 'ZZ' where id = ?").bind(storeId).run(),
    ],
    ["a product's name", () => env.DB.prepare("update products set name = 'Renamed Ghee' where id = ?").bind(products[0]!.id).run()],
    ["a product's HSN code and GST rate", () => setGst(products[1]!.id, "2201", 18)],
    [
      "a product's deletion of its frozen line values",
      () => env.DB.prepare("update order_items set hsn_code = null, gst_rate = null where order_id = ?").bind(orderId).run(),
    ],
    [
      "the shopper's name and the order's delivery address",
      () =>
        env.DB.batch([
          env.DB.prepare("update users set name = 'Someone Else' where email = ?").bind(shopper.email),
          env.DB.prepare(
            "update orders set delivery_address = json_set(delivery_address, '$.state', 'Kerala', '$.city', 'Kochi', '$.address_line', 'Elsewhere') where id = ?",
          ).bind(orderId),
        ]),
    ],
    [
      "the order's lines and amounts after a refund of one cola",
      () =>
        env.DB.batch([
          env.DB.prepare("update order_items set picked = 2, name = 'Cola (refunded one)' where order_id = ? and product_id = ?").bind(
            orderId,
            products[1]!.id,
          ),
          env.DB.prepare("update orders set total = total - 4000, discount = 1000, tip = 500 where id = ?").bind(orderId),
        ]),
    ],
  ];

  for (const [source, edit] of edits) {
    it(`stays as issued after an edit of ${source}: HTML, /api PDF text and page PDF text`, async () => {
      await edit();
      const now = await readAll(orderId, shopper);
      expect(now.html).toBe(issued.html);
      expect(now.apiPdf).toBe(issued.apiPdf);
      expect(now.pagePdf).toBe(issued.apiPdf);
    });
  }

  it("the record holds everything printed: seller, buyer, place of supply, lines with HSN and taxes, totals", async () => {
    const row = (await env.DB.prepare("select number, gstin, document from invoices where order_id = ?").bind(orderId).first<{
      number: string;
      gstin: string;
      document: string;
    }>())!;
    const document = JSON.parse(row.document);
    expect(row.gstin).toBe(sellerGstin);
    expect(document).toMatchObject({
      title: "Tax invoice",
      number: row.number,
      seller: { name: "Frozen Seller Original Pvt Ltd", gstin: sellerGstin, state: "Karnataka", stateCode: "29", fssaiLicence: "10020042001234" },
      buyer: { state: "Karnataka", stateCode: "29" },
      placeOfSupply: "Karnataka (29)",
      maths: { intraState: true, totals: { invoiceValue: 2 * 64950 + 3 * 4000 } },
    });
    expect(document.maths.lines.map((l: { name: string; hsn: string; gstRate: number; quantity: number }) => [l.name, l.hsn, l.gstRate, l.quantity])).toEqual([
      [products[0]!.name, "0405", 5, 2],
      [products[1]!.name, "22021010", 28, 3],
    ]);
  });
});

describe("invoice numbers per GSTIN, series and financial year", () => {
  it("two stores under one GSTIN, ids ending alike, get distinct series; 20 parallel first opens across both give each series 1..10, every number unique and at most 16 characters", async () => {
    const shared = gstin("29", "AAGCS5555Q");
    const suffix = hex(2);
    const [a, b] = [await ownStore(suffix, { gstin: shared, state: "Karnataka" }), await ownStore(suffix, { gstin: shared, state: "Karnataka" })];
    expect(a.slice(-4)).toBe(b.slice(-4));
    const { results: series } = await env.DB.prepare("select id, invoice_series as series from stores where id in (?, ?)")
      .bind(a, b)
      .all<{ id: string; series: string }>();
    expect(series.map((s) => s.series)).toHaveLength(2);
    expect(new Set(series.map((s) => s.series)).size).toBe(2);
    for (const s of series) expect(s.series).toMatch(/^[0-9][0-9A-Z]{2}$/);

    const shopper = await newShopper();
    const product = await makeProduct({ name: "Frozen Seq", price: 10, stock: 100 });
    const orders: { id: string; store: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const store = i % 2 ? b : a;
      orders.push({ id: await deliveredOrder(shopper.token, store, [{ productId: product.id, quantity: 1 }]), store });
    }
    const answers = await Promise.all(orders.map((o) => invoicePdf(o.id, shopper.token)));
    expect(answers.map((r) => r.status)).toEqual(orders.map(() => 200));
    const texts = await Promise.all(answers.map(async (r) => pdfText(new Uint8Array(await r.arrayBuffer()))));
    const printed = texts.map((text) => /Invoice no\. (\S+)/.exec(text)?.[1]);
    expect(new Set(printed).size).toBe(20);
    for (const number of printed) expect(number!.length).toBeLessThanOrEqual(16);
    for (const store of [a, b]) {
      const code = series.find((s) => s.id === store)!.series;
      const { results } = await env.DB.prepare("select seq, number, fy, gstin from invoices where store_id = ? order by seq")
        .bind(store)
        .all<{ seq: number; number: string; fy: number; gstin: string }>();
      expect(results.map((r) => r.seq)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
      expect(results.map((r) => r.number)).toEqual(results.map((r) => invoiceNumber(code, r.fy, r.seq)));
      expect(new Set(results.map((r) => r.gstin))).toEqual(new Set([shared]));
    }
  }, 60_000);

  it("the database refuses a second invoice with the same number under the same GSTIN and year", async () => {
    const shopper = await newShopper();
    const store = await ownStore(hex(2), { gstin: gstin("29", "AAHCD7777L"), state: "Karnataka" });
    const product = await makeProduct({ name: "Frozen Dup", price: 10 });
    const first = await deliveredOrder(shopper.token, store, [{ productId: product.id, quantity: 1 }]);
    const second = await deliveredOrder(shopper.token, store, [{ productId: product.id, quantity: 1 }]);
    expect((await invoicePdf(first, shopper.token)).status).toBe(200);
    const row = (await env.DB.prepare("select gstin, series, fy, number, document from invoices where order_id = ?").bind(first).first<{
      gstin: string;
      series: string;
      fy: number;
      number: string;
      document: string;
    }>())!;
    const duplicate = env.DB.prepare(
      "insert into invoices (order_id, store_id, gstin, series, fy, seq, number, document, issued_at) values (?, ?, ?, ?, ?, 2, ?, ?, 0)",
    )
      .bind(second, store, row.gstin, row.series, row.fy, row.number, row.document)
      .run();
    await expect(duplicate).rejects.toThrow();
    expect(await env.DB.prepare("select 1 from invoices where order_id = ?").bind(second).first()).toBeNull();
  });

  it("the migration gives existing stores whose ids end alike distinct codes, the same ones each time", async () => {
    const update = env.TEST_MIGRATIONS.flatMap((m) => m.queries).find((q) => q.startsWith("UPDATE `stores` SET `invoice_series`"));
    expect(update).toBeDefined();
    // The migration's statement, run on a copy of stores whose ids all end alike.
    await env.DB.batch([
      env.DB.prepare("drop table if exists stores_copy"),
      env.DB.prepare("create table stores_copy (id text primary key, created_at integer, invoice_series text)"),
      ...["aaaa", "bbbb", "cccc", "dddd"].map((head, i) =>
        env.DB.prepare("insert into stores_copy (id, created_at) values (?, ?)").bind(`${head}0000000000000000c05f`, 1_700_000_000_000 + (i % 2)),
      ),
    ]);
    const onCopy = update!.replaceAll("`stores`", "`stores_copy`");
    const codes = async () => (await env.DB.prepare("select invoice_series as s from stores_copy order by id").all<{ s: string }>()).results.map((r) => r.s);
    await env.DB.prepare(onCopy).run();
    const once = await codes();
    expect(new Set(once).size).toBe(4);
    await env.DB.prepare("update stores_copy set invoice_series = null").run();
    await env.DB.prepare(onCopy).run();
    expect(await codes()).toEqual(once);
    // Made first: 001; the two made at the same moment are ordered by id.
    expect(once).toEqual(["001", "003", "002", "004"]);
  });

  it("a series code is unique among all stores, and an admin's code starts with a letter", async () => {
    const a = await ownStore(hex(2), { gstin: "", state: "Karnataka" });
    const b = await ownStore(hex(2), { gstin: "", state: "Karnataka" });
    const code = `Q${hex(1).toUpperCase()}`.slice(0, 3);
    await env.DB.prepare("update stores set invoice_series = ? where id = ?").bind(code, a).run();
    await expect(env.DB.prepare("update stores set invoice_series = ? where id = ?").bind(code, b).run()).rejects.toThrow();
    const base = { name: "S", address: "A", city: "C", opensAt: "06:00", closesAt: "23:00", baseDeliveryMinutes: "10", pincodes: "560001" };
    expect(storeFormSchema.safeParse({ ...base, invoiceSeries: "blr" }).data).toMatchObject({ invoiceSeries: "BLR" });
    expect(storeFormSchema.safeParse({ ...base, invoiceSeries: "" }).data?.invoiceSeries).toBeUndefined();
    for (const bad of ["1AB", "ABCD", "B-1", "Ä"]) expect(storeFormSchema.safeParse({ ...base, invoiceSeries: bad }).success, bad).toBe(false);
  });
});

describe("the store form's invoice fields", () => {
  const fields = (extra: Record<string, string>) =>
    new URLSearchParams({
      intent: "create-store",
      name: `Series form ${hex(4)}`,
      address: "1 Form Road",
      city: "Agartala",
      opensAt: "07:00",
      closesAt: "22:00",
      baseDeliveryMinutes: "12",
      pincodes: "799001",
      ...extra,
    });
  const storeNamed = (name: string) =>
    env.DB.prepare("select id, invoice_series as series, fssai_licence as fssai from stores where name = ?")
      .bind(name)
      .first<{ id: string; series: string; fssai: string }>();

  it("saves an admin's series code and FSSAI licence, refuses a code another store holds (409 on the field), and assigns one when left blank", async () => {
    const admin = await adminCookie();
    const code = `X${hex(1).toUpperCase()}`;
    const first = fields({ invoiceSeries: code.toLowerCase(), fssaiLicence: "2002 0042 0099 99" });
    expect((await pagePost("/dashboard/stores", first, { cookie: admin })).status).toBe(303);
    const saved = (await storeNamed(first.get("name")!))!;
    expect(saved).toMatchObject({ series: code, fssai: "20020042009999" });

    const second = fields({ invoiceSeries: code });
    const refused = await pagePost("/dashboard/stores", second, { cookie: admin });
    expect(refused.status).toBe(409);
    expect(htmlText(await refused.text())).toContain("Another store already uses this invoice series");
    expect(await storeNamed(second.get("name")!)).toBeNull();

    const blank = fields({ invoiceSeries: "" });
    expect((await pagePost("/dashboard/stores", blank, { cookie: admin })).status).toBe(303);
    expect((await storeNamed(blank.get("name")!))!.series).toMatch(/^[0-9][0-9A-Z]{2}$/);

    // Saved again with the field blank, a store keeps its code.
    const again = fields({ intent: "update-store", id: saved.id, name: first.get("name")!, invoiceSeries: "", fssaiLicence: "20020042009999" });
    expect((await pagePost("/dashboard/stores", again, { cookie: admin })).status).toBe(303);
    expect((await storeNamed(first.get("name")!))!.series).toBe(code);
  });
});

describe("the right document", () => {
  let shopper: { token: string; email: string };
  let storeId: string;
  let nil: Awaited<ReturnType<typeof makeProduct>>;
  let taxed: Awaited<ReturnType<typeof makeProduct>>;

  beforeAll(async () => {
    shopper = await newShopper();
    storeId = await ownStore(hex(2), { gstin: gstin("29", "AAJCB3333M"), state: "Karnataka" });
    nil = await makeProduct({ name: "Frozen Milk", price: 27 });
    taxed = await makeProduct({ name: "Frozen Flavoured Milk", price: 30 });
    await setGst(nil.id, "0401", 0);
    await setGst(taxed.id, "22029930", 5);
  });

  const title = async (id: string) => {
    const html = await (await SELF.fetch(`${BASE}/invoice/${id}`, { headers: { Cookie: await sessionCookie(shopper.email) } })).text();
    const pdf = await pdfText(new Uint8Array(await (await invoicePdf(id, shopper.token)).arrayBuffer()));
    return { h1: /<h1 id="invoice-title"[^>]*>([^<]+)</.exec(html)?.[1], pdfHeading: pdf.split("\n")[0], html, pdf };
  };

  it("every line nil-rated: a bill of supply", async () => {
    const id = await deliveredOrder(shopper.token, storeId, [{ productId: nil.id, quantity: 2 }]);
    expect(await title(id)).toMatchObject({ h1: "Bill of supply", pdfHeading: "BILL OF SUPPLY" });
  });

  it("every line taxed: a tax invoice; both kinds: one invoice-cum-bill of supply (rule 46A)", async () => {
    const all = await deliveredOrder(shopper.token, storeId, [{ productId: taxed.id, quantity: 1 }]);
    expect(await title(all)).toMatchObject({ h1: "Tax invoice", pdfHeading: "TAX INVOICE" });
    const mixed = await deliveredOrder(shopper.token, storeId, [
      { productId: nil.id, quantity: 1 },
      { productId: taxed.id, quantity: 1 },
    ]);
    expect(await title(mixed)).toMatchObject({ h1: "Tax invoice-cum-bill of supply", pdfHeading: "TAX INVOICE-CUM-BILL OF SUPPLY" });
  });

  it("prints the store's FSSAI licence; the store form takes 14 digits only", async () => {
    const id = await deliveredOrder(shopper.token, storeId, [{ productId: taxed.id, quantity: 1 }]);
    const { html, pdf } = await title(id);
    expect(html).toContain('FSSAI licence no.: <span class="font-mono">10020042001234</span>');
    expect(pdf).toContain("FSSAI licence no.: 10020042001234");
    const base = { name: "S", address: "A", city: "C", opensAt: "06:00", closesAt: "23:00", baseDeliveryMinutes: "10", pincodes: "560001" };
    expect(storeFormSchema.safeParse({ ...base, fssaiLicence: "1002 0042 0012 34" }).data).toMatchObject({ fssaiLicence: "10020042001234" });
    for (const bad of ["1002004200123", "100200420012345", "1002004200123A"]) {
      const parsed = storeFormSchema.safeParse({ ...base, fssaiLicence: bad });
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error!.issues[0]!.message).toMatch(/14 digits/);
    }
    await expect(env.DB.prepare("update stores set fssai_licence = '123' where id = ?").bind(storeId).run()).rejects.toThrow();
  });
});

describe("invoices issued before the record existed", () => {
  it("keep the number they were issued with; the document is made at the first read and frozen from then", async () => {
    const shopper = await newShopper();
    const store = await ownStore(hex(2), { gstin: gstin("29", "AAKCL4444N"), state: "Karnataka" });
    const product = await makeProduct({ name: "Frozen Legacy", price: 50 });
    await setGst(product.id, "1905", 5);
    const id = await deliveredOrder(shopper.token, store, [{ productId: product.id, quantity: 1 }]);
    // Issued the old way: a number on the order only.
    await env.DB.prepare("update orders set invoice_fy = 2026, invoice_seq = 7, invoiced_at = 1 where id = ?").bind(id).run();
    const backfill = env.TEST_MIGRATIONS.flatMap((m) => m.queries).find((q) => q.startsWith("INSERT INTO `invoices`"));
    expect(backfill).toBeDefined();
    await env.DB.prepare(`${backfill!.trim().replace(/;$/, "")} AND o.\`id\` = ?`)
      .bind(id)
      .run();
    const legacy = `${store.slice(-4).toUpperCase()}/2627/000007`;
    expect((await env.DB.prepare("select number, document from invoices where order_id = ?").bind(id).first())!).toEqual({ number: legacy, document: null });
    const first = await readAll(id, shopper);
    expect(first.apiPdf).toContain(`Invoice no. ${legacy}`);
    await env.DB.prepare("update stores set legal_name = 'Later Name Pvt Ltd' where id = ?").bind(store).run();
    await setGst(product.id, "1905", 18);
    const later = await readAll(id, shopper);
    expect(later.html).toBe(first.html);
    expect(later.apiPdf).toBe(first.apiPdf);
  });
});
