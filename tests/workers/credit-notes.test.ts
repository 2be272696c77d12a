/**
 * GST credit notes (docs/decisions/044-credit-notes.md): a refund after the invoice is issued gets
 * one note, in its own consecutive series per GSTIN and financial year, against the invoice, with
 * taxable value and tax reversed per line; frozen at issue; the invoice minus its notes is what the
 * shopper kept paid, to the paisa; read by the invoice's readers only.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { gstinCheckChar } from "~/lib/invoice/gst";
import type { InvoiceDocument } from "~/lib/invoice/document";
import type { CreditNoteLine } from "~/lib/invoice/credit-note";
import { issueCreditNote } from "../../app/server/orders/credit-notes.server";
import { confirmAllLines } from "./pick-support";
import { api, login, makeProduct, newShopper, VALID_ADDRESS } from "./api-client";
import { BASE } from "./fixtures";
import { codOrder, deliver, invoicePdf, pdfText } from "./invoice-support";
import { completedEvent, sendWebhook, sessionCookie } from "../security/support-pay";

const context = { cloudflare: { env } } as unknown as AppLoadContext;
const hex = (bytes: number) => crypto.getRandomValues(new Uint8Array(bytes)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "");
const gstin = (state: string, pan: string) => `${state}${pan}1Z${gstinCheckChar(`${state}${pan}1Z`)}`;
const SELLER_GSTIN = gstin("29", "AAGCN4321K");

let admin: string;
let defaultStore: string;
let staff: { token: string; email: string };
let otherStaff: { token: string; email: string };

/** A store of the test's own, its id ending in `suffix`, in Karnataka under SELLER_GSTIN unless told. */
async function ownStore(suffix: string, fields: { gstin?: string; state?: string } = {}) {
  const id = `${hex(12)}${suffix}`.slice(-24);
  await env.DB.prepare(
    "insert into stores (id, name, address, city, state, legal_name, gstin, fssai_licence) values (?, ?, '5 Note Road', 'Bengaluru', ?, 'Credit Test Retail Pvt Ltd', ?, '10020042005678')",
  )
    .bind(id, `Credit note store ${id}`, fields.state ?? "Karnataka", fields.gstin ?? SELLER_GSTIN)
    .run();
  return id;
}

async function setGst(productId: string, hsn: string, rate: number) {
  await env.DB.prepare("update products set hsn_code = ?, gst_rate = ? where id = ?").bind(hsn, rate, productId).run();
}

/** Three awkward lines: 0 %, 5 % and 28 %, odd paise. */
async function awkwardProducts() {
  const made = [
    await makeProduct({ name: "CN Milk", price: 27.33 }),
    await makeProduct({ name: "CN Atta", price: 61.07 }),
    await makeProduct({ name: "CN Cola", price: 39.99 }),
  ];
  await setGst(made[0]!.id, "0401", 0);
  await setGst(made[1]!.id, "1101", 5);
  await setGst(made[2]!.id, "22021010", 28);
  return made;
}

/** A delivered cash order of `lines`, served by `storeId`. */
async function deliveredCashOrder(token: string, storeId: string, lines: { productId: string; quantity: number }[]) {
  const id = await codOrder(token, lines);
  await env.DB.prepare("update orders set store_id = ? where id = ?").bind(storeId, id).run();
  await deliver(id);
  return id;
}

async function invoiceOf(orderId: string): Promise<InvoiceDocument> {
  const row = await env.DB.prepare("select document from invoices where order_id = ?").bind(orderId).first<{ document: string }>();
  return JSON.parse(row!.document) as InvoiceDocument;
}

async function notesOf(orderId: string) {
  const { results } = await env.DB.prepare("select id, number, seq, amount, document from credit_notes where order_id = ? order by seq").bind(orderId).all<{
    id: string;
    number: string;
    seq: number;
    amount: number;
    document: string;
  }>();
  return results.map((r) => ({ ...r, doc: JSON.parse(r.document) as InvoiceDocument }));
}

const listNotes = (orderId: string, token?: string) =>
  SELF.fetch(`${BASE}/api/order/credit-notes?_id=${orderId}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });

/** Σ over the invoice's line `i` of what the notes reversed. */
function reversedOn(notes: { doc: InvoiceDocument }[], i: number) {
  const lines = notes.flatMap((n) => n.doc.maths.lines as CreditNoteLine[]).filter((l) => l.invoiceLine === i);
  const sum = (pick: (l: CreditNoteLine) => number) => lines.reduce((s, l) => s + pick(l), 0);
  return { value: sum((l) => l.value), taxable: sum((l) => l.taxable), cgst: sum((l) => l.cgst), sgst: sum((l) => l.sgst), igst: sum((l) => l.igst) };
}

beforeAll(async () => {
  admin = await login("admin@example.com", "Admin@12345");
  defaultStore = (await env.DB.prepare("select id from stores where is_default = 1").first<{ id: string }>())!.id;
  staff = await newShopper();
  otherStaff = await newShopper();
  const otherStore = await ownStore(hex(2));
  expect((await api("/api/store/staff", { method: "POST", token: admin, body: { storeId: defaultStore, email: staff.email } })).status).toBe(200);
  expect((await api("/api/store/staff", { method: "POST", token: admin, body: { storeId: otherStore, email: otherStaff.email } })).status).toBe(200);
});

describe("a refund after the invoice is issued", () => {
  let shopper: { token: string; email: string };
  let storeId: string;
  let orderId: string;
  let products: Awaited<ReturnType<typeof awkwardProducts>>;

  beforeAll(async () => {
    shopper = await newShopper();
    storeId = await ownStore(hex(2));
    products = await awkwardProducts();
    orderId = await deliveredCashOrder(shopper.token, storeId, [
      { productId: products[0]!.id, quantity: 3 },
      { productId: products[1]!.id, quantity: 2 },
      { productId: products[2]!.id, quantity: 5 },
    ]);
  });

  it("makes no note while none is issued, then one credit note against the invoice (number and date), reversing the line's tax as the invoice split it", async () => {
    expect(await (await listNotes(orderId, shopper.token)).json()).toMatchObject({ data: [] });
    expect((await invoicePdf(orderId, shopper.token)).status).toBe(200);
    const invoice = await invoiceOf(orderId);
    const cola = invoice.maths.lines[2]!;
    const refundValue = Math.floor((cola.value * 2) / 5);
    const issued = await issueCreditNote(context, { orderId, refundId: `re_${hex(8)}`, amount: refundValue, lines: [{ line: 2, quantity: 2 }] });
    expect(issued.created).toBe(true);
    expect(issued.number).toMatch(/^[0-9A-Z]{1,3}\/C\d{4}\/\d{6}$/);
    expect(issued.number.length).toBeLessThanOrEqual(16);
    const [note] = await notesOf(orderId);
    expect(note!.doc).toMatchObject({
      kind: "credit-note",
      title: "Credit note",
      number: issued.number,
      against: { number: invoice.number, date: invoice.date },
    });
    expect(note!.doc.seller).toEqual(invoice.seller);
    expect(note!.doc.buyer).toEqual(invoice.buyer);
    const [line] = note!.doc.maths.lines;
    expect(line).toMatchObject({ name: cola.name, hsn: "22021010", gstRate: 28, quantity: 2, value: refundValue, igst: 0 });
    expect(line!.cgst).toBe(line!.sgst);
    expect(line!.cgst).toBeGreaterThan(0);
    expect(line!.taxable + line!.cgst + line!.sgst).toBe(refundValue);
    expect(note!.doc.maths.totals.amountPaid).toBe(refundValue);

    const listed = (await (await listNotes(orderId, shopper.token)).json()) as { data: Record<string, unknown>[] };
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ _id: note!.id, number: issued.number, against: { number: invoice.number }, amount: refundValue / 100, igst: 0 });
  });

  it("a retry and 20 parallel calls for one refund give one note, and the series counter moves once", async () => {
    const refundId = `re_${hex(8)}`;
    const before = (await notesOf(orderId)).length;
    const results = await Promise.all(Array.from({ length: 20 }, () => issueCreditNote(context, { orderId, refundId, amount: 150 })));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const again = await issueCreditNote(context, { orderId, refundId, amount: 150 });
    expect(again).toMatchObject({ id: results[0]!.id, created: false });
    const notes = await notesOf(orderId);
    expect(notes).toHaveLength(before + 1);
    // Consecutive: the counter moved once for the one note.
    expect(notes.map((n) => n.seq)).toEqual(notes.map((_, i) => notes[0]!.seq + i));
    const counter = await env.DB.prepare(
      "select last from credit_note_series_counters where gstin = ? and series = (select invoice_series from stores where id = ?)",
    )
      .bind(SELLER_GSTIN, storeId)
      .first<{ last: number }>();
    expect(counter!.last).toBe(notes.at(-1)!.seq);
    // Bad input is a 400, before anything is written.
    await expect(issueCreditNote(context, { orderId, refundId: `re_${hex(8)}`, amount: 1.5 })).rejects.toMatchObject({ status: 400 });
    await expect(issueCreditNote(context, { orderId, refundId: `re_${hex(8)}`, amount: 100, lines: [{ line: 9, quantity: 1 }] })).rejects.toMatchObject({
      status: 400,
    });
    await expect(issueCreditNote(context, { orderId, refundId: `re_${hex(8)}`, amount: 100, lines: [{ line: 0, quantity: 4 }] })).rejects.toMatchObject({
      status: 400,
    });
    await expect(issueCreditNote(context, { orderId, refundId: "", amount: 100 })).rejects.toMatchObject({ status: 400 });
    expect(await notesOf(orderId)).toHaveLength(before + 1);
    // The same refund id for another amount is refused, not a second note.
    await expect(issueCreditNote(context, { orderId, refundId, amount: 151 })).rejects.toMatchObject({ status: 409 });
  });

  it("parallel refunds of the rest reverse every line and every tax exactly once: the notes sum to the invoice, line by line", async () => {
    const invoice = await invoiceOf(orderId);
    // Everything on the invoice (a cash order's round off is the shopper's: the next test).
    const left = invoice.maths.totals.invoiceValue + invoice.maths.totals.tip - (await notesOf(orderId)).reduce((s, n) => s + n.amount, 0);
    // Refunds of awkward sizes (small ones round their tax to nothing on their own), sent at once,
    // that together take what is left.
    const parts = [101, 333, 1, 777, ...Array.from({ length: 8 }, () => 13)];
    parts.push(left - parts.reduce((s, p) => s + p, 0));
    await Promise.all(parts.map((amount) => issueCreditNote(context, { orderId, refundId: `re_${hex(8)}`, amount })));
    const notes = await notesOf(orderId);
    invoice.maths.lines.forEach((line, i) => {
      expect(reversedOn(notes, i), line.name).toEqual({ value: line.value, taxable: line.taxable, cgst: line.cgst, sgst: line.sgst, igst: line.igst });
    });
    // Nothing is left to credit: a further refund is refused.
    await expect(issueCreditNote(context, { orderId, refundId: `re_${hex(8)}`, amount: 1 })).rejects.toMatchObject({ status: 409 });
  });

  it("stays as issued after the store, products, shopper and order are edited: page, PDF and /api unchanged", async () => {
    const [note] = await notesOf(orderId);
    const cookie = await sessionCookie(shopper.email);
    const read = async () => {
      const page = await (await SELF.fetch(`${BASE}/credit-note/${note!.id}`, { headers: { Cookie: cookie } })).text();
      const pdf = await SELF.fetch(`${BASE}/api/order/credit-note?_id=${note!.id}`, { headers: { Authorization: `Bearer ${shopper.token}` } });
      return {
        html: page.slice(page.indexOf('<article class="invoice-sheet'), page.indexOf("</article>") + 10),
        pdf: await pdfText(new Uint8Array(await pdf.arrayBuffer())),
        api: await (await listNotes(orderId, shopper.token)).text(),
      };
    };
    const issued = await read();
    expect(issued.html).toContain("Credit Test Retail Pvt Ltd");
    await env.DB.batch([
      env.DB.prepare("update stores set legal_name = 'Renamed Pvt Ltd', state = 'Tamil Nadu', gstin = ?, invoice_series = 'QQ' where id = ?").bind(
        gstin("33", "AAGCN4321K"),
        storeId,
      ),
      env.DB.prepare("update products set name = 'Renamed Cola', hsn_code = '2201', gst_rate = 18 where id = ?").bind(products[2]!.id),
      env.DB.prepare("update users set name = 'Someone Else' where email = ?").bind(shopper.email),
      env.DB.prepare("update orders set delivery_address = json_set(delivery_address, '$.state', 'Kerala') where id = ?").bind(orderId),
    ]);
    expect(await read()).toEqual(issued);
  });

  it("is read by the order's shopper, admins and the serving store's staff only, on /api, the page and the PDF", async () => {
    const [note] = await notesOf(orderId);
    const stranger = await newShopper();
    const storeStaff = await newShopper();
    expect((await api("/api/store/staff", { method: "POST", token: admin, body: { storeId, email: storeStaff.email } })).status).toBe(200);
    for (const [token, status] of [
      [shopper.token, 200],
      [admin, 200],
      [storeStaff.token, 200],
      [stranger.token, 404],
      [otherStaff.token, 404],
      [undefined, 404],
    ] as const) {
      expect((await listNotes(orderId, token)).status).toBe(status);
      const pdf = await SELF.fetch(`${BASE}/api/order/credit-note?_id=${note!.id}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      expect(pdf.status).toBe(status);
    }
    expect((await listNotes("nope", admin)).status).toBe(400);
    expect((await listNotes("0".repeat(24), admin)).status).toBe(404);
    const page = async (path: string, email?: string) =>
      SELF.fetch(`${BASE}${path}`, { headers: email ? { Cookie: await sessionCookie(email) } : {}, redirect: "manual" });
    expect((await page(`/credit-note/${note!.id}`, stranger.email)).status).toBe(404);
    expect((await page(`/credit-note/${note!.id}/pdf`, stranger.email)).status).toBe(404);
    expect((await page(`/credit-note/${note!.id}`, otherStaff.email)).status).toBe(404);
    expect((await page(`/credit-note/${note!.id}`, storeStaff.email)).status).toBe(200);
    expect((await page(`/credit-note/${note!.id}/pdf`, storeStaff.email)).headers.get("Content-Type")).toBe("application/pdf");
    expect((await page(`/credit-note/${note!.id}`)).headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("its PDF, drawn by the invoice worker, prints the note's number, the invoice it is against and the reversed amounts", async () => {
    const [note] = await notesOf(orderId);
    const res = await SELF.fetch(`${BASE}/api/order/credit-note?_id=${note!.id}`, { headers: { Authorization: `Bearer ${shopper.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toContain(`credit-note-${note!.number.replace(/\//g, "-")}.pdf`);
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain("CREDIT NOTE");
    expect(text).toContain(`Credit note no. ${note!.number}`);
    expect(text).toContain(`Against invoice No. ${note!.doc.against!.number} dated `);
    expect(text).toContain("Amount refunded");
  });

  it("the shopper's order page and the admin board link the credit notes", async () => {
    const notes = await notesOf(orderId);
    const mine = await (await SELF.fetch(`${BASE}/dashboard/myorders/${orderId}`, { headers: { Cookie: await sessionCookie(shopper.email) } })).text();
    const board = await (
      await SELF.fetch(`${BASE}/dashboard/orders?status=all&q=${encodeURIComponent(notes[0]!.doc.orderNumber)}`, {
        headers: { Cookie: await sessionCookie("admin@example.com", "Admin@12345") },
      })
    ).text();
    for (const note of notes) {
      expect(mine).toContain(`href="/credit-note/${note.id}/pdf"`);
      expect(mine).toContain(note.number);
      expect(board).toContain(`href="/credit-note/${note.id}/pdf"`);
    }
  });
});

describe("credit-note numbers", () => {
  it("are consecutive per store series and unique per GSTIN and year, with stores whose ids end alike; the database refuses a duplicate", async () => {
    // A GSTIN of this test's own: its counters start here.
    const own = gstin(
      "29",
      `AAG${String.fromCharCode(65 + (crypto.getRandomValues(new Uint8Array(1))[0]! % 26))}N${String(1000 + (crypto.getRandomValues(new Uint16Array(1))[0]! % 9000))}K`,
    );
    const suffix = hex(2);
    const [a, b] = [await ownStore(suffix, { gstin: own }), await ownStore(suffix, { gstin: own })];
    const product = await makeProduct({ name: "CN Rice", price: 50, stock: 50 });
    const shopper = await newShopper();
    const orders = await Promise.all([a, a, a, b, b, b].map((store) => deliveredCashOrder(shopper.token, store, [{ productId: product.id, quantity: 1 }])));
    // The first refunds issue the invoices too (nobody opened them).
    const issued = await Promise.all(orders.map((orderId) => issueCreditNote(context, { orderId, refundId: `re_${hex(8)}`, amount: 1000 })));
    const series = async (store: string) => (await env.DB.prepare("select invoice_series as s from stores where id = ?").bind(store).first<{ s: string }>())!.s;
    const [sa, sb] = [await series(a), await series(b)];
    expect(sa).not.toBe(sb);
    const numbers = issued.map((n) => n.number);
    expect(new Set(numbers).size).toBe(6);
    for (const [store, code] of [
      [a, sa],
      [b, sb],
    ] as const) {
      const { results } = await env.DB.prepare("select seq, number from credit_notes where store_id = ? order by seq")
        .bind(store)
        .all<{ seq: number; number: string }>();
      expect(results.map((r) => r.seq)).toEqual([1, 2, 3]);
      for (const r of results) expect(r.number).toMatch(new RegExp(`^${code}/C\\d{4}/00000${r.seq}$`));
    }
    const taken = await env.DB.prepare("select fy, number, order_id as orderId from credit_notes where store_id = ?")
      .bind(a)
      .first<{ fy: number; number: string; orderId: string }>();
    await expect(
      env.DB.prepare(
        "insert into credit_notes (id, refund_id, order_id, store_id, gstin, series, fy, seq, number, amount, document, issued_at) values (?, ?, ?, ?, ?, 'X', ?, 99, ?, 1, '{}', 0)",
      )
        .bind(hex(12), `re_${hex(8)}`, taken!.orderId, b, own, taken!.fy, taken!.number)
        .run(),
    ).rejects.toThrow(/UNIQUE/);
  });
});

describe("the invoice minus its credit notes is what the shopper finally paid", () => {
  it("an online order: short-pick refunds before delivery are already off the invoice (no note); refunds after it are notes; to the paisa", async () => {
    const shopper = await newShopper();
    const products = await awkwardProducts();
    const address = await api("/api/address/create", { method: "POST", token: shopper.token, body: VALID_ADDRESS });
    const checkout = await api("/api/order/checkout", {
      method: "POST",
      token: shopper.token,
      body: {
        list_items: [
          { productId: products[0]!.id, quantity: 2 },
          { productId: products[1]!.id, quantity: 3 },
          { productId: products[2]!.id, quantity: 4 },
        ],
        addressId: address.body.data._id,
      },
    });
    expect(checkout.status).toBe(200);
    const pi = `pi_${hex(12)}`;
    const orderId = (await env.DB.prepare("select id from orders where stripe_session_id = ?").bind(checkout.body.id).first<{ id: string }>())!.id;
    expect((await sendWebhook(await completedEvent(checkout.body.id, { payment_intent: pi }))).status).toBe(200);
    const paid = (await env.DB.prepare("select total from orders where id = ?").bind(orderId).first<{ total: number }>())!.total;
    await confirmAllLines(orderId);
    const picked = await api("/api/order/pick", {
      method: "POST",
      token: staff.token,
      body: {
        _id: orderId,
        lines: [
          { productId: products[0]!.id, picked: 2 },
          { productId: products[1]!.id, picked: 1 },
          { productId: products[2]!.id, picked: 4 },
        ],
      },
    });
    expect(picked.status).toBe(200);
    await deliver(orderId);
    const stripeRefunds = async () =>
      ((await (await fetch(`${inject("stripeBase")}/__control/refunds?payment_intent=${pi}`)).json()) as { refunds: { amount: number }[] }).refunds.reduce(
        (s, r) => s + r.amount,
        0,
      );
    const shortPick = await stripeRefunds();
    expect(shortPick).toBeGreaterThan(0);

    // Refund before issue: no note, and the invoice shows the final amounts.
    expect((await invoicePdf(orderId, shopper.token)).status).toBe(200);
    const invoice = await invoiceOf(orderId);
    expect(await notesOf(orderId)).toEqual([]);
    expect(invoice.maths.lines[1]!.quantity).toBe(1);
    expect(invoice.maths.totals.amountPaid).toBe(paid - shortPick);

    // Refunds after issue (as the "after the order" refunds will send them): one note each.
    const later = [Math.floor(invoice.maths.lines[2]!.value / 4), 499];
    await issueCreditNote(context, { orderId, refundId: `re_${hex(8)}`, amount: later[0]!, lines: [{ line: 2, quantity: 1 }] });
    await issueCreditNote(context, { orderId, refundId: `re_${hex(8)}`, amount: later[1]! });
    const notes = await notesOf(orderId);
    expect(notes).toHaveLength(2);
    const refunded = shortPick + later[0]! + later[1]!;
    expect(invoice.maths.totals.amountPaid - notes.reduce((s, n) => s + n.doc.maths.totals.amountPaid, 0)).toBe(paid - refunded);
  });

  it("a short-pick refund first lost, then retried after the invoice was issued, is already off the invoice: no note, and it still adds up", async () => {
    const shopper = await newShopper();
    const product = await makeProduct({ name: "CN Bread", price: 45.55, stock: 5 });
    const address = await api("/api/address/create", { method: "POST", token: shopper.token, body: VALID_ADDRESS });
    const checkout = await api("/api/order/checkout", {
      method: "POST",
      token: shopper.token,
      body: { list_items: [{ productId: product.id, quantity: 3 }], addressId: address.body.data._id },
    });
    expect(checkout.status).toBe(200);
    // pi_lost…: the fake Stripe makes the refund but loses its answer, so the store sees a failure.
    const pi = `pi_lost_${hex(8)}`;
    const orderId = (await env.DB.prepare("select id from orders where stripe_session_id = ?").bind(checkout.body.id).first<{ id: string }>())!.id;
    expect((await sendWebhook(await completedEvent(checkout.body.id, { payment_intent: pi }))).status).toBe(200);
    const paid = (await env.DB.prepare("select total from orders where id = ?").bind(orderId).first<{ total: number }>())!.total;
    await confirmAllLines(orderId);
    const picked = await api("/api/order/pick", { method: "POST", token: staff.token, body: { _id: orderId, lines: [{ productId: product.id, picked: 2 }] } });
    expect(picked.status).toBe(200);
    expect((await env.DB.prepare("select status from order_line_refunds where order_id = ?").bind(orderId).first<{ status: string }>())!.status).toBe("failed");
    await deliver(orderId);
    expect((await invoicePdf(orderId, shopper.token)).status).toBe(200);
    // The answer comes through; the admin's retry sends the line refund after the invoice.
    expect((await fetch(`${inject("stripeBase")}/__control/answer/${pi}`, { method: "POST" })).status).toBeLessThan(300);
    expect((await api("/api/order/admin/refund", { method: "POST", token: admin, body: { _id: orderId } })).status).toBe(200);
    const refunded = ((await (await fetch(`${inject("stripeBase")}/__control/refunds?payment_intent=${pi}`)).json()) as { refunds: { amount: number }[] })
      .refunds;
    expect(refunded).toHaveLength(1);
    expect(await notesOf(orderId)).toEqual([]);
    expect((await invoiceOf(orderId)).maths.totals.amountPaid).toBe(paid - refunded[0]!.amount);
  });

  it("a cash order with its round off: the invoice is what the rider collected; refunding all of it leaves nothing, the round off included", async () => {
    const shopper = await newShopper();
    const storeId = await ownStore(hex(2));
    const products = await awkwardProducts();
    const orderId = await deliveredCashOrder(shopper.token, storeId, [
      { productId: products[0]!.id, quantity: 1 },
      { productId: products[2]!.id, quantity: 1 },
    ]);
    const collected = (await env.DB.prepare("select total from orders where id = ?").bind(orderId).first<{ total: number }>())!.total;
    expect(collected % 100).toBe(0);
    // ₹27.33 + ₹39.99 = ₹67.32, collected ₹67: a round off of −32 paise.
    expect(collected).toBe(6700);
    const first = await issueCreditNote(context, { orderId, refundId: `re_${hex(8)}`, amount: 2733, lines: [{ line: 0, quantity: 1 }] });
    const invoice = await invoiceOf(orderId);
    expect(invoice.maths.totals.roundOff).toBe(-32);
    expect(invoice.maths.totals.amountPaid).toBe(collected);
    let notes = await notesOf(orderId);
    expect(invoice.maths.totals.amountPaid - notes[0]!.doc.maths.totals.amountPaid).toBe(collected - first.amount);
    // The rest of what was collected: ₹39.67 of the cola's ₹39.99 (the shopper never paid the 32 paise).
    await issueCreditNote(context, { orderId, refundId: `re_${hex(8)}`, amount: collected - 2733 });
    notes = await notesOf(orderId);
    expect(invoice.maths.totals.amountPaid - notes.reduce((s, n) => s + n.doc.maths.totals.amountPaid, 0)).toBe(0);
    await expect(issueCreditNote(context, { orderId, refundId: `re_${hex(8)}`, amount: 33 })).rejects.toMatchObject({ status: 409 });
  });

  it("an order not delivered has no invoice, so a refund of it makes no credit note (409), and nothing is numbered", async () => {
    const shopper = await newShopper();
    const product = await makeProduct({ name: "CN Eggs", price: 80 });
    const orderId = await codOrder(shopper.token, [{ productId: product.id, quantity: 1 }]);
    await expect(issueCreditNote(context, { orderId, refundId: `re_${hex(8)}`, amount: 100 })).rejects.toMatchObject({ status: 409 });
    expect(await env.DB.prepare("select count(*) as n from credit_notes where order_id = ?").bind(orderId).first<{ n: number }>()).toEqual({ n: 0 });
  });
});
