import type { AppLoadContext } from "@remix-run/cloudflare";
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { commitOrder, planOrder, type OrderPlan } from "../../app/server/orders/place-order.server";
import {
  addressFor,
  completedEvent,
  orderById,
  orderBySession,
  ordersOf,
  sendWebhook,
  sessionEvent,
  stripeSession,
  WEBHOOK_SECRET,
} from "../security/support-pay";
import { api, makeProduct, newShopper, stockOf, VALID_ADDRESS } from "./api-client";
import { BASE, outcomeOf } from "./fixtures";

/** A load context for calling the order pipeline directly (past the HTTP layer). */
const context = { cloudflare: { env } } as unknown as AppLoadContext;
const userIdOf = async (token: string) => (await api("/api/user/user-details", { token })).body.data._id as string;

describe("/api/address", () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await newShopper());
  });

  it("creates, lists, updates and soft-removes the shopper's own addresses", async () => {
    const id = await addressFor(token);
    const list = await api("/api/address/get", { token });
    expect(list.body.data).toEqual([expect.objectContaining({ _id: id, ...VALID_ADDRESS, status: true })]);
    const updated = await api("/api/address/update", {
      method: "PUT",
      token,
      body: { _id: id, userId: "ffffffffffffffffffffffff", ...VALID_ADDRESS, address_line: "5 Museum Road" },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.address_line).toBe("5 Museum Road");
    const owner = await env.DB.prepare("select user_id from addresses where id = ?").bind(id).first<{ user_id: string }>();
    expect(owner!.user_id).not.toBe("ffffffffffffffffffffffff");
    const removed = await api("/api/address/disable", { method: "DELETE", token, body: { _id: id } });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe("Address Remove");
    expect((await api("/api/address/get", { token })).body.data).toEqual([]);
  });

  it("validates every field with a clear message per field", async () => {
    const res = await api("/api/address/create", {
      method: "POST",
      token,
      body: { ...VALID_ADDRESS, pincode: "12", mobile: "12345", city: "" },
    });
    expect(res.status).toBe(400);
    // City and state are the pincode's (decision 035): a blank one is no error.
    expect(res.body.errors).toEqual({
      pincode: ["Pincode must be 6 digits"],
      mobile: ["Mobile must be a 10-digit Indian mobile number"],
    });
  });

  it("treats another shopper's address as missing", async () => {
    const other = await newShopper();
    const theirs = await addressFor(other.token);
    const update = await api("/api/address/update", { method: "PUT", token, body: { _id: theirs, ...VALID_ADDRESS, city: "Hijacked" } });
    expect(update.status).toBe(404);
    expect((await api("/api/address/disable", { method: "DELETE", token, body: { _id: theirs } })).status).toBe(404);
    expect((await api("/api/address/get", { token: other.token })).body.data).toEqual([
      expect.objectContaining({ _id: theirs, city: "Bengaluru", status: true }),
    ]);
  });
});

describe("cash on delivery", () => {
  it("creates the order at server prices, takes the stock and empties those cart lines", async () => {
    const { token } = await newShopper();
    const addressId = await addressFor(token);
    const product = await makeProduct({ stock: 5, price: 150, discount: 5 });
    await api("/api/cart/create", { method: "POST", token, body: { productId: product.id } });
    const res = await api("/api/order/cash-on-delivery", {
      method: "POST",
      token,
      body: { list_items: [{ productId: { _id: product.id }, quantity: 2 }], addressId, subTotalAmt: 284, totalAmt: 284 },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.orderId).toMatch(/^ORD-\d{8}-[0-9A-F]{6}$/);
    expect(await stockOf(product.id)).toBe(3);
    expect((await api("/api/cart/get", { token })).body.data).toEqual([]);

    const orders = await api("/api/order/order-list?view=grouped", { token });
    expect(orders.body.data[0]).toMatchObject({
      orderId: res.body.data.orderId,
      status: "placed",
      totalAmt: 284,
      product_details: [{ name: product.name, image: ["/images/seed/milk.webp"], quantity: 2, price: 150, finalPrice: 142 }],
    });
  });

  it("refuses client totals that disagree with the server (409) and creates nothing", async () => {
    const { token } = await newShopper();
    const addressId = await addressFor(token);
    const product = await makeProduct({ stock: 5, price: 100 });
    const res = await api("/api/order/cash-on-delivery", {
      method: "POST",
      token,
      body: { list_items: [{ productId: product.id, quantity: 1 }], addressId, subTotalAmt: 1, totalAmt: 1 },
    });
    expect(res.status).toBe(409);
    expect(await stockOf(product.id)).toBe(5);
    expect((await api("/api/order/order-list", { token })).body.data).toEqual([]);
  });

  it("names an item that sold out and creates nothing", async () => {
    const { token } = await newShopper();
    const addressId = await addressFor(token);
    const fine = await makeProduct({ stock: 5 });
    const scarce = await makeProduct({ name: "Last Amul Butter", stock: 1 });
    const res = await api("/api/order/cash-on-delivery", {
      method: "POST",
      token,
      body: {
        list_items: [
          { productId: fine.id, quantity: 1 },
          { productId: scarce.id, quantity: 2 },
        ],
        addressId,
      },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Only 1 of ${scarce.name} left: lower the quantity and try again`);
    expect(await stockOf(fine.id)).toBe(5);
    expect(await stockOf(scarce.id)).toBe(1);
    expect(await ordersOf(token)).toEqual([]);
  });

  it("sells the last unit exactly once when two orders race for it", async () => {
    const [a, b] = await Promise.all([newShopper(), newShopper()]);
    const [addrA, addrB] = await Promise.all([addressFor(a.token), addressFor(b.token)]);
    const product = await makeProduct({ stock: 1 });
    const results = await Promise.all([
      api("/api/order/cash-on-delivery", { method: "POST", token: a.token, body: { list_items: [{ productId: product.id, quantity: 1 }], addressId: addrA } }),
      api("/api/order/cash-on-delivery", { method: "POST", token: b.token, body: { list_items: [{ productId: product.id, quantity: 1 }], addressId: addrB } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe(`${product.name} just sold out`);
    expect(await stockOf(product.id)).toBe(0);
    const count = await env.DB.prepare("select count(*) as n from order_items where product_id = ?").bind(product.id).first<{ n: number }>();
    expect(count!.n).toBe(1);
  });

  it("the order batch's CHECK (stock >= 0) is what refuses the loser: both plans are made while the unit is there", async () => {
    const [a, b] = await Promise.all([newShopper(), newShopper()]);
    const [addrA, addrB] = await Promise.all([addressFor(a.token), addressFor(b.token)]);
    const product = await makeProduct({ stock: 1 });
    const plans: OrderPlan[] = [];
    for (const [token, addressId] of [
      [a.token, addrA],
      [b.token, addrB],
    ]) {
      const planned = await planOrder(context, {
        userId: await userIdOf(token),
        addressId,
        lines: [{ productId: product.id, quantity: 1 }],
        paymentMethod: "COD",
      });
      expect("plan" in planned, JSON.stringify(planned)).toBe(true);
      plans.push((planned as { plan: OrderPlan }).plan);
    }
    // Both requests are past every read; only the batch is left to decide.
    const results = await Promise.all(plans.map((plan) => outcomeOf(commitOrder(context, plan))));
    expect(results.map((r) => r.ok).sort()).toEqual([false, true]);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, status: 409, message: `${product.name} just sold out` });
    expect(await stockOf(product.id)).toBe(0);
    const count = await env.DB.prepare("select count(*) as n from order_items where product_id = ?").bind(product.id).first<{ n: number }>();
    expect(count!.n).toBe(1);
  });

  it("creates one order when the same request is sent twice", async () => {
    const { token } = await newShopper();
    const addressId = await addressFor(token);
    const product = await makeProduct({ stock: 5 });
    const body = { list_items: [{ productId: product.id, quantity: 1 }], addressId };
    const headers = { "Idempotency-Key": "retry-key-123456" };
    const first = await api("/api/order/cash-on-delivery", { method: "POST", token, body, headers });
    const second = await api("/api/order/cash-on-delivery", { method: "POST", token, body, headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.data.orderId).toBe(first.body.data.orderId);
    expect(await stockOf(product.id)).toBe(4);
    expect(await ordersOf(token)).toHaveLength(1);
  });

  it("refuses bad orders with clear 4xx", async () => {
    const { token } = await newShopper();
    const own = await addressFor(token);
    const other = await newShopper();
    const theirAddress = await addressFor(other.token);
    const product = await makeProduct({ stock: 5 });
    const cases: [unknown, number, string][] = [
      [{ list_items: [], addressId: own }, 400, "list_items must not be empty"],
      [{ list_items: [{ productId: product.id, quantity: -1 }], addressId: own }, 400, "quantity must be at least 1"],
      [{ list_items: [{ productId: product.id, quantity: 0.5 }], addressId: own }, 400, "quantity must be a whole number"],
      // Everything else is valid: only the address is someone else's.
      [{ list_items: [{ productId: product.id, quantity: 1 }], addressId: theirAddress }, 404, "Choose a delivery address: that address was not found"],
      // A real address of the caller's own: only the product is unknown.
      [{ list_items: [{ productId: "0".repeat(24), quantity: 1 }], addressId: own }, 404, "An item in your cart is no longer sold: remove it and try again"],
      ["not json", 400, "Request body is not valid JSON"],
    ];
    for (const [body, status, message] of cases) {
      const res = await api("/api/order/cash-on-delivery", { method: "POST", token, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body).toMatchObject({ success: false, message });
    }
    expect(await stockOf(product.id)).toBe(5);
    expect(await ordersOf(token)).toEqual([]);
    expect((await api("/api/order/cash-on-delivery", { method: "POST", body: {} })).status).toBe(401);
  });
});

describe("online payment", () => {
  it("reserves stock, sends Stripe the server's line items and total, and is paid only by the signed webhook, once", async () => {
    const { token } = await newShopper();
    const addressId = await addressFor(token);
    const product = await makeProduct({ stock: 4, price: 99, discount: 10 });
    const res = await api("/api/order/checkout", {
      method: "POST",
      token,
      // The client's idea of the price plays no part: only ids and quantities are read.
      body: { list_items: [{ productId: product.id, quantity: 2, price: 1 }], addressId },
    });
    expect(res.status).toBe(200);
    expect(res.body.id).toMatch(/^cs_test_/);
    expect(res.body.url).toMatch(/\/pay\/cs_test_/);
    expect(await stockOf(product.id)).toBe(2);
    const order = await orderBySession(res.body.id);
    expect(order).toMatchObject({ payment_status: "PENDING", status: "placed", total: 17800 });

    // What Stripe was asked to charge: ₹99 − ceil(9.9) = ₹89 a unit, two units, in rupees (paise).
    const session = await stripeSession(res.body.id);
    expect(session.line_items).toEqual([{ name: `${product.name} (200 g)`, quantity: 2, unit_amount: 8900 }]);
    expect(session).toMatchObject({ amount_total: 17800, currency: "inr", status: "open" });

    const completed = await completedEvent(res.body.id);
    expect((await sendWebhook(completed, { secret: "whsec_wrong" })).status).toBe(400);
    expect((await sendWebhook(completed, { header: "t=1,v1=deadbeef" })).status).toBe(400);
    expect((await sendWebhook(completed, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(400);
    const noSignature = await SELF.fetch(`${BASE}/api/order/webhook`, { method: "POST", body: JSON.stringify(completed) });
    expect(noSignature.status).toBe(400);
    expect((await orderById(order.id)).payment_status).toBe("PENDING");

    expect((await sendWebhook(completed, { secret: WEBHOOK_SECRET })).status).toBe(200);
    expect((await sendWebhook(completed)).body.message).toBe("Event already processed");
    const paid = await orderById(order.id);
    expect(paid).toMatchObject({ payment_status: "PAID", status: "paid", payment_id: completed.data.object.payment_intent });
    expect(completed.data.object.payment_intent).toMatch(/^pi_/);
    const history = await env.DB.prepare("select count(*) as n from order_status_history where order_id = ? and status = 'paid'")
      .bind(order.id)
      .first<{ n: number }>();
    expect(history!.n).toBe(1);
    expect(await stockOf(product.id)).toBe(2);
  });

  it("releases the held stock once when the session expires", async () => {
    const { token } = await newShopper();
    const addressId = await addressFor(token);
    const product = await makeProduct({ stock: 3 });
    const res = await api("/api/order/checkout", {
      method: "POST",
      token,
      body: { list_items: [{ productId: product.id, quantity: 3 }], addressId },
    });
    expect(await stockOf(product.id)).toBe(0);
    const expired = sessionEvent("checkout.session.expired", { id: res.body.id, payment_status: "unpaid" });
    expect((await sendWebhook(expired)).status).toBe(200);
    expect(await stockOf(product.id)).toBe(3);
    const redelivered = sessionEvent("checkout.session.expired", { id: res.body.id, payment_status: "unpaid" });
    expect((await sendWebhook(expired)).status).toBe(200);
    expect((await sendWebhook(redelivered)).status).toBe(200);
    expect(await stockOf(product.id)).toBe(3);
    expect(await orderBySession(res.body.id)).toMatchObject({ status: "cancelled", payment_status: "FAILED" });
  });
});
