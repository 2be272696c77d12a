/**
 * Where an approved report's refund goes (docs/decisions/050-after-the-order.md, "Refunding a
 * report"): the wallet at once, or the original online payment as a Stripe partial refund under the
 * key `report-<id>` (one request however many calls race, the same key on a retry), never more than
 * Stripe still holds of the order (the rest to the wallet); a cash order to the wallet; a GST credit
 * note per refund; and the order's invoice, credit notes, payments and refunds reconcile to the paisa.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { InvoiceDocument } from "~/lib/invoice/document";
import type { CreditNoteLine } from "~/lib/invoice/credit-note";
import { getDb } from "../../app/server/db/db.server";
import { reconcileOrder } from "../../app/server/reports/reconcile.server";
import { sendReportRefund } from "../../app/server/reports/refund.server";
import { walletBalance } from "../../app/server/wallet/ledger.server";
import { orderById } from "../security/support-pay";
import { api, login } from "./api-client";
import {
  approvedReport,
  cashOrder,
  charged,
  deliverOrder,
  flatCoupon,
  hex,
  onlineOrder,
  payPartFromWallet,
  products,
  reportRow,
  stripeRefunds,
  walletRefunds,
} from "./refund-fixtures";

const context = { cloudflare: { env } } as unknown as AppLoadContext;
const db = () => getDb(context);
const inParallel = (n: number, reportId: string) => Promise.all(Array.from({ length: n }, () => sendReportRefund(context, reportId)));

let admin: string;

beforeAll(async () => {
  admin = await login("admin@example.com", "Admin@12345");
});

async function notesOf(orderId: string) {
  const { results } = await env.DB.prepare("select id, refund_id as refundId, number, seq, amount, document from credit_notes where order_id = ? order by seq")
    .bind(orderId)
    .all<{ id: string; refundId: string; number: string; seq: number; amount: number; document: string }>();
  return results.map((r) => ({ ...r, doc: JSON.parse(r.document) as InvoiceDocument }));
}

async function invoiceOf(orderId: string) {
  const row = await env.DB.prepare("select number, series, document from invoices where order_id = ?")
    .bind(orderId)
    .first<{ number: string; series: string; document: string }>();
  return { ...row!, doc: JSON.parse(row!.document) as InvoiceDocument };
}

const noteLines = (doc: InvoiceDocument) => (doc.maths.lines as CreditNoteLine[]).map((l) => ({ line: l.invoiceLine, quantity: l.quantity, value: l.value }));

const retry = (reportId: string, token = admin) => api("/api/order/admin/report-refund", { method: "POST", token, body: { _id: reportId } });

describe("a refund to the wallet", () => {
  it("30 parallel calls credit the wallet once, mark the report refunded and issue one credit note against the invoice", async () => {
    const [a, b] = await products(120.5, 40);
    const order = await cashOrder([
      { productId: a!.id, quantity: 2 },
      { productId: b!.id, quantity: 1 },
    ]);
    await deliverOrder(order.id);
    const report = await approvedReport(order.id, [{ productId: a!.id, quantity: 1 }], { refundTo: "wallet" });
    expect(report.approved).toBe(12050);

    await inParallel(30, report.id);
    await sendReportRefund(context, report.id);
    expect(await walletRefunds(report.id)).toEqual([{ userId: order.shopper.id, amount: 12050, orderId: order.id }]);
    expect(await walletBalance(db(), order.shopper.id)).toBe(12050);
    expect(await reportRow(report.id)).toEqual({ refundStatus: "refunded", stripeAmount: 0, stripeRefundId: null, claimedAt: null });

    const notes = await notesOf(order.id);
    const invoice = await invoiceOf(order.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ refundId: report.id, amount: 12050 });
    expect(notes[0]!.number).toMatch(new RegExp(`^${invoice.series}/C\\d{4}/\\d{6}$`));
    expect(notes[0]!.doc.against).toEqual({ number: invoice.number, date: invoice.doc.date });
    // The reported unit, on the invoice line of its item.
    expect(noteLines(notes[0]!.doc)).toEqual([{ line: 0, quantity: 1, value: 12050 }]);
  });

  it("a cash order's refund goes to the wallet even when the report asks for the original payment", async () => {
    const [a] = await products(64.75);
    const order = await cashOrder([{ productId: a!.id, quantity: 3 }]);
    await deliverOrder(order.id);
    const report = await approvedReport(order.id, [{ productId: a!.id, quantity: 2 }], { refundTo: "original" });
    await inParallel(5, report.id);
    expect(await walletRefunds(report.id)).toEqual([{ userId: order.shopper.id, amount: 12950, orderId: order.id }]);
    expect(await reportRow(report.id)).toMatchObject({ refundStatus: "refunded", stripeAmount: 0, stripeRefundId: null });
    expect(await reconcileOrder(context, order.id)).toEqual({
      invoiced: (await orderById(order.id)).total,
      credited: 12950,
      paid: { online: 0, cash: (await orderById(order.id)).total, wallet: 0 },
      refunded: { stripe: 0, wallet: 12950 },
      difference: 0,
    });
  });

  it("refuses a report that is not approved (409), an unknown one (404) and a malformed id (400)", async () => {
    const [a] = await products(30);
    const order = await cashOrder([{ productId: a!.id, quantity: 1 }]);
    await deliverOrder(order.id);
    const report = await approvedReport(order.id, [{ productId: a!.id, quantity: 1 }]);
    await env.DB.prepare("update order_reports set status = 'declined', approved_amount = null, refund_status = 'none' where id = ?").bind(report.id).run();
    await expect(sendReportRefund(context, report.id)).rejects.toMatchObject({ status: 409 });
    await expect(sendReportRefund(context, "0".repeat(24))).rejects.toMatchObject({ status: 404 });
    await expect(sendReportRefund(context, "nope")).rejects.toMatchObject({ status: 400 });
    expect(await walletRefunds(report.id)).toEqual([]);
  });
});

describe("a refund to the original online payment", () => {
  it("30 parallel calls make one Stripe partial refund under the key report-<id>, and one credit note", async () => {
    const [a, b] = await products(99.99, 45.5);
    const order = await onlineOrder([
      { productId: a!.id, quantity: 2 },
      { productId: b!.id, quantity: 1 },
    ]);
    await deliverOrder(order.id);
    const report = await approvedReport(order.id, [{ productId: a!.id, quantity: 1 }], { refundTo: "original" });

    await inParallel(30, report.id);
    const stripe = await stripeRefunds(order.pi!);
    expect(stripe.requests).toHaveLength(1);
    expect(stripe.requests[0]).toMatchObject({ key: `report-${report.id}`, amount: 9999, outcome: "created" });
    expect(stripe.refunds).toEqual([{ id: expect.any(String), payment_intent: order.pi, amount: 9999 }]);
    expect(await reportRow(report.id)).toEqual({ refundStatus: "refunded", stripeAmount: 9999, stripeRefundId: stripe.refunds[0]!.id, claimedAt: null });
    expect(await walletRefunds(report.id)).toEqual([]);
    expect(await env.DB.prepare("select order_id as orderId from payment_events where id = ?").bind(stripe.refunds[0]!.id).first()).toEqual({
      orderId: order.id,
    });

    // Called again: nothing more is sent, the one note stays.
    await sendReportRefund(context, report.id);
    expect((await stripeRefunds(order.pi!)).requests).toHaveLength(1);
    const notes = await notesOf(order.id);
    expect(notes.map((n) => [n.refundId, n.amount])).toEqual([[report.id, 9999]]);
    expect(noteLines(notes[0]!.doc)).toEqual([{ line: 0, quantity: 1, value: 9999 }]);
  });

  it("after Stripe's answer is lost the report is failed and the order flagged; a retry sends the same key and amount, and one refund is made", async () => {
    const [a] = await products(52.4);
    const order = await onlineOrder([{ productId: a!.id, quantity: 3 }], `pi_lost_${hex(8)}`);
    await deliverOrder(order.id);
    const report = await approvedReport(order.id, [{ productId: a!.id, quantity: 2 }], { refundTo: "original" });

    await sendReportRefund(context, report.id);
    expect(await reportRow(report.id)).toEqual({ refundStatus: "failed", stripeAmount: 10480, stripeRefundId: null, claimedAt: null });
    let flagged = await orderById(order.id);
    expect(flagged.needs_attention).toBe(1);
    expect(flagged.attention_note).toMatch(/^Stripe refused the refund of a report \(₹104\.80: /);
    // No credit note for money not known to be back, and nothing in the wallet.
    expect(await notesOf(order.id)).toEqual([]);
    expect(await walletRefunds(report.id)).toEqual([]);

    // Called again while the answers are still lost: failed again, same key.
    await sendReportRefund(context, report.id);
    expect((await reportRow(report.id)).refundStatus).toBe("failed");
    // The answers come through; an admin retries from /api.
    expect((await fetch(`${inject("stripeBase")}/__control/answer/${order.pi}`, { method: "POST" })).status).toBe(200);
    const res = await retry(report.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stripe = await stripeRefunds(order.pi!);
    expect(stripe.refunds).toHaveLength(1);
    expect(stripe.requests.map((r) => [r.key, r.amount])).toEqual(Array.from({ length: 3 }, () => [`report-${report.id}`, 10480]));
    expect(stripe.requests.map((r) => r.outcome)).toEqual(["created", "replayed", "replayed"]);
    expect(res.body.data).toMatchObject({
      _id: report.id,
      order_ref: order.id,
      refund_status: "refunded",
      approved: 104.8,
      stripe: 104.8,
      wallet: 0,
      stripeRefundId: stripe.refunds[0]!.id,
      creditNote: { _id: expect.any(String), number: expect.any(String) },
    });
    flagged = await orderById(order.id);
    expect(flagged.needs_attention).toBe(0);
    expect(flagged.attention_note).toBeNull();
    expect((await reconcileOrder(context, order.id))!.difference).toBe(0);
  });

  it("the admin retry is for admins only, and says why it refuses", async () => {
    const [a] = await products(20);
    const order = await cashOrder([{ productId: a!.id, quantity: 1 }]);
    await deliverOrder(order.id);
    const report = await approvedReport(order.id, [{ productId: a!.id, quantity: 1 }]);
    expect((await retry(report.id, order.shopper.token)).status).toBe(403);
    expect((await api("/api/order/admin/report-refund", { method: "POST", body: { _id: report.id } })).status).toBe(401);
    expect((await retry("nope")).status).toBe(400);
    expect((await retry("0".repeat(24))).status).toBe(404);
    expect(await walletRefunds(report.id)).toEqual([]);
    const res = await retry(report.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ refund_status: "refunded", stripe: 0, wallet: 20 });
  });

  it("never sends Stripe more than it holds of the order: a part paid from the wallet, and the order's other reports, go back to the wallet", async () => {
    const [a, b] = await products(80, 50);
    const order = await onlineOrder([
      { productId: a!.id, quantity: 2 },
      { productId: b!.id, quantity: 1 },
    ]);
    const total = (await orderById(order.id)).total;
    expect(total).toBe(21000);
    // ₹150 of the ₹210 from the wallet: Stripe holds ₹60.
    await payPartFromWallet(order, 15000);
    await deliverOrder(order.id);
    const first = await approvedReport(order.id, [{ productId: a!.id, quantity: 2 }], { refundTo: "original" });
    const second = await approvedReport(order.id, [{ productId: b!.id, quantity: 1 }], { refundTo: "original" });

    // Both reports at once, 15 calls each.
    await Promise.all([inParallel(15, first.id), inParallel(15, second.id)]);
    const rows = [await reportRow(first.id), await reportRow(second.id)];
    expect(rows.map((r) => r.refundStatus)).toEqual(["refunded", "refunded"]);
    const stripe = await stripeRefunds(order.pi!);
    expect(stripe.refunds.reduce((s, r) => s + r.amount, 0)).toBe(6000);
    expect(rows[0]!.stripeAmount! + rows[1]!.stripeAmount!).toBe(6000);
    // One request per report that had a Stripe part, under its own key.
    expect(stripe.requests.map((r) => r.key).sort()).toEqual(
      [first, second]
        .filter((_, i) => rows[i]!.stripeAmount! > 0)
        .map((r) => `report-${r.id}`)
        .sort(),
    );
    // Each report's rest went to the wallet: ₹210 − ₹60.
    const wallet = [...(await walletRefunds(first.id)), ...(await walletRefunds(second.id))];
    expect(wallet.reduce((s, e) => s + e.amount, 0)).toBe(15000);
    expect((await walletRefunds(first.id)).reduce((s, e) => s + e.amount, 0)).toBe(16000 - rows[0]!.stripeAmount!);

    // Two notes, consecutive in the store's series, for the two whole refunds.
    const notes = await notesOf(order.id);
    expect(notes.map((n) => n.amount).sort((x, y) => x - y)).toEqual([5000, 16000]);
    expect(notes[1]!.seq).toBe(notes[0]!.seq + 1);

    // A third report finds nothing left on the card: all of it to the wallet, no Stripe request.
    const third = await approvedReport(order.id, [{ productId: b!.id, quantity: 1 }], { refundTo: "original", approvedAmount: 1 });
    await sendReportRefund(context, third.id);
    expect(await reportRow(third.id)).toMatchObject({ refundStatus: "refunded", stripeAmount: 0 });
    expect((await stripeRefunds(order.pi!)).requests).toHaveLength(stripe.requests.length);
    // Refunds beyond the invoice have no note to take them: the order is flagged, and the check shows it.
    expect((await orderById(order.id)).attention_note).toMatch(/^The credit note of a report's refund could not be issued/);
    expect((await reconcileOrder(context, order.id))!.difference).toBe(1);
  });
});

describe("the credit note of a report's refund", () => {
  it("a part approval by amount only is shared among the reported lines by the value of their units; notes are numbered on in the series", async () => {
    const [a, b, c] = await products(30, 70, 15);
    const order = await cashOrder([
      { productId: a!.id, quantity: 3 },
      { productId: b!.id, quantity: 1 },
      { productId: c!.id, quantity: 2 },
    ]);
    await deliverOrder(order.id);
    const byAmount = await approvedReport(
      order.id,
      [
        { productId: a!.id, quantity: 2, approvedQuantity: null, approvedAmount: 1500 },
        { productId: c!.id, quantity: 1, approvedQuantity: null, approvedAmount: 500 },
      ],
      { approvedAmount: 2000 },
    );
    const byUnits = await approvedReport(order.id, [{ productId: b!.id, quantity: 1 }]);
    await inParallel(10, byAmount.id);
    await inParallel(10, byUnits.id);
    const notes = await notesOf(order.id);
    expect(notes.map((n) => [n.refundId, n.amount])).toEqual([
      [byAmount.id, 2000],
      [byUnits.id, 7000],
    ]);
    // ₹20 over 2 × ₹30 and 1 × ₹15 by value: 60 : 15. The unreported ₹70 line is untouched.
    expect(noteLines(notes[0]!.doc)).toEqual([
      { line: 0, quantity: 2, value: 1600 },
      { line: 2, quantity: 1, value: 400 },
    ]);
    expect(noteLines(notes[1]!.doc)).toEqual([{ line: 1, quantity: 1, value: 7000 }]);
    expect(notes[1]!.seq).toBe(notes[0]!.seq + 1);
    for (const note of notes) expect(note.doc.maths.totals.amountPaid).toBe(note.amount);
    expect((await reconcileOrder(context, order.id))!.difference).toBe(0);
  });

  it("goes pro rata over the whole invoice when the reported lines cannot take the amount (a coupon took part of their value), never to the tip", async () => {
    const [a, b] = await products(100, 100);
    const order = await cashOrder(
      [
        { productId: a!.id, quantity: 1 },
        { productId: b!.id, quantity: 1 },
      ],
      { couponCode: await flatCoupon(50), tip: 30 },
    );
    await deliverOrder(order.id);
    const report = await approvedReport(order.id, [{ productId: a!.id, quantity: 1 }]);
    expect(report.approved).toBe(10000);
    await sendReportRefund(context, report.id);
    expect((await invoiceOf(order.id)).doc.maths.lines.map((l) => l.value)).toEqual([7500, 7500]);
    const [note] = await notesOf(order.id);
    expect(noteLines(note!.doc)).toEqual([
      { line: 0, quantity: 0, value: 5000 },
      { line: 1, quantity: 0, value: 5000 },
    ]);
    expect(note!.doc.maths.totals.tip).toBe(0);
    expect((await reconcileOrder(context, order.id))!.difference).toBe(0);
  });
});

describe("invoice − credit notes = paid − refunded, to the paisa", () => {
  it("an online order with a short pick, refunded to the card: paid is what Stripe charged, refunded what Stripe gave back", async () => {
    const [a, b] = await products(99.99, 45.5);
    const order = await onlineOrder([
      { productId: a!.id, quantity: 2 },
      { productId: b!.id, quantity: 1 },
    ]);
    await deliverOrder(order.id, { [a!.id]: 1 });
    const report = await approvedReport(order.id, [{ productId: b!.id, quantity: 1 }], { refundTo: "original" });
    await sendReportRefund(context, report.id);
    const stripe = await stripeRefunds(order.pi!);
    expect(stripe.refunds.map((r) => r.amount).sort((x, y) => x - y)).toEqual([4550, 9999]);
    const total = (await orderById(order.id)).total;
    expect(await reconcileOrder(context, order.id)).toEqual({
      invoiced: total,
      credited: 4550,
      paid: { online: await charged(order), cash: 0, wallet: 0 },
      refunded: { stripe: stripe.refunds.reduce((s, r) => s + r.amount, 0), wallet: 0 },
      difference: 0,
    });
  });

  it("an order part paid from the wallet, refunded to the card as far as it goes and the rest to the wallet", async () => {
    const [a] = await products(45.45);
    const order = await onlineOrder([{ productId: a!.id, quantity: 4 }]);
    await payPartFromWallet(order, 10000);
    await deliverOrder(order.id);
    const report = await approvedReport(order.id, [{ productId: a!.id, quantity: 3 }], { refundTo: "original" });
    await inParallel(3, report.id);
    // Stripe holds ₹181.80 − ₹100 = ₹81.80 of the ₹136.35.
    expect(await reportRow(report.id)).toMatchObject({ refundStatus: "refunded", stripeAmount: 8180 });
    expect(await walletRefunds(report.id)).toEqual([{ userId: order.shopper.id, amount: 13635 - 8180, orderId: order.id }]);
    expect(await reconcileOrder(context, order.id)).toEqual({
      invoiced: 18180,
      credited: 13635,
      paid: { online: 8180, cash: 0, wallet: 10000 },
      refunded: { stripe: 8180, wallet: 5455 },
      difference: 0,
    });
  });

  it("shows a refund not yet made: a short-pick refund whose answer Stripe lost leaves it out until the admin's retry", async () => {
    const [a, b] = await products(60, 35.25);
    const order = await onlineOrder(
      [
        { productId: a!.id, quantity: 2 },
        { productId: b!.id, quantity: 1 },
      ],
      `pi_lost_${hex(8)}`,
    );
    await deliverOrder(order.id, { [a!.id]: 1 });
    const report = await approvedReport(order.id, [{ productId: b!.id, quantity: 1 }], { refundTo: "wallet" });
    await sendReportRefund(context, report.id);
    expect(await reconcileOrder(context, order.id)).toMatchObject({ credited: 3525, refunded: { stripe: 0, wallet: 3525 }, difference: -6000 });
    expect((await fetch(`${inject("stripeBase")}/__control/answer/${order.pi}`, { method: "POST" })).status).toBe(200);
    expect((await api("/api/order/admin/refund", { method: "POST", token: admin, body: { _id: order.id } })).status).toBe(200);
    expect(await reconcileOrder(context, order.id)).toMatchObject({ refunded: { stripe: 6000, wallet: 3525 }, difference: 0 });
  });
});
