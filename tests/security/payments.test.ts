/**
 * Payments under attack: the Stripe webhook (signatures, replays, malformed bodies, validly signed
 * events that are not the order's own payment) and the sweep that settles lost webhooks. Every case
 * asserts the exact status and reads D1 to prove what changed and what did not.
 */
import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { api, makeProduct, newShopper, stockOf } from "../workers/api-client";
import { BASE } from "../workers/fixtures";
import {
  addressFor,
  completedEvent,
  orderById,
  orderBySession,
  payAtStripe,
  paymentEvent,
  sendWebhook,
  sessionEvent,
  signatureFor,
  stripeSession,
} from "./support-pay";

/** A shopper with an online order awaiting payment: 2 units of a ₹120 product (total 24000 paise). */
async function pendingCheckout({ stock = 5 } = {}) {
  const shopper = await newShopper();
  const addressId = await addressFor(shopper.token);
  const product = await makeProduct({ stock, price: 120 });
  const res = await api("/api/order/checkout", {
    method: "POST",
    token: shopper.token,
    body: { list_items: [{ productId: product.id, quantity: 2 }], addressId },
  });
  expect(res.status).toBe(200);
  const order = await orderBySession(res.body.id);
  expect(order).toMatchObject({ status: "placed", payment_status: "PENDING", total: 24000 });
  return { ...shopper, addressId, product, sessionId: res.body.id as string, order };
}

/** What must not move when an event is refused. */
async function snapshot(orderId: string, productId: string) {
  const history = await env.DB.prepare("select count(*) as n from order_status_history where order_id = ?").bind(orderId).first<{ n: number }>();
  return { order: await orderById(orderId), stock: await stockOf(productId), history: history!.n };
}

const countEvents = async () => (await env.DB.prepare("select count(*) as n from payment_events").first<{ n: number }>())!.n;

describe("webhook signatures", () => {
  it("refuses a forged, garbled, missing or stale signature with 400 and records nothing", async () => {
    const { order, product, sessionId } = await pendingCheckout();
    const event = await completedEvent(sessionId);
    const before = await snapshot(order.id, product.id);
    const events = await countEvents();

    expect(await sendWebhook(event, { secret: "whsec_attacker" })).toEqual({
      status: 400,
      body: expect.objectContaining({ message: "Invalid or stale Stripe signature" }),
    });
    expect((await sendWebhook(event, { header: "t=1,v1=deadbeef" })).status).toBe(400);
    expect((await sendWebhook(event, { header: "" })).status).toBe(400);
    // Signed correctly, but an hour ago: outside the 5-minute tolerance (a captured event replayed later).
    expect((await sendWebhook(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(400);
    // A valid signature for another body does not cover this one.
    const other = await sendWebhook(JSON.stringify({ ...event, id: "evt_other" }), { header: await signatureFor("{}") });
    expect(other.status).toBe(400);
    const unsigned = await SELF.fetch(`${BASE}/api/order/webhook`, { method: "POST", body: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);

    expect(await snapshot(order.id, product.id)).toEqual(before);
    expect(await countEvents()).toBe(events);
    expect(await paymentEvent(event.id)).toBeNull();
  });
});

describe("malformed events with a valid signature", () => {
  it("answers 400 (never 500) to a body that is not a well-formed event, and changes nothing", async () => {
    const { order, product, sessionId } = await pendingCheckout();
    const before = await snapshot(order.id, product.id);
    const events = await countEvents();
    const cases: [string, unknown, string][] = [
      ["no data", { id: "evt_nodata1", type: "checkout.session.completed" }, "Malformed checkout.session.completed event: data is missing"],
      [
        "data without object",
        { id: "evt_noobj1", type: "checkout.session.completed", data: {} },
        "Malformed checkout.session.completed event: data.object is not a Checkout Session",
      ],
      ["data is a string", { id: "evt_strdata", type: "checkout.session.expired", data: "x" }, "Malformed checkout.session.expired event: data is missing"],
      ["session id is a number", sessionEvent("checkout.session.completed", { id: 42, payment_status: "paid", amount_total: 24000, currency: "inr" }), ""],
      ["amount is a string", sessionEvent("checkout.session.completed", { id: sessionId, payment_status: "paid", amount_total: "24000", currency: "inr" }), ""],
      ["payment_status missing", sessionEvent("checkout.session.completed", { id: sessionId, amount_total: 24000, currency: "inr" }), ""],
      ["no event id", { type: "checkout.session.completed", data: { object: { id: sessionId } } }, "Malformed event: it needs an id and a type"],
      ["type is an object", { id: "evt_typeobj", type: { $ne: 1 } }, "Malformed event: it needs an id and a type"],
      ["JSON null", null, "Malformed event: it needs an id and a type"],
      ["not JSON at all", "payment_status=paid", "Event body is not a JSON Stripe event"],
    ];
    for (const [name, event, message] of cases) {
      const res = await sendWebhook(typeof event === "string" ? event : JSON.stringify(event));
      expect(res.status, name).toBe(400);
      expect(res.body.success, name).toBe(false);
      if (message) expect(res.body.message, name).toBe(message);
    }
    expect(await snapshot(order.id, product.id)).toEqual(before);
    expect(await countEvents()).toBe(events);
  });

  it("refuses a body far larger than any Stripe event with 413 before checking it", async () => {
    const res = await sendWebhook(JSON.stringify({ id: "evt_big", type: "x", pad: "a".repeat(600 * 1024) }));
    expect(res.status).toBe(413);
    expect(await paymentEvent("evt_big")).toBeNull();
  });
});

describe("validly signed events that are not this order's payment", () => {
  it("another Checkout Session naming the order (a ₹1 Payment Link with client_reference_id) pays nothing", async () => {
    const { order, product, sessionId } = await pendingCheckout();
    const before = await snapshot(order.id, product.id);
    const foreign = sessionEvent("checkout.session.completed", {
      id: "cs_live_paymentlink_for_one_rupee",
      payment_status: "paid",
      amount_total: 100,
      currency: "inr",
      payment_intent: "pi_attacker",
      client_reference_id: order.id,
      metadata: { orderId: order.id },
    });
    const res = await sendWebhook(foreign);
    expect(res).toEqual({
      status: 200,
      body: expect.objectContaining({ message: "Refused: No order has the Checkout Session cs_live_paymentlink_for_one_rupee" }),
    });
    expect(await snapshot(order.id, product.id)).toEqual(before);
    expect(await paymentEvent(foreign.id)).toEqual({
      type: "checkout.session.completed",
      orderId: null,
      outcome: "refused",
      note: "No order has the Checkout Session cs_live_paymentlink_for_one_rupee",
    });
    // Even the foreign session carrying the order's exact total is not the order's payment.
    const exact = sessionEvent("checkout.session.completed", {
      id: "cs_other",
      payment_status: "paid",
      amount_total: 24000,
      currency: "inr",
      client_reference_id: order.id,
    });
    expect((await sendWebhook(exact)).status).toBe(200);
    expect(await snapshot(order.id, product.id)).toEqual(before);
    // The order's own session, once truly paid, still pays it.
    expect((await sendWebhook(await completedEvent(sessionId))).body.message).toBe("Processed");
    expect(await orderById(order.id)).toMatchObject({ status: "paid", payment_status: "PAID" });
  });

  it("the order's own session for the wrong amount or currency pays nothing", async () => {
    const { order, product, sessionId } = await pendingCheckout();
    const before = await snapshot(order.id, product.id);
    const paid = await payAtStripe(sessionId);
    const cheap = sessionEvent("checkout.session.completed", { ...paid, amount_total: 100 });
    const dollars = sessionEvent("checkout.session.completed", { ...paid, currency: "usd" });
    const noAmount = sessionEvent("checkout.session.completed", { ...paid, amount_total: null });
    expect((await sendWebhook(cheap)).body.message).toBe(`Refused: Session ${sessionId} is for 100 paise, the order's online part is 24000`);
    expect((await sendWebhook(dollars)).body.message).toBe(`Refused: Session ${sessionId} is in usd, not inr`);
    expect((await sendWebhook(noAmount)).status).toBe(200);
    expect(await snapshot(order.id, product.id)).toEqual(before);
    expect(await paymentEvent(cheap.id)).toMatchObject({ orderId: order.id, outcome: "refused" });
    expect(await paymentEvent(dollars.id)).toMatchObject({ orderId: order.id, outcome: "refused" });
  });

  it("a cash-on-delivery order is never marked paid online, even with a session id stored on it", async () => {
    const { token } = await newShopper();
    const addressId = await addressFor(token);
    const product = await makeProduct({ stock: 5, price: 50 });
    const cod = await api("/api/order/cash-on-delivery", { method: "POST", token, body: { list_items: [{ productId: product.id, quantity: 1 }], addressId } });
    expect(cod.status).toBe(201);
    const id = cod.body.data._id as string;
    const before = await snapshot(id, product.id);
    const byReference = sessionEvent("checkout.session.completed", {
      id: "cs_cod_attack",
      payment_status: "paid",
      amount_total: 5000,
      currency: "inr",
      client_reference_id: id,
      metadata: { orderId: id },
    });
    expect((await sendWebhook(byReference)).status).toBe(200);
    expect(await snapshot(id, product.id)).toEqual(before);

    // Defence in depth: a session id somehow stored on the cash order still does not make it payable online.
    await env.DB.prepare("update orders set stripe_session_id = 'cs_on_cod_order' where id = ?").bind(id).run();
    const stored = sessionEvent("checkout.session.completed", { id: "cs_on_cod_order", payment_status: "paid", amount_total: 5000, currency: "inr" });
    expect((await sendWebhook(stored)).body.message).toBe(`Refused: Order ${id} is not an online order`);
    expect(await orderById(id)).toMatchObject({ status: "placed", payment_status: "PENDING", payment_method: "COD", needs_attention: 0 });
  });

  it("an order that is already paid is not paid again by another event; an expired event cannot cancel it", async () => {
    const { order, product, sessionId } = await pendingCheckout();
    const first = await completedEvent(sessionId);
    expect((await sendWebhook(first)).body.message).toBe("Processed");
    const paid = await snapshot(order.id, product.id);
    expect(paid.order).toMatchObject({ status: "paid", payment_status: "PAID" });

    const second = sessionEvent("checkout.session.completed", { ...first.data.object, payment_intent: "pi_second" });
    expect((await sendWebhook(second)).body.message).toBe(`Refused: Order ${order.id} is not awaiting payment (paid, PAID)`);
    const expired = sessionEvent("checkout.session.expired", { ...first.data.object, status: "expired" });
    expect((await sendWebhook(expired)).status).toBe(200);
    expect(await snapshot(order.id, product.id)).toEqual(paid);
  });

  it("an expired event only releases the order whose stored session it is", async () => {
    const { order, product } = await pendingCheckout({ stock: 5 });
    const before = await snapshot(order.id, product.id);
    expect(before.stock).toBe(3);
    const foreign = sessionEvent("checkout.session.expired", {
      id: "cs_someone_elses",
      payment_status: "unpaid",
      client_reference_id: order.id,
      metadata: { orderId: order.id },
    });
    expect((await sendWebhook(foreign)).body.message).toBe("Refused: No order has the Checkout Session cs_someone_elses");
    expect(await snapshot(order.id, product.id)).toEqual(before);
  });

  it("a cancelled order paid afterwards through its own session stays cancelled and is flagged for a refund", async () => {
    const { token, order, product, sessionId } = await pendingCheckout({ stock: 5 });
    expect((await api("/api/order/cancel", { method: "POST", token, body: { _id: order.id } })).status).toBe(200);
    expect(await stockOf(product.id)).toBe(5);
    // A foreign session naming it does nothing at all.
    const foreign = sessionEvent("checkout.session.completed", {
      id: "cs_foreign_cancelled",
      payment_status: "paid",
      amount_total: 24000,
      currency: "inr",
      client_reference_id: order.id,
    });
    const cancelled = await snapshot(order.id, product.id);
    expect((await sendWebhook(foreign)).status).toBe(200);
    expect(await snapshot(order.id, product.id)).toEqual(cancelled);

    // Its own session (the cancel tried to expire it; here the payment went through anyway) is money received.
    const own = sessionEvent("checkout.session.completed", {
      ...(await stripeSession(sessionId)),
      payment_status: "paid",
      payment_intent: "pi_late",
      status: "complete",
    });
    expect((await sendWebhook(own)).body.message).toBe("Processed");
    expect(await orderById(order.id)).toMatchObject({
      status: "cancelled",
      payment_status: "PAID",
      payment_id: "pi_late",
      needs_attention: 1,
      attention_note: "Paid after it was cancelled: refund it",
    });
    expect(await stockOf(product.id)).toBe(5);
  });
});

describe("replayed events", () => {
  it("the same event id twice answers 200 both times and changes the order once", async () => {
    const { order, product, sessionId } = await pendingCheckout();
    const event = await completedEvent(sessionId);
    const [a, b] = await Promise.all([sendWebhook(event), sendWebhook(event)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.message, b.body.message].sort()).toEqual(["Event already processed", "Processed"]);
    const paid = await snapshot(order.id, product.id);
    expect(paid.order).toMatchObject({ status: "paid", payment_status: "PAID", version: order.version + 1 });
    expect((await sendWebhook(event)).body.message).toBe("Event already processed");
    expect(await snapshot(order.id, product.id)).toEqual(paid);
    const history = await env.DB.prepare("select count(*) as n from order_status_history where order_id = ? and status = 'paid'")
      .bind(order.id)
      .first<{ n: number }>();
    expect(history!.n).toBe(1);
  });

  it("ten different events paying the same session at once mark it paid once, with one 'paid' history entry", async () => {
    const { order, product, sessionId } = await pendingCheckout();
    const session = (await completedEvent(sessionId)).data.object;
    const events = Array.from({ length: 10 }, () => sessionEvent("checkout.session.completed", session));
    const signed = await Promise.all(events.map(async (e) => ({ payload: JSON.stringify(e), header: await signatureFor(JSON.stringify(e)) })));
    // The first request of a burst reaches the worker well ahead of the others here, and would mark
    // the order paid before the rest read it. A request of no interest takes that place, so the ten
    // events all find the order awaiting payment and only their writes' own conditions decide.
    const [lead, ...answers] = await Promise.all([
      SELF.fetch(`${BASE}/api/order/webhook`),
      ...signed.map(({ payload, header }) => sendWebhook(payload, { header })),
    ]);
    await lead.body?.cancel();
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(answers.filter((a) => a.body.message === "Processed").length).toBeGreaterThanOrEqual(1);
    const after = await snapshot(order.id, product.id);
    expect(after.order).toMatchObject({ status: "paid", payment_status: "PAID", version: order.version + 1 });
    expect(after.stock).toBe(3);
    const history = await env.DB.prepare("select status from order_status_history where order_id = ? order by created_at")
      .bind(order.id)
      .all<{ status: string }>();
    expect(history.results.map((r) => r.status)).toEqual(["placed", "paid"]);
    // Every event is kept once, whatever became of it.
    const kept = await env.DB.prepare("select count(*) as n from payment_events where order_id = ?").bind(order.id).first<{ n: number }>();
    expect(kept!.n).toBe(10);
  });

  it("a refused event replayed is still refused, recorded once", async () => {
    const { order, product } = await pendingCheckout();
    const foreign = sessionEvent("checkout.session.completed", {
      id: "cs_replayed_foreign",
      payment_status: "paid",
      amount_total: 24000,
      currency: "inr",
      client_reference_id: order.id,
    });
    const before = await snapshot(order.id, product.id);
    expect((await sendWebhook(foreign)).body.message).toMatch(/^Refused: /);
    expect((await sendWebhook(foreign)).body.message).toBe("Event already processed");
    expect(await snapshot(order.id, product.id)).toEqual(before);
    const rows = await env.DB.prepare("select count(*) as n from payment_events where id = ?").bind(foreign.id).first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });
});

describe("the sweep of lost webhooks", () => {
  async function runCron() {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *", scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
  }

  it("does not mark an order paid when the session was paid for another amount: it releases the stock and flags it", async () => {
    const { order, product, sessionId } = await pendingCheckout({ stock: 5 });
    const paid = await payAtStripe(sessionId);
    expect(paid.amount_total).toBe(24000);
    // The order's total no longer matches what Stripe charged (as if the session had been for something else).
    await env.DB.prepare("update orders set total = 30000, reservation_expires_at = ? where id = ?")
      .bind(Date.now() - 60 * 60 * 1000, order.id)
      .run();
    await runCron();
    expect(await orderById(order.id)).toMatchObject({
      status: "cancelled",
      payment_status: "FAILED",
      payment_id: paid.payment_intent,
      needs_attention: 1,
      attention_note: `Paid at Stripe, but not as ordered (Session ${sessionId} is for 24000 paise, the order's online part is 30000): check the payment and refund it`,
    });
    expect(await stockOf(product.id)).toBe(5);
  });
});
