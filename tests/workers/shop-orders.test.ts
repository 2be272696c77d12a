import { env, SELF } from "cloudflare:test";
import Stripe from "stripe";
import { beforeAll, describe, expect, it } from "vitest";
import { api, makeProduct, newShopper, stockOf, VALID_ADDRESS } from "./api-client";
import { BASE } from "./fixtures";

async function addressFor(token: string) {
  const res = await api("/api/address/create", { method: "POST", token, body: VALID_ADDRESS });
  expect(res.status).toBe(201);
  return res.body.data._id as string;
}

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
      body: { _id: id, userId: "ffffffffffffffffffffffff", ...VALID_ADDRESS, city: "Mysuru" },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.city).toBe("Mysuru");
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
    expect(res.body.errors).toMatchObject({
      pincode: ["Pincode must be 6 digits"],
      mobile: ["Mobile must be a 10-digit Indian mobile number"],
      city: ["City is required"],
    });
  });

  it("treats another shopper's address as missing", async () => {
    const other = await newShopper();
    const theirs = await addressFor(other.token);
    expect((await api("/api/address/update", { method: "PUT", token, body: { _id: theirs, ...VALID_ADDRESS } })).status).toBe(404);
    expect((await api("/api/address/disable", { method: "DELETE", token, body: { _id: theirs } })).status).toBe(404);
    expect((await api("/api/address/get", { token: other.token })).body.data).toHaveLength(1);
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

    const orders = await api("/api/order/order-list", { token });
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
      body: { list_items: [{ productId: fine.id, quantity: 1 }, { productId: scarce.id, quantity: 2 }], addressId },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(scarce.name);
    expect(await stockOf(fine.id)).toBe(5);
    expect(await stockOf(scarce.id)).toBe(1);
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
  });

  it("refuses bad orders with clear 4xx", async () => {
    const { token } = await newShopper();
    const other = await newShopper();
    const theirAddress = await addressFor(other.token);
    const product = await makeProduct({ stock: 5 });
    const cases: [unknown, number][] = [
      [{ list_items: [], addressId: theirAddress }, 400],
      [{ list_items: [{ productId: product.id, quantity: -1 }], addressId: theirAddress }, 400],
      [{ list_items: [{ productId: product.id, quantity: 0.5 }], addressId: theirAddress }, 400],
      [{ list_items: [{ productId: product.id, quantity: 1 }], addressId: theirAddress }, 404],
      [{ list_items: [{ productId: "0".repeat(24), quantity: 1 }], addressId: theirAddress }, 404],
      ["not json", 400],
    ];
    for (const [body, status] of cases) {
      const res = await api("/api/order/cash-on-delivery", { method: "POST", token, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.success).toBe(false);
    }
    expect(await stockOf(product.id)).toBe(5);
    expect((await api("/api/order/cash-on-delivery", { method: "POST", body: {} })).status).toBe(401);
  });
});

describe("online payment", () => {
  const stripe = new Stripe("sk_test_fake_key");
  async function webhook(event: unknown, secret = "whsec_test_secret", header?: string) {
    const payload = JSON.stringify(event);
    const signature = header ?? (await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret }));
    return SELF.fetch(`${BASE}/api/order/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      body: payload,
    });
  }
  const sessionEvent = (id: string, type: string, session: Record<string, unknown>) => ({
    id,
    object: "event",
    type,
    data: { object: { object: "checkout.session", ...session } },
  });

  it("reserves stock, returns the session id and url, and is paid only by the signed webhook, once", async () => {
    const { token } = await newShopper();
    const addressId = await addressFor(token);
    const product = await makeProduct({ stock: 4, price: 99, discount: 10 });
    const res = await api("/api/order/checkout", {
      method: "POST",
      token,
      body: { list_items: [{ productId: product.id, quantity: 2 }], addressId },
    });
    expect(res.status).toBe(200);
    expect(res.body.id).toMatch(/^cs_test_/);
    expect(res.body.url).toMatch(/\/pay\/cs_test_/);
    expect(await stockOf(product.id)).toBe(2);
    const order = (await env.DB.prepare("select id, payment_status, status from orders where stripe_session_id = ?")
      .bind(res.body.id)
      .first<{ id: string; payment_status: string; status: string }>())!;
    expect(order).toMatchObject({ payment_status: "PENDING", status: "placed" });

    const completed = sessionEvent("evt_paid_1", "checkout.session.completed", {
      id: res.body.id,
      payment_status: "paid",
      payment_intent: "pi_123",
      client_reference_id: order.id,
    });
    expect((await webhook(completed, "whsec_wrong")).status).toBe(400);
    expect((await webhook(completed, undefined, "t=1,v1=deadbeef")).status).toBe(400);
    const stale = await stripe.webhooks.generateTestHeaderStringAsync({
      payload: JSON.stringify(completed),
      secret: "whsec_test_secret",
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await webhook(completed, undefined, stale)).status).toBe(400);
    const noSignature = await SELF.fetch(`${BASE}/api/order/webhook`, { method: "POST", body: JSON.stringify(completed) });
    expect(noSignature.status).toBe(400);
    const unchanged = await env.DB.prepare("select payment_status from orders where id = ?").bind(order.id).first<{ payment_status: string }>();
    expect(unchanged!.payment_status).toBe("PENDING");

    expect((await webhook(completed)).status).toBe(200);
    expect((await webhook(completed)).status).toBe(200);
    const paid = await env.DB.prepare("select payment_status, status, payment_id from orders where id = ?")
      .bind(order.id)
      .first<Record<string, string>>();
    expect(paid).toEqual({ payment_status: "PAID", status: "paid", payment_id: "pi_123" });
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
    const expired = sessionEvent("evt_expired_1", "checkout.session.expired", { id: res.body.id, payment_status: "unpaid" });
    expect((await webhook(expired)).status).toBe(200);
    expect(await stockOf(product.id)).toBe(3);
    const redelivered = sessionEvent("evt_expired_2", "checkout.session.expired", { id: res.body.id, payment_status: "unpaid" });
    expect((await webhook(expired)).status).toBe(200);
    expect((await webhook(redelivered)).status).toBe(200);
    expect(await stockOf(product.id)).toBe(3);
    const order = await env.DB.prepare("select status, payment_status from orders where stripe_session_id = ?")
      .bind(res.body.id)
      .first<Record<string, string>>();
    expect(order).toEqual({ status: "cancelled", payment_status: "FAILED" });
  });
});
