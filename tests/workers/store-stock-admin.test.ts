import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { newShopper } from "./api-client";
import { BASE } from "./fixtures";
import { adminCookie, formOf, htmlText, pageGet, pagePost, sessionCookie } from "../security/support-admin";

/**
 * Dark stores, second half, admin side (issue 12, decision 020): the CSV stock import of a store
 * (preview with an error per row, nothing applied before confirm, stale and tampered previews
 * refused, one application under parallel confirms).
 */

let admin: string;
beforeAll(async () => {
  admin = await adminCookie();
});

const hex = () => crypto.getRandomValues(new Uint8Array(12)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "");

/** A store of the test's own, so imports never share stock. */
async function newStore() {
  const id = hex();
  await env.DB.prepare("insert into stores (id, name, address, city, base_delivery_minutes) values (?, ?, 'Plot 1', 'Pune', 12)")
    .bind(id, `Test Store ${id.slice(0, 6)}`)
    .run();
  return id;
}

/** A product of the test's own named `name` plus a random tag (returned). */
async function newProduct(name: string) {
  const id = hex();
  const fullName = `${name} ${id.slice(0, 6)}`;
  await env.DB.prepare("insert into products (id, name, price) values (?, ?, 10000)").bind(id, fullName).run();
  return { id, name: fullName };
}

const importPath = (storeId: string) => `/dashboard/stores/${storeId}/stock`;

const previewCsv = (storeId: string, csv: string, cookie = admin) => pagePost(importPath(storeId), formOf({ intent: "preview", csv }), { cookie });

/** The hidden token and plan of a preview page (the confirm form). */
function confirmFields(html: string): { token: string; plan: string } {
  const token = /name="token" value="([^"]*)"/.exec(html)?.[1];
  const plan = /name="plan" value="([^"]*)"/.exec(html)?.[1];
  if (!token || !plan) throw new Error("no confirm form in the preview");
  return { token: htmlText(token), plan: htmlText(plan) };
}

const confirm = (storeId: string, fields: { token: string; plan: string }, cookie = admin) =>
  pagePost(importPath(storeId), formOf({ intent: "confirm", ...fields }), { cookie });

async function stockAt(storeId: string): Promise<Record<string, number>> {
  const { results } = await env.DB.prepare("select product_id, stock from store_stock where store_id = ?")
    .bind(storeId)
    .all<{ product_id: string; stock: number }>();
  return Object.fromEntries(results.map((r) => [r.product_id, r.stock]));
}

const importsOf = async (storeId: string) =>
  (await env.DB.prepare("select count(*) as n from stock_imports where store_id = ?").bind(storeId).first<{ n: number }>())!.n;

describe("CSV stock import: preview", () => {
  it("lists every row with its product and new stock or its error, and writes nothing", async () => {
    const store = await newStore();
    const atta = await newProduct("Import Atta");
    const rice = await newProduct("Import Rice");
    const twin = await newProduct("Import Twin");
    await env.DB.prepare("insert into products (id, name, price) values (?, ?, 100)").bind(hex(), twin.name.toUpperCase()).run();
    const csv = [
      "product,stock",
      `${atta.id},12`,
      `${atta.name.toLowerCase()},3`,
      `${twin.name},4`,
      "No Such Product Anywhere,5",
      `${rice.name},-1`,
      `${rice.name},100001`,
      `"${rice.name}",0`,
      `${hex()},9`,
    ].join("\r\n");
    const res = await previewCsv(store, csv);
    expect(res.status).toBe(200);
    const raw = await res.text();
    const page = htmlText(raw);
    // The table as rendered (the page's serialized data repeats the messages).
    const html = page.slice(page.indexOf("<tbody>"), page.indexOf("</tbody>"));
    expect(page).toContain("Preview: 2 products to update at Test Store");
    expect(page).toContain("6 rows with errors (skipped)");
    expect(html).toContain("Duplicate: line 2 already sets this product");
    expect(html).toContain("2 products have this name: use the product id");
    expect(html.match(/No product with this id or name/g)).toHaveLength(2);
    expect(html.match(/Stock must be a whole number from 0 to 100000/g)).toHaveLength(2);
    expect(JSON.parse(confirmFields(raw).plan)).toEqual([
      [atta.id, 12, null],
      [rice.id, 0, null],
    ]);
    expect(await stockAt(store)).toEqual({});
    expect(await importsOf(store)).toBe(0);
  });

  it("refuses a whole file that is not UTF-8, too large, too long or empty, with its field's message", async () => {
    const store = await newStore();
    const post = (file: File) => pagePost(importPath(store), formOf({ intent: "preview", csv: "", file }), { cookie: admin });
    const latin1 = new File([new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x2c, 0x31])], "stock.csv", { type: "text/csv" });
    let res = await post(latin1);
    expect(res.status).toBe(400);
    expect(htmlText(await res.text())).toContain("The file is not UTF-8 text");
    res = await post(new File(["x,1\n".repeat(30_000)], "big.csv", { type: "text/csv" }));
    expect(res.status).toBe(400);
    expect(htmlText(await res.text())).toContain("The CSV is too large: at most 100 KB");
    res = await post(new File([Array.from({ length: 1001 }, (_, i) => `P${i},1`).join("\n")], "long.csv", { type: "text/csv" }));
    expect(res.status).toBe(400);
    expect(htmlText(await res.text())).toContain("The CSV has too many rows: at most 1000 per import");
    res = await previewCsv(store, "  ");
    expect(res.status).toBe(400);
    expect(htmlText(await res.text())).toContain("Paste the CSV or choose a file");
    res = await previewCsv(store, 'a,1\n"b,2');
    expect(res.status).toBe(400);
    expect(htmlText(await res.text())).toMatch(/Line \d+: a quoted value is not closed/);
    expect(await stockAt(store)).toEqual({});
  });

  // Issue 28 item 9.2: a body over the form's size limit was the root error page ("Unexpected
  // Application Error! 413"); it is the page, with its form and the message on it.
  it("answers a file over the body limit with the page, its form and the message (413), and writes nothing", async () => {
    const store = await newStore();
    const milk = await newProduct("Huge Import Milk");
    const huge = new File([`${milk.name},5\n`.repeat(Math.ceil(700_000 / (milk.name.length + 3)))], "huge.csv", { type: "text/csv" });
    expect(huge.size).toBeGreaterThan(600_000);
    const res = await pagePost(importPath(store), formOf({ intent: "preview", csv: "", file: huge }), { cookie: admin });
    expect(res.status).toBe(413);
    const html = await res.text();
    expect(html).not.toContain("Unexpected Application Error");
    expect(html).toMatch(/<form[^>]*id="stock-csv"/);
    expect(html).toMatch(/<button[^>]*value="preview"[^>]*>Preview<\/button>/);
    const text = htmlText(html);
    expect(text).toContain("Import stock: Test Store");
    expect(text).toContain("The CSV is too large: at most 100 KB");
    expect(await stockAt(store)).toEqual({});
    expect(await importsOf(store)).toBe(0);
    // The same answer to a single-fetch (JavaScript) submission: the action's data, status 413.
    const fetched = await SELF.fetch(`${BASE}${importPath(store)}.data`, {
      method: "POST",
      headers: { Origin: BASE, Host: new URL(BASE).host, Cookie: admin },
      body: formOf({ intent: "preview", csv: "", file: huge }),
      redirect: "manual",
    });
    expect(fetched.status).toBe(413);
    expect(await fetched.text()).toContain("The CSV is too large: at most 100 KB");
  });

  it("reads an uploaded file with BOM, CRLF and quotes", async () => {
    const store = await newStore();
    const milk = await newProduct("Import Milk, 1 L");
    const file = new File([`\uFEFFproduct,stock\r\n"${milk.name}",7\r\n`], "stock.csv", { type: "text/csv" });
    const res = await pagePost(importPath(store), formOf({ intent: "preview", csv: "", file }), { cookie: admin });
    expect(res.status).toBe(200);
    expect(JSON.parse(confirmFields(await res.text()).plan)).toEqual([[milk.id, 7, null]]);
  });

  it("is for admins only, and for existing stores", async () => {
    const store = await newStore();
    const { email } = await newShopper();
    const shopper = await sessionCookie(email);
    expect((await previewCsv(store, "a,1", shopper)).status).toBe(403);
    expect((await pageGet(importPath(store), shopper)).status).toBe(403);
    expect((await pageGet(importPath(hex()), admin)).status).toBe(404);
    expect((await previewCsv(hex(), "a,1")).status).toBe(404);
    const page = await pageGet(importPath(store), admin);
    expect(page.status).toBe(200);
    expect(htmlText(await page.text())).toContain("Import stock: Test Store");
  });
});

describe("CSV stock import: confirm", () => {
  it("applies every valid row in one go, overwriting existing stock, and says so", async () => {
    const store = await newStore();
    const a = await newProduct("Confirm A");
    const b = await newProduct("Confirm B");
    await env.DB.prepare("insert into store_stock (store_id, product_id, stock) values (?, ?, 4)").bind(store, b.id).run();
    const preview = await previewCsv(store, `${a.name},10\n${b.id},0\nnope nope,3`);
    const fields = confirmFields(await preview.text());
    const res = await confirm(store, fields);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(importPath(store));
    expect(await stockAt(store)).toEqual({ [a.id]: 10, [b.id]: 0 });
    expect(await importsOf(store)).toBe(1);
  });

  it("refuses a tampered preview (400) and writes nothing", async () => {
    const store = await newStore();
    const other = await newStore();
    const a = await newProduct("Tamper A");
    const fields = confirmFields(await (await previewCsv(store, `${a.id},5`)).text());
    const changedPlan = JSON.stringify([[a.id, 500, null]]);
    for (const [target, body] of [
      [store, { ...fields, plan: changedPlan }],
      [store, { ...fields, token: `${fields.token.split(".")[0]}.${"A".repeat(43)}` }],
      [store, { token: "not-a-token", plan: fields.plan }],
      [other, fields],
    ] as const) {
      const res = await confirm(target, body);
      expect(res.status).toBe(400);
      expect(htmlText(await res.text())).toContain("This preview could not be verified");
    }
    expect(await stockAt(store)).toEqual({});
    expect(await stockAt(other)).toEqual({});
    expect(await importsOf(store)).toBe(0);
  });

  it("refuses a stale preview (409): stock at the store changed, or a product is gone, and writes nothing", async () => {
    const store = await newStore();
    const a = await newProduct("Stale A");
    const b = await newProduct("Stale B");
    await env.DB.prepare("insert into store_stock (store_id, product_id, stock) values (?, ?, 8)").bind(store, a.id).run();
    const fields = confirmFields(await (await previewCsv(store, `${a.id},20\n${b.id},30`)).text());
    // A sale at the store after the preview: the 20 typed against 8 would erase it.
    await env.DB.prepare("update store_stock set stock = 7 where store_id = ? and product_id = ?").bind(store, a.id).run();
    let res = await confirm(store, fields);
    expect(res.status).toBe(409);
    expect(htmlText(await res.text())).toContain("changed since the preview, so nothing was imported");
    expect(await stockAt(store)).toEqual({ [a.id]: 7 });

    const again = confirmFields(await (await previewCsv(store, `${a.id},20\n${b.id},30`)).text());
    await env.DB.prepare("delete from products where id = ?").bind(b.id).run();
    res = await confirm(store, again);
    expect(res.status).toBe(409);
    expect(await stockAt(store)).toEqual({ [a.id]: 7 });
    expect(await importsOf(store)).toBe(0);
  });

  it("applies a preview once under 10 parallel confirms", async () => {
    const store = await newStore();
    const a = await newProduct("Race A");
    const b = await newProduct("Race B");
    const fields = confirmFields(await (await previewCsv(store, `${a.id},11\n${b.id},22`)).text());
    const answers = await Promise.all(Array.from({ length: 10 }, () => confirm(store, fields)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([303, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    expect(await importsOf(store)).toBe(1);
    expect(await stockAt(store)).toEqual({ [a.id]: 11, [b.id]: 22 });
    // Sold after the import: confirming the same preview again must not write 11 back.
    await env.DB.prepare("update store_stock set stock = 10 where store_id = ? and product_id = ?").bind(store, a.id).run();
    const late = await confirm(store, fields);
    expect(late.status).toBe(409);
    expect(await stockAt(store)).toEqual({ [a.id]: 10, [b.id]: 22 });
  });
});

describe("the order board filters by store", () => {
  it("shows only the chosen store's orders, each naming its store", async () => {
    const { api, makeProduct, newShopper: shopperAccount, VALID_ADDRESS } = await import("./api-client");
    const delhi = (await env.DB.prepare("select id from stores where city = 'Delhi' and is_default = 0 limit 1").first<{ id: string }>())!.id;
    const product = await makeProduct({ name: "Board Dal", stock: 5 });
    await env.DB.prepare("insert into store_stock (store_id, product_id, stock) values (?, ?, 5)").bind(delhi, product.id).run();
    const shopper = await shopperAccount();
    const orderAt = async (pincode: string) => {
      const address = await api("/api/address/create", { method: "POST", token: shopper.token, body: { ...VALID_ADDRESS, pincode } });
      const res = await api("/api/order/cash-on-delivery", {
        method: "POST",
        token: shopper.token,
        body: { list_items: [{ productId: product.id, quantity: 1 }], addressId: address.body.data._id },
      });
      expect(res.status).toBeLessThan(300);
    };
    await orderAt("560034");
    await orderAt("110001");
    const { results } = await env.DB.prepare(
      "select o.order_id, s.name as store from orders o join users u on u.id = o.user_id join stores s on s.id = o.store_id where u.email = ? order by o.created_at",
    )
      .bind(shopper.email)
      .all<{ order_id: string; store: string }>();
    expect(results).toHaveLength(2);
    const [bengaluruOrder, delhiOrder] = results;
    expect(delhiOrder.store).not.toBe(bengaluruOrder.store);

    const filtered = htmlText(await (await pageGet(`/dashboard/orders?store=${delhi}&q=${encodeURIComponent(shopper.email)}`, admin)).text());
    expect(filtered).toContain(`Order No : ${delhiOrder.order_id}`);
    expect(filtered).not.toContain(`Order No : ${bengaluruOrder.order_id}`);
    expect(filtered).toContain(delhiOrder.store);
    const all = htmlText(await (await pageGet(`/dashboard/orders?store=nonsense&q=${encodeURIComponent(shopper.email)}`, admin)).text());
    expect(all).toContain(`Order No : ${delhiOrder.order_id}`);
    expect(all).toContain(`Order No : ${bengaluruOrder.order_id}`);
  });
});
