/**
 * Store operations (issue 30, docs/decisions/027-store-operations.md): staff per store, the queue,
 * picking with short picks (money, stock, refunds exactly once), the handover with a delivery code.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { api, login, makeProduct, newShopper, stockOf, VALID_ADDRESS } from "./api-client";
import { BASE, outcomeOf } from "./fixtures";
import { confirmAllLines } from "./pick-support";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { commitPick, planPick } from "../../app/server/operations/pick.server";
import type { SessionUser } from "../../app/server/identity/session.server";
import { completedEvent, sendWebhook, sessionCookie } from "../security/support-pay";
import type { RefundRequest } from "../support/fake-stripe";

let admin: string;
let storeId: string;
let otherStoreId: string;
/** Staff of the default store (where VALID_ADDRESS is served and makeProduct puts stock), and of another store. */
let staff: { token: string; email: string };
let otherStaff: { token: string; email: string };

const addStaff = (token: string, store: string, email: string) => api("/api/store/staff", { method: "POST", token, body: { storeId: store, email } });

beforeAll(async () => {
  admin = await login("admin@example.com", "Admin@12345");
  storeId = (await env.DB.prepare("select id from stores where is_default = 1").first<{ id: string }>())!.id;
  otherStoreId = (await env.DB.prepare("select id from stores where is_default = 0 order by name limit 1").first<{ id: string }>())!.id;
  staff = await newShopper();
  otherStaff = await newShopper();
  expect((await addStaff(admin, storeId, staff.email)).status).toBe(200);
  expect((await addStaff(admin, otherStoreId, otherStaff.email)).status).toBe(200);
});

async function addressFor(token: string) {
  const res = await api("/api/address/create", { method: "POST", token, body: VALID_ADDRESS });
  return res.body.data._id as string;
}

/** A cash order of the test's own products (price in rupees), with a replacement preference. */
async function codOrder(token: string, lines: { productId: string; quantity: number }[], replacementPreference?: string) {
  const addressId = await addressFor(token);
  const res = await api("/api/order/cash-on-delivery", { method: "POST", token, body: { list_items: lines, addressId, replacementPreference } });
  expect(res.status).toBe(201);
  return res.body.data._id as string;
}

/** An online order paid through a signed webhook (`pi_refuse…` makes the fake Stripe refuse refunds). */
async function paidOnlineOrder(token: string, paymentIntent: string, lines: { productId: string; quantity: number }[]) {
  const addressId = await addressFor(token);
  const res = await api("/api/order/checkout", { method: "POST", token, body: { list_items: lines, addressId } });
  expect(res.status).toBe(200);
  const order = (await env.DB.prepare("select id from orders where stripe_session_id = ?").bind(res.body.id).first<{ id: string }>())!;
  expect((await sendWebhook(await completedEvent(res.body.id, { payment_intent: paymentIntent }))).status).toBe(200);
  return order.id;
}

/** A pick through /api, its lines confirmed in full first (decision 042: the picked units are then the pick's to say). */
const pick = async (id: string, lines: { productId: string; picked: number }[], token = staff.token) => {
  await confirmAllLines(id);
  return api("/api/order/pick", { method: "POST", token, body: { _id: id, lines } });
};

const uniquePi = (prefix = "pi") => `${prefix}_${crypto.randomUUID().replace(/-/g, "")}`;

/** What the fake Stripe holds for a payment intent: the refunds it made, and every refund request it received. */
async function stripeRefundsOf(paymentIntent: string) {
  const res = await fetch(`${inject("stripeBase")}/__control/refunds?payment_intent=${paymentIntent}`);
  return (await res.json()) as { refunds: { id: string; amount: number }[]; requests: RefundRequest[] };
}

const refundsAtStripe = async (paymentIntent: string) => (await stripeRefundsOf(paymentIntent)).refunds;

/** The idempotency keys Stripe received for each order line (by the refund's `orderItemId`), in order. */
async function keysByLine(paymentIntent: string) {
  const keys = new Map<string, (string | null)[]>();
  for (const r of (await stripeRefundsOf(paymentIntent)).requests) {
    const line = r.metadata.orderItemId;
    keys.set(line, [...(keys.get(line) ?? []), r.key]);
  }
  return keys;
}

const byAmount = (a: { amount: number }, b: { amount: number }) => a.amount - b.amount;

async function orderRow(id: string) {
  return (await env.DB.prepare(
    "select status, total, sub_total as subTotal, payment_status as paymentStatus, needs_attention as needsAttention, delivery_code as code, delivery_code_tries as tries from orders where id = ?",
  )
    .bind(id)
    .first<{ status: string; total: number; subTotal: number; paymentStatus: string; needsAttention: number; code: string | null; tries: number }>())!;
}

async function adjustments(orderId: string) {
  const { results } = await env.DB.prepare(
    "select a.product_id as productId, a.delta, a.reason, a.store_id as storeId, u.email from stock_adjustments a left join users u on u.id = a.user_id where a.order_id = ? order by a.product_id",
  )
    .bind(orderId)
    .all<{ productId: string; delta: number; reason: string; storeId: string; email: string }>();
  return results;
}

/** A paid online order of two lines (2 × ₹60, 3 × ₹40) picked short on both (1 each), its payment on `piPrefix`. */
async function shortPickTwoLines(piPrefix: string) {
  const shopper = await newShopper();
  const a = await makeProduct({ stock: 6, price: 60 });
  const b = await makeProduct({ stock: 6, price: 40 });
  const pi = uniquePi(piPrefix);
  const id = await paidOnlineOrder(shopper.token, pi, [
    { productId: a.id, quantity: 2 },
    { productId: b.id, quantity: 3 },
  ]);
  const res = await pick(id, [
    { productId: a.id, picked: 1 },
    { productId: b.id, picked: 1 },
  ]);
  expect(res.status).toBe(200);
  return { id, pi, res };
}

describe("staff are assigned by admins, by email", () => {
  it("adds and removes staff; refuses unknown accounts, admins, staff of another store, shoppers and guests", async () => {
    const person = await newShopper();
    const shopper = await newShopper();
    expect((await addStaff(shopper.token, storeId, person.email)).status).toBe(403);
    expect((await api("/api/store/staff", { method: "POST", body: { storeId, email: person.email } })).status).toBe(401);
    expect((await addStaff(admin, storeId, "nobody-here@example.com")).status).toBe(404);
    expect((await addStaff(admin, storeId, "admin@example.com")).status).toBe(409);
    expect((await addStaff(admin, storeId, "not an email")).status).toBe(400);
    expect((await addStaff(admin, "ffffffffffffffffffffffff", person.email)).status).toBe(404);
    const added = await addStaff(admin, storeId, person.email.toUpperCase());
    expect(added.status).toBe(200);
    expect(added.body.data.map((s: { email: string }) => s.email)).toContain(person.email);
    expect((await addStaff(admin, storeId, person.email)).body.message).toMatch(/already staff at this store/);
    const elsewhere = await addStaff(admin, otherStoreId, person.email);
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.message).toMatch(/remove them there first/);
    // Their own account now links them to their queue.
    expect((await api("/api/store/queue?storeId=" + storeId, { token: await login(person.email, "Test@12345") })).status).toBe(200);
    const removed = await api("/api/store/staff", { method: "DELETE", token: admin, body: { storeId, email: person.email } });
    expect(removed.status).toBe(200);
    expect((await api("/api/store/staff", { method: "DELETE", token: admin, body: { storeId, email: person.email } })).status).toBe(404);
    expect((await api(`/api/store/queue?storeId=${storeId}`, { token: await login(person.email, "Test@12345") })).status).toBe(403);
  });
});

describe("staff see only their own store", () => {
  it("over /api and pages: the queue, the order, its pick; other stores' staff, shoppers and guests are refused", async () => {
    const shopper = await newShopper();
    const product = await makeProduct({ stock: 10, price: 50 });
    const id = await codOrder(shopper.token, [{ productId: product.id, quantity: 2 }]);

    const queue = await api(`/api/store/queue?storeId=${storeId}`, { token: staff.token });
    expect(queue.status).toBe(200);
    const row = queue.body.data.orders.find((o: { _id: string }) => o._id === id);
    expect(row).toMatchObject({ status: "placed", items: 2, payment_method: "COD", late: false });
    // Oldest first.
    const times = queue.body.data.orders.map((o: { createdAt: string }) => Date.parse(o.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    expect((await api(`/api/store/queue?storeId=${storeId}`, { token: otherStaff.token })).status).toBe(403);
    expect((await api(`/api/store/queue?storeId=${storeId}`, { token: shopper.token })).status).toBe(403);
    expect((await api(`/api/store/queue?storeId=${storeId}`)).status).toBe(401);
    expect((await api(`/api/store/queue?storeId=nope`, { token: staff.token })).status).toBe(400);
    const otherQueue = await api(`/api/store/queue?storeId=${otherStoreId}`, { token: otherStaff.token });
    expect(otherQueue.body.data.orders.some((o: { _id: string }) => o._id === id)).toBe(false);

    // Another store's staff cannot touch the order: it is not found to them.
    expect((await pick(id, [{ productId: product.id, picked: 2 }], otherStaff.token)).status).toBe(404);
    expect((await api("/api/order/ready", { method: "POST", token: otherStaff.token, body: { _id: id } })).status).toBe(404);
    expect((await pick(id, [{ productId: product.id, picked: 2 }], shopper.token)).status).toBe(403);
    expect((await api("/api/order/pick", { method: "POST", body: { _id: id, lines: [{ productId: product.id, picked: 2 }] } })).status).toBe(401);

    const mine = await sessionCookie(staff.email);
    const theirs = await sessionCookie(otherStaff.email);
    const shopperCookie = await sessionCookie(shopper.email);
    const queuePage = await SELF.fetch(`${BASE}/dashboard/stores/${storeId}/queue`, { headers: { Cookie: mine } });
    expect(queuePage.status).toBe(200);
    const queueHtml = await queuePage.text();
    expect(queueHtml).toContain((await orderNumber(id))!);
    expect(queueHtml).toContain("Refresh");
    const orderPage = await SELF.fetch(`${BASE}/dashboard/stores/${storeId}/queue/${id}`, { headers: { Cookie: mine } });
    expect(orderPage.status).toBe(200);
    expect(await orderPage.text()).toContain("Pick list");
    for (const cookie of [theirs, shopperCookie]) {
      const page = await SELF.fetch(`${BASE}/dashboard/stores/${storeId}/queue`, { headers: { Cookie: cookie } });
      expect(page.status).toBe(403);
      expect(await page.text()).not.toContain((await orderNumber(id))!);
      expect((await SELF.fetch(`${BASE}/dashboard/stores/${storeId}/queue/${id}`, { headers: { Cookie: cookie } })).status).toBe(403);
    }
    // Their own store's URL with this store's order: not found.
    expect((await SELF.fetch(`${BASE}/dashboard/stores/${otherStoreId}/queue/${id}`, { headers: { Cookie: theirs } })).status).toBe(404);
    const post = await SELF.fetch(`${BASE}/dashboard/stores/${storeId}/queue/${id}`, {
      method: "POST",
      headers: { Cookie: theirs, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "pick", [`picked.${product.id}`]: "0" }),
      redirect: "manual",
    });
    expect(post.status).toBe(403);
    const guest = await SELF.fetch(`${BASE}/dashboard/stores/${storeId}/queue`, { redirect: "manual" });
    expect(guest.status).toBe(302);
    expect((await orderRow(id)).status).toBe("placed");
  });
});

async function orderNumber(id: string) {
  return (await env.DB.prepare("select order_id as n from orders where id = ?").bind(id).first<{ n: string }>())?.n;
}

describe("a short pick", () => {
  it("COD: the amount to collect drops, the stock is corrected exactly, and 10 parallel picks apply once", async () => {
    const shopper = await newShopper();
    const a = await makeProduct({ stock: 10, price: 50 });
    const b = await makeProduct({ stock: 10, price: 30, discount: 10 });
    const id = await codOrder(shopper.token, [
      { productId: a.id, quantity: 3 },
      { productId: b.id, quantity: 2 },
    ]);
    expect(await orderRow(id)).toMatchObject({ total: 3 * 5000 + 2 * 2700 });
    expect(await stockOf(a.id)).toBe(7);

    const lines = [
      { productId: a.id, picked: 1 },
      { productId: b.id, picked: 2 },
    ];
    const results = await Promise.all(Array.from({ length: 10 }, () => pick(id, lines)));
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const won = results.find((r) => r.status === 200)!;
    expect(won.body.data).toMatchObject({ status: "packed", totalAmt: 50 + 54 });
    expect(won.body.short).toEqual([{ productId: a.id, name: a.name, quantity: 3, picked: 1 }]);
    expect(won.body.refund).toBe("none");
    expect(results.find((r) => r.status === 409)!.body.message).toMatch(/already picked/);

    expect(await orderRow(id)).toMatchObject({ status: "packed", total: 5000 + 5400, subTotal: 5000 + 5400 });
    // The shelf had 2 fewer than recorded: 7 → 5, once, with its reason.
    expect(await stockOf(a.id)).toBe(5);
    expect(await stockOf(b.id)).toBe(8);
    expect(await adjustments(id)).toEqual([{ productId: a.id, delta: -2, reason: "short pick", storeId, email: staff.email }]);

    const details = await api(`/api/order/details?_id=${id}`, { token: shopper.token });
    expect(details.body.data.totalAmt).toBe(104);
    expect(details.body.data.replacementPreference).toBe("refund");
    expect(details.body.data.product_details.map((l: { picked: number; replacedBy: unknown }) => [l.picked, l.replacedBy])).toEqual([
      [1, null],
      [2, null],
    ]);
    // Cancelled now: only the picked units go back (the missing ones were never on the shelf).
    expect((await api("/api/order/admin/cancel", { method: "POST", token: admin, body: { _id: id } })).status).toBe(200);
    expect(await stockOf(a.id)).toBe(6);
    expect(await stockOf(b.id)).toBe(10);
  });

  it("the stock correction never goes below zero and records what it took", async () => {
    const shopper = await newShopper();
    const a = await makeProduct({ stock: 4, price: 20 });
    const id = await codOrder(shopper.token, [{ productId: a.id, quantity: 3 }]);
    expect(await stockOf(a.id)).toBe(1);
    expect((await pick(id, [{ productId: a.id, picked: 0 }])).status).toBe(200);
    expect(await stockOf(a.id)).toBe(0);
    expect((await adjustments(id)).map((r) => r.delta)).toEqual([-1]);
    // Nothing found: cancelled, not sent on as a ₹0 order.
    expect(await orderRow(id)).toMatchObject({ status: "cancelled" });
  });

  it("refuses bad lines with 400 and changes nothing", async () => {
    const shopper = await newShopper();
    const a = await makeProduct({ stock: 5, price: 20 });
    const b = await makeProduct({ stock: 5, price: 20 });
    const id = await codOrder(shopper.token, [{ productId: a.id, quantity: 2 }]);
    expect((await pick(id, [{ productId: a.id, picked: 3 }])).status).toBe(400);
    expect((await pick(id, [{ productId: b.id, picked: 1 }])).status).toBe(400);
    expect((await pick(id, [])).status).toBe(400);
    expect((await pick(id, [{ productId: a.id, picked: -1 }])).status).toBe(400);
    expect((await api("/api/order/pick", { method: "POST", token: staff.token, body: "{" })).status).toBe(400);
    expect((await pick("ffffffffffffffffffffffff", [{ productId: a.id, picked: 1 }])).status).toBe(404);
    expect(await orderRow(id)).toMatchObject({ status: "placed" });
    expect(await adjustments(id)).toEqual([]);
  });

  it("paid online: the difference is refunded through Stripe exactly once under 10 parallel picks, recorded per line", async () => {
    const shopper = await newShopper();
    const a = await makeProduct({ stock: 6, price: 80 });
    const b = await makeProduct({ stock: 6, price: 40 });
    const pi = uniquePi();
    const id = await paidOnlineOrder(shopper.token, pi, [
      { productId: a.id, quantity: 2 },
      { productId: b.id, quantity: 3 },
    ]);
    const lines = [
      { productId: a.id, picked: 1 },
      { productId: b.id, picked: 1 },
    ];
    const results = await Promise.all(Array.from({ length: 10 }, () => pick(id, lines)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    const won = results.find((r) => r.status === 200)!;
    expect(won.body).toMatchObject({ refund: "refunded", refunded: 80 + 80 });

    const refunds = await refundsAtStripe(pi);
    expect(refunds.map((r) => r.amount)).toEqual([8000, 8000]);
    // One key per line, each sent once.
    const keys = await keysByLine(pi);
    expect([...keys.values()].map((k) => k.length)).toEqual([1, 1]);
    expect(new Set([...keys.values()].flat()).size).toBe(2);
    const { results: rows } = await env.DB.prepare(
      "select r.amount, r.status, r.idempotency_key as k, i.refunded_amount as lineRefund from order_line_refunds r join order_items i on i.id = r.order_item_id where r.order_id = ? order by r.amount",
    )
      .bind(id)
      .all<{ amount: number; status: string; k: string; lineRefund: number }>();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.status === "refunded" && r.amount === 8000 && r.lineRefund === 8000 && r.k.startsWith("pick-refund-"))).toBe(true);
    expect(await orderRow(id)).toMatchObject({ status: "packed", total: 8000 + 4000, paymentStatus: "PAID", needsAttention: 0 });

    // A later cancel refunds what is left (₹120 of the ₹280 paid), not the whole payment again.
    const cancel = await api("/api/order/admin/cancel", { method: "POST", token: admin, body: { _id: id } });
    expect(cancel.status).toBe(200);
    expect(cancel.body.refund).toBe("refunded");
    expect(cancel.body.message).toMatch(/₹120(\.00)? refunded/);
    expect((await refundsAtStripe(pi)).map((r) => r.amount)).toEqual([8000, 8000, 12000]);
    expect(await orderRow(id)).toMatchObject({ status: "cancelled", paymentStatus: "REFUNDED" });
    expect(await stockOf(a.id)).toBe(4);
  });

  it("a refund Stripe refuses flags the order for attention; the board's retry uses the same per-line key", async () => {
    const { id, pi, res } = await shortPickTwoLines("pi_refuse");
    expect(res.body.refund).toBe("failed");
    expect(await orderRow(id)).toMatchObject({ status: "packed", needsAttention: 1, total: 6000 + 4000 });
    const { results: rows } = await env.DB.prepare("select status from order_line_refunds where order_id = ?").bind(id).all<{ status: string }>();
    expect(rows.map((r) => r.status)).toEqual(["failed", "failed"]);
    const retry = await api("/api/order/admin/refund", { method: "POST", token: admin, body: { _id: id } });
    expect(retry.status).toBe(502);
    expect(await refundsAtStripe(pi)).toEqual([]);
    // Each line was asked twice, with its own key both times.
    const keys = [...(await keysByLine(pi)).values()];
    expect(keys).toHaveLength(2);
    for (const k of keys) expect(k).toEqual([k[0], k[0]]);
    expect(keys[0][0]).not.toBe(keys[1][0]);
  });

  it("a refund whose answer was lost is retried from the board with the same per-line keys: Stripe replays it, nothing is refunded twice", async () => {
    const { id, pi, res } = await shortPickTwoLines("pi_lost");
    // Stripe refunded both lines, but the store never heard: it flags the order.
    expect(res.body.refund).toBe("failed");
    expect(await orderRow(id)).toMatchObject({ status: "packed", needsAttention: 1, total: 6000 + 4000 });
    const made = (await refundsAtStripe(pi)).sort(byAmount);
    expect(made.map((r) => r.amount)).toEqual([6000, 8000]);

    // The connection is back; the board retries.
    expect((await fetch(`${inject("stripeBase")}/__control/answer/${pi}`, { method: "POST" })).status).toBe(200);
    const retry = await api("/api/order/admin/refund", { method: "POST", token: admin, body: { _id: id } });
    expect(retry.status).toBe(200);
    expect((await refundsAtStripe(pi)).sort(byAmount)).toEqual(made);
    const keys = [...(await keysByLine(pi)).values()];
    expect(keys).toHaveLength(2);
    for (const k of keys) expect(new Set(k).size).toBe(1);
    expect(keys[0][0]).not.toBe(keys[1][0]);
    const { results: rows } = await env.DB.prepare(
      "select amount, status, stripe_refund_id as refundId from order_line_refunds where order_id = ? order by amount",
    )
      .bind(id)
      .all<{ amount: number; status: string; refundId: string }>();
    expect(rows).toEqual(made.map((r) => ({ amount: r.amount, status: "refunded", refundId: r.id })));
    expect(await orderRow(id)).toMatchObject({ status: "packed", needsAttention: 0, paymentStatus: "PAID" });
  });
});

describe("replace with a similar item", () => {
  it("never swaps without the shopper: the store suggests the dearest product within the line's price, and a pick with no answer refunds the line", async () => {
    const shopper = await newShopper();
    const sub = crypto.randomUUID().replace(/-/g, "").slice(0, 24);
    await env.DB.prepare("insert into sub_categories (id, name) values (?, ?)")
      .bind(sub, `Test sub ${sub.slice(0, 6)}`)
      .run();
    const original = await makeProduct({ name: "Original", stock: 5, price: 100 });
    const similar = await makeProduct({ name: "Similar", stock: 5, price: 90 });
    const cheaper = await makeProduct({ name: "Cheaper", stock: 5, price: 50 });
    const dearer = await makeProduct({ name: "Dearer", stock: 5, price: 120 });
    const discounted = await makeProduct({ name: "Discounted", stock: 5, price: 130, discount: 30 });
    const absent = await makeProduct({ name: "Absent", stock: 0, price: 99 });
    for (const p of [original, similar, cheaper, dearer, discounted, absent]) {
      await env.DB.prepare("update product_sub_categories set sub_category_id = ? where product_id = ?").bind(sub, p.id).run();
    }
    const id = await codOrder(shopper.token, [{ productId: original.id, quantity: 3 }], "similar");
    // 130 less 30% (rounded up to a rupee) is ₹91: within ₹100 and dearer than ₹90.
    const suggested = await api(`/api/store/substitutions/suggestions?_id=${id}&productId=${original.id}&picked=1`, { token: staff.token });
    expect(suggested.body.data.suggestions.map((s: { productId: string }) => s.productId)).toEqual([discounted.id, similar.id, cheaper.id]);
    const res = await pick(id, [{ productId: original.id, picked: 1 }]);
    expect(res.status).toBe(200);
    expect(res.body.replaced).toEqual([]);
    expect(await orderRow(id)).toMatchObject({ total: 10000 });
    expect(await stockOf(discounted.id)).toBe(5);
    const details = await api(`/api/order/details?_id=${id}`, { token: shopper.token });
    expect(details.body.data.replacementPreference).toBe("similar");
    expect(details.body.data.product_details[0]).toMatchObject({ picked: 1, replacedBy: null });
    const page = await SELF.fetch(`${BASE}/dashboard/myorders/${id}`, { headers: { Cookie: await sessionCookie(shopper.email) } });
    const html = (await page.text()).replace(/<!-- -->/g, "");
    expect(html).not.toContain("Replaced with");
    expect(html).toContain("Replace with a similar item");
  });

  it("an accepted proposal is what the shopper sees replaced, and a cancel returns its units", async () => {
    const shopper = await newShopper();
    const sub = crypto.randomUUID().replace(/-/g, "").slice(0, 24);
    await env.DB.prepare("insert into sub_categories (id, name) values (?, ?)")
      .bind(sub, `Accepted ${sub.slice(0, 6)}`)
      .run();
    const original = await makeProduct({ name: "Original", stock: 5, price: 100 });
    const discounted = await makeProduct({ name: "Discounted", stock: 5, price: 130, discount: 30 });
    for (const p of [original, discounted]) {
      await env.DB.prepare("update product_sub_categories set sub_category_id = ? where product_id = ?").bind(sub, p.id).run();
    }
    const id = await codOrder(shopper.token, [{ productId: original.id, quantity: 3 }], "similar");
    const proposed = await api("/api/store/substitutions/propose", {
      method: "POST",
      token: staff.token,
      body: { _id: id, productId: original.id, picked: 1, replacementId: discounted.id },
    });
    expect(proposed.status).toBe(201);
    const answered = await api("/api/order/substitution/answer", {
      method: "POST",
      token: shopper.token,
      body: { _id: proposed.body.data._id, answer: "accept" },
    });
    expect(answered.status).toBe(200);
    const res = await pick(id, [{ productId: original.id, picked: 1 }]);
    expect(res.body.replaced).toEqual([
      { productId: original.id, name: original.name, replacedBy: { productId: discounted.id, name: discounted.name, quantity: 2, unitPrice: 91 } },
    ]);
    expect(await orderRow(id)).toMatchObject({ total: 10000 + 2 * 9100 });
    expect(await stockOf(discounted.id)).toBe(3);
    const details = await api(`/api/order/details?_id=${id}`, { token: shopper.token });
    expect(details.body.data.product_details[0]).toMatchObject({
      picked: 1,
      replacedBy: { productId: discounted.id, name: discounted.name, quantity: 2, finalPrice: 91 },
    });
    const page = await SELF.fetch(`${BASE}/dashboard/myorders/${id}`, { headers: { Cookie: await sessionCookie(shopper.email) } });
    expect((await page.text()).replace(/<!-- -->/g, "")).toContain(`Replaced with ${discounted.name} × 2`);

    // Cancelled: the replacement's units and the picked ones go back.
    expect((await api("/api/order/admin/cancel", { method: "POST", token: admin, body: { _id: id } })).status).toBe(200);
    expect(await stockOf(discounted.id)).toBe(5);
    expect(await stockOf(original.id)).toBe(1);
  });
});

describe("the handover", () => {
  async function outForDelivery() {
    const shopper = await newShopper();
    const a = await makeProduct({ stock: 5, price: 25 });
    const id = await codOrder(shopper.token, [{ productId: a.id, quantity: 1 }]);
    expect((await pick(id, [{ productId: a.id, picked: 1 }])).status).toBe(200);
    expect((await api("/api/order/dispatch", { method: "POST", token: staff.token, body: { _id: id } })).status).toBe(409);
    expect((await api("/api/order/ready", { method: "POST", token: staff.token, body: { _id: id } })).status).toBe(200);
    const dispatch = await api("/api/order/dispatch", { method: "POST", token: staff.token, body: { _id: id, rider: { name: "Ravi", phone: "9876543210" } } });
    expect(dispatch.status).toBe(200);
    expect(dispatch.body.data).not.toHaveProperty("deliveryCode");
    expect(JSON.stringify(dispatch.body)).not.toContain((await orderRow(id)).code!);
    return { shopper, id };
  }

  it("the shopper sees the code once out for delivery; the right code delivers", async () => {
    const { shopper, id } = await outForDelivery();
    const details = await api(`/api/order/details?_id=${id}`, { token: shopper.token });
    expect(details.body.data.deliveryCode).toMatch(/^[0-9]{4}$/);
    expect(details.body.data.rider).toBe("Ravi");
    const code = details.body.data.deliveryCode as string;
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, "0");
    const miss = await api("/api/order/deliver", { method: "POST", token: staff.token, body: { _id: id, code: wrong } });
    expect(miss.status).toBe(400);
    expect(miss.body.message).toBe("Wrong delivery code: 4 tries left");
    expect((await api("/api/order/deliver", { method: "POST", token: otherStaff.token, body: { _id: id, code } })).status).toBe(404);
    const hit = await api("/api/order/deliver", { method: "POST", token: staff.token, body: { _id: id, code } });
    expect(hit.status).toBe(200);
    expect(hit.body.data.status).toBe("delivered");
    const after = await api(`/api/order/details?_id=${id}`, { token: shopper.token });
    expect(after.body.data.deliveryCode).toBeNull();
    expect(after.body.data.status_history.map((h: { status: string }) => h.status)).toEqual(["placed", "packed", "ready", "out_for_delivery", "delivered"]);
  });

  it("30 parallel wrong codes count exactly 5, then the order is locked until an admin overrides with a reason", async () => {
    const { id } = await outForDelivery();
    const code = (await orderRow(id)).code!;
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, "0");
    const results = await Promise.all(
      Array.from({ length: 30 }, () => api("/api/order/deliver", { method: "POST", token: staff.token, body: { _id: id, code: wrong } })),
    );
    expect(results.every((r) => r.status === 400 || r.status === 409)).toBe(true);
    expect(results.filter((r) => r.status === 400)).toHaveLength(4);
    expect(await orderRow(id)).toMatchObject({ status: "out_for_delivery", tries: 5 });
    const locked = await api("/api/order/deliver", { method: "POST", token: staff.token, body: { _id: id, code } });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toMatch(/call support/);
    expect(await orderRow(id)).toMatchObject({ status: "out_for_delivery", tries: 5 });

    expect((await api("/api/order/deliver", { method: "POST", token: staff.token, body: { _id: id, override: "Shopper confirmed by phone" } })).status).toBe(
      403,
    );
    const override = await api("/api/order/deliver", { method: "POST", token: admin, body: { _id: id, override: "Shopper confirmed by phone" } });
    expect(override.status).toBe(200);
    const history = await env.DB.prepare("select note from order_status_history where order_id = ? and status = 'delivered'")
      .bind(id)
      .first<{ note: string }>();
    expect(history!.note).toBe("Admin override (no delivery code): Shopper confirmed by phone");
  });

  it("a rider from the staff must be staff of the order's store", async () => {
    const shopper = await newShopper();
    const a = await makeProduct({ stock: 5, price: 25 });
    const id = await codOrder(shopper.token, [{ productId: a.id, quantity: 1 }]);
    await pick(id, [{ productId: a.id, picked: 1 }]);
    await api("/api/order/ready", { method: "POST", token: staff.token, body: { _id: id } });
    const otherId = (await env.DB.prepare("select id from users where email = ?").bind(otherStaff.email).first<{ id: string }>())!.id;
    expect((await api("/api/order/dispatch", { method: "POST", token: staff.token, body: { _id: id, rider: { userId: otherId } } })).status).toBe(400);
    expect((await api("/api/order/dispatch", { method: "POST", token: staff.token, body: { _id: id, rider: { name: "X" } } })).status).toBe(400);
    const self = await api("/api/order/dispatch", { method: "POST", token: staff.token, body: { _id: id } });
    expect(self.status).toBe(200);
    expect(self.body.data.rider).toBe("Test Shopper");
  });
});

describe("strict picks", () => {
  /** Everything about the order a refused pick must leave as it was. */
  async function untouched(id: string) {
    const history = await env.DB.prepare("select count(*) as n from order_status_history where order_id = ?").bind(id).first<{ n: number }>();
    const picked = await env.DB.prepare("select count(*) as n from order_items where order_id = ? and picked is not null").bind(id).first<{ n: number }>();
    return { row: await orderRow(id), adjustments: await adjustments(id), history: history!.n, picked: picked!.n };
  }

  it("over /api: picked must be a JSON whole number from 0 to the quantity; anything else is a 400 naming the line, and nothing is applied", async () => {
    const shopper = await newShopper();
    const a = await makeProduct({ name: "Strict Milk", stock: 6, price: 40 });
    const b = await makeProduct({ name: "Strict Bread", stock: 6, price: 30 });
    const id = await codOrder(shopper.token, [
      { productId: a.id, quantity: 2 },
      { productId: b.id, quantity: 1 },
    ]);
    const before = await untouched(id);
    const stocks = [await stockOf(a.id), await stockOf(b.id)];
    const bad: unknown[] = [null, "", true, false, [2], " 1 ", "1", 1.5, "1e0", -1, 3, {}, "NaN", 1e21];
    for (const value of bad) {
      const res = await api("/api/order/pick", {
        method: "POST",
        token: staff.token,
        body: {
          _id: id,
          lines: [
            { productId: a.id, picked: value },
            { productId: b.id, picked: 1 },
          ],
        },
      });
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(res.body.message).toBe(`${a.name}: picked must be a whole number from 0 to 2 (the quantity ordered)`);
      expect(res.body.errors).toEqual({ [`picked.${a.id}`]: [res.body.message] });
    }
    // `picked` left out of a line.
    const noValue = await api("/api/order/pick", {
      method: "POST",
      token: staff.token,
      body: { _id: id, lines: [{ productId: a.id }, { productId: b.id, picked: 1 }] },
    });
    expect(noValue.status).toBe(400);
    expect(noValue.body.message).toBe(`${a.name}: picked must be a whole number from 0 to 2 (the quantity ordered)`);
    // A line left out is refused (never read as 0 or as picked in full), with its name.
    const missing = await pick(id, [{ productId: a.id, picked: 2 }]);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(`${b.name}: say how many were picked`);
    // The same product twice, and a product not on the order.
    const twice = await pick(id, [
      { productId: a.id, picked: 2 },
      { productId: a.id, picked: 0 },
      { productId: b.id, picked: 1 },
    ]);
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(`${a.name} is named more than once in the pick`);
    const stranger = await makeProduct({ stock: 1 });
    const unknown = await pick(id, [
      { productId: a.id, picked: 2 },
      { productId: b.id, picked: 1 },
      { productId: stranger.id, picked: 1 },
    ]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(`Product ${stranger.id} is not on this order`);

    expect(await untouched(id)).toEqual(before);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual(stocks);
    // A good pick still applies afterwards.
    const good = await pick(id, [
      { productId: a.id, picked: 1 },
      { productId: b.id, picked: 1 },
    ]);
    expect(good.status).toBe(200);
    expect(good.body.cancelled).toBe(false);
  });

  it("the page without JavaScript: the same message beside its line, the picker's values kept, nothing applied", async () => {
    const shopper = await newShopper();
    const a = await makeProduct({ name: "Form Curd", stock: 6, price: 40 });
    const b = await makeProduct({ name: "Form Eggs", stock: 6, price: 30 });
    const id = await codOrder(shopper.token, [
      { productId: a.id, quantity: 2 },
      { productId: b.id, quantity: 3 },
    ]);
    const before = await untouched(id);
    const post = (fields: Record<string, string>) =>
      SELF.fetch(`${BASE}/dashboard/stores/${storeId}/queue/${id}`, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "pick", ...fields }),
        redirect: "manual",
      });
    const cookie = await sessionCookie(staff.email);
    for (const typed of ["1.5", " 1 ", "", "3", "-1", "1e0"]) {
      const res = await post({ [`picked.${a.id}`]: typed, [`picked.${b.id}`]: "1" });
      expect(res.status, typed).toBe(400);
      const html = (await res.text()).replace(/<!-- -->/g, "");
      expect(html).toContain(`${a.name}: picked must be a whole number from 0 to 2 (the quantity ordered)`);
      // What the picker typed comes back: the refused value and the other line's 1 (not the ordered 3).
      expect(html).toMatch(new RegExp(`name="picked\\.${a.id}"[^>]*value="${typed.replace(/[.+]/g, "\\$&")}"`));
      expect(html).toMatch(new RegExp(`name="picked\\.${b.id}"[^>]*value="1"`));
    }
    const missing = await post({ [`picked.${a.id}`]: "2" });
    expect(missing.status).toBe(400);
    expect((await missing.text()).replace(/<!-- -->/g, "")).toContain(`${b.name}: say how many were picked`);
    expect(await untouched(id)).toEqual(before);
    await confirmAllLines(id);
    const done = await post({ [`picked.${a.id}`]: "2", [`picked.${b.id}`]: "3" });
    expect(done.status).toBe(303);
    expect((await orderRow(id)).status).toBe("packed");
  });
});

describe("a pick that found nothing", () => {
  it("cancels a cash order with the shopper told why, the stock corrected once and the coupon use given back", async () => {
    const shopper = await newShopper();
    const a = await makeProduct({ stock: 5, price: 150 });
    const b = await makeProduct({ stock: 5, price: 100 });
    const DAY = 24 * 60 * 60 * 1000;
    const code = `NONE${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
    const coupon = await api("/api/coupon/create", {
      method: "POST",
      token: admin,
      body: { code, type: "flat", value: 50, startsAt: Date.now() - DAY, endsAt: Date.now() + DAY },
    });
    expect(coupon.status).toBe(201);
    const addressId = await addressFor(shopper.token);
    const placed = await api("/api/order/cash-on-delivery", {
      method: "POST",
      token: shopper.token,
      body: {
        list_items: [
          { productId: a.id, quantity: 2 },
          { productId: b.id, quantity: 1 },
        ],
        addressId,
        couponCode: code,
      },
    });
    expect(placed.status).toBe(201);
    const id = placed.body.data._id as string;
    const uses = () => env.DB.prepare("select uses from coupons where code = ?").bind(code).first<{ uses: number }>();
    expect(await uses()).toEqual({ uses: 1 });
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([3, 4]);

    const res = await pick(id, [
      { productId: a.id, picked: 0 },
      { productId: b.id, picked: 0 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.cancelled).toBe(true);
    expect(res.body.data.status).toBe("cancelled");
    expect(res.body.message).toMatch(/cancelled: none of its items could be found/);
    expect(await orderRow(id)).toMatchObject({ status: "cancelled" });
    expect(await uses()).toEqual({ uses: 0 });
    // The held units were not on the shelf: the hold ends and the recorded stock drops by what was missing, once.
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([1, 3]);
    expect((await adjustments(id)).map((r) => r.delta).sort()).toEqual([-2, -1].sort());
    const history = await env.DB.prepare("select status, note from order_status_history where order_id = ? order by created_at, rowid").bind(id).all();
    expect(history.results.map((h) => h.status)).toEqual(["placed", "cancelled"]);

    // The shopper sees it cancelled, and why.
    const details = await api(`/api/order/details?_id=${id}`, { token: shopper.token });
    expect(details.body.data.status).toBe("cancelled");
    expect(details.body.data.status_history.at(-1).note).toBe("Cancelled: none of the items could be found at the store");
    const page = await SELF.fetch(`${BASE}/dashboard/myorders/${id}`, { headers: { Cookie: await sessionCookie(shopper.email) } });
    expect((await page.text()).replace(/<!-- -->/g, "")).toContain("Cancelled: none of the items could be found at the store");
    // A second pick is refused: the order is cancelled.
    const again = await pick(id, [
      { productId: a.id, picked: 0 },
      { productId: b.id, picked: 0 },
    ]);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/cancelled/);
  });

  it("paid online, two such picks at once: cancelled and refunded in full once, the stock corrected once", async () => {
    const shopper = await newShopper();
    const a = await makeProduct({ stock: 6, price: 80 });
    const b = await makeProduct({ stock: 6, price: 40 });
    const pi = uniquePi();
    const id = await paidOnlineOrder(shopper.token, pi, [
      { productId: a.id, quantity: 2 },
      { productId: b.id, quantity: 3 },
    ]);
    const { total } = await orderRow(id);
    const lines = [
      { productId: a.id, picked: 0 },
      { productId: b.id, picked: 0 },
    ];
    // A leading request first, so the two picks below arrive together.
    await api(`/api/store/queue?storeId=${storeId}`, { token: staff.token });
    const results = await Promise.all([pick(id, lines), pick(id, lines)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const won = results.find((r) => r.status === 200)!;
    expect(won.body).toMatchObject({ cancelled: true, refund: "refunded", refunded: total / 100 });
    expect((await refundsAtStripe(pi)).map((r) => r.amount)).toEqual([total]);
    expect(await orderRow(id)).toMatchObject({ status: "cancelled", paymentStatus: "REFUNDED", needsAttention: 0 });
    expect((await adjustments(id)).map((r) => r.delta).sort()).toEqual([-2, -3].sort());
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([2, 0]);
    const { results: lineRefunds } = await env.DB.prepare("select * from order_line_refunds where order_id = ?").bind(id).all();
    expect(lineRefunds).toEqual([]);
  });

  it("two such picks planned before either commits: the batch's guard settles the order once", async () => {
    const shopper = await newShopper();
    const a = await makeProduct({ stock: 6, price: 70 });
    const pi = uniquePi();
    const id = await paidOnlineOrder(shopper.token, pi, [{ productId: a.id, quantity: 2 }]);
    const { total } = await orderRow(id);
    const staffRow = (await env.DB.prepare("select u.id, s.store_id as storeId from users u join store_staff s on s.user_id = u.id where u.email = ?")
      .bind(staff.email)
      .first<{ id: string; storeId: string }>())!;
    const user = { id: staffRow.id, role: "USER", staffStoreId: staffRow.storeId } as SessionUser;
    const context = { cloudflare: { env, ctx: { waitUntil: () => undefined } } } as unknown as AppLoadContext;
    const lines = [{ productId: a.id, picked: 0 }];
    // Both plans read the order as placed and paid; only the batch can tell them apart.
    const plans = [await planPick(context, { orderId: id, user, lines }), await planPick(context, { orderId: id, user, lines })];
    expect(plans.every((p) => p.nothingFound)).toBe(true);
    const outcomes = await Promise.all(plans.map((p) => outcomeOf(commitPick(context, p))));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.find((o) => !o.ok)).toEqual({ ok: false, status: 409, message: "This order was cancelled: it can no longer be picked" });
    expect((await refundsAtStripe(pi)).map((r) => r.amount)).toEqual([total]);
    expect(await orderRow(id)).toMatchObject({ status: "cancelled", paymentStatus: "REFUNDED" });
    expect((await adjustments(id)).map((r) => r.delta)).toEqual([-2]);
    const cancels = await env.DB.prepare("select count(*) as n from order_status_history where order_id = ? and status = 'cancelled'")
      .bind(id)
      .first<{ n: number }>();
    expect(cancels!.n).toBe(1);
  });

  it("a line picked in part keeps the order going", async () => {
    const shopper = await newShopper();
    const a = await makeProduct({ stock: 6, price: 80 });
    const b = await makeProduct({ stock: 6, price: 40 });
    const id = await codOrder(shopper.token, [
      { productId: a.id, quantity: 2 },
      { productId: b.id, quantity: 3 },
    ]);
    const res = await pick(id, [
      { productId: a.id, picked: 0 },
      { productId: b.id, picked: 1 },
    ]);
    expect(res.status).toBe(200);
    expect(await orderRow(id)).toMatchObject({ status: "packed", total: 4000 });
  });
});

describe("wrong delivery codes per staff account, across orders", () => {
  it(
    "30 parallel wrong codes over ten orders count exactly 10, then the account is locked, the store is told live and its manager by mail",
    { timeout: 60_000 },
    async () => {
      const rider = await newShopper();
      expect((await addStaff(admin, storeId, rider.email)).status).toBe(200);
      const riderId = (await env.DB.prepare("select id from users where email = ?").bind(rider.email).first<{ id: string }>())!.id;
      const a = await makeProduct({ stock: 20, price: 25 });
      const shopper = await newShopper();
      const ids: string[] = [];
      // Ten orders of three guesses each (no order reaches its own five), and one more to deliver.
      for (let i = 0; i < 11; i++) {
        const id = await codOrder(shopper.token, [{ productId: a.id, quantity: 1 }]);
        expect((await pick(id, [{ productId: a.id, picked: 1 }])).status).toBe(200);
        expect((await api("/api/order/ready", { method: "POST", token: staff.token, body: { _id: id } })).status).toBe(200);
        expect((await api("/api/order/dispatch", { method: "POST", token: rider.token, body: { _id: id } })).status).toBe(200);
        ids.push(id);
      }
      const wrongFor = async (id: string) => {
        const code = (await orderRow(id)).code!;
        return String((Number(code) + 1) % 10_000).padStart(4, "0");
      };
      const guesses = await Promise.all(
        ids.slice(0, 10).map(async (id) =>
          Array(3)
            .fill(await wrongFor(id))
            .map((code: string) => ({ id, code })),
        ),
      );
      const all = guesses.flat();

      // The store's channel, as the manager's board would listen to it.
      const res = await SELF.fetch(`${BASE}/live/store/${storeId}`, { headers: { Upgrade: "websocket", Authorization: `Bearer ${admin}` } });
      expect(res.status).toBe(101);
      const socket = res.webSocket!;
      socket.accept();
      const heard: { type: string; userId?: string; orderId?: string }[] = [];
      socket.addEventListener("message", (event) => event.data !== "pong" && heard.push(JSON.parse(event.data as string)));

      const deliver = (guess: { id: string; code: string }, token = rider.token) =>
        api("/api/order/deliver", { method: "POST", token, body: { _id: guess.id, code: guess.code } });
      // A leading request first, then the rest in one burst.
      const first = await deliver(all[0]);
      const rest = await Promise.all(all.slice(1).map((g) => deliver(g)));
      const results = [first, ...rest];
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
      expect(statuses.filter((s) => s === 400)).toHaveLength(10);
      const tries = await env.DB.prepare(`select sum(delivery_code_tries) as n from orders where id in (${ids.map(() => "?").join(",")})`)
        .bind(...ids)
        .first<{ n: number }>();
      expect(tries!.n).toBe(10);
      const locked = results.find((r) => r.status === 429)!;
      expect(locked.body.message).toMatch(/^Too many wrong delivery codes from your account: you can deliver again in 30 min/);
      expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(29 * 60);

      // Locked out of delivering at all: the right code of the last order is refused too.
      const right = (await orderRow(ids[10])).code!;
      expect((await deliver({ id: ids[10], code: right })).status).toBe(429);
      expect((await orderRow(ids[10])).status).toBe("out_for_delivery");
      // Another staff member of the store is not affected.
      expect((await deliver({ id: ids[10], code: right }, staff.token)).status).toBe(200);

      // The store's manager (the seeded manager@example.com, decision 041) got one mail; the store's
      // channel one notice, before the notice of the delivery that came after it.
      const { results: mails } = await env.DB.prepare('select "to", subject from mail_outbox where instr(text, ?) > 0')
        .bind(`(${rider.email}) entered 10 wrong`)
        .all();
      expect(mails).toEqual([{ to: "manager@example.com", subject: "Test Shopper is locked out of deliveries" }]);
      const start = Date.now();
      while (!heard.some((m) => m.type === "order" && m.orderId === ids[10])) {
        if (Date.now() - start > 3000) throw new Error("the delivery's notice never came");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(heard.filter((m) => m.type === "staff-locked")).toEqual([
        { type: "staff-locked", userId: riderId, until: expect.any(Number), at: expect.any(Number) },
      ]);
      socket.close();

      // Once the lock has ended, the account delivers again.
      await env.DB.prepare("update rate_limit_counters set reset_at = ? where key = ?")
        .bind(Date.now() - 1, `delivery-code:${riderId}`)
        .run();
      const another = await codOrder(shopper.token, [{ productId: a.id, quantity: 1 }]);
      await pick(another, [{ productId: a.id, picked: 1 }]);
      await api("/api/order/ready", { method: "POST", token: staff.token, body: { _id: another } });
      expect((await api("/api/order/dispatch", { method: "POST", token: rider.token, body: { _id: another } })).status).toBe(200);
      expect((await deliver({ id: another, code: (await orderRow(another)).code! })).status).toBe(200);
    },
  );
  it("the tenth wrong code locks the account at once: it is told so, and the right code right after it is refused", { timeout: 60_000 }, async () => {
    const rider = await newShopper();
    expect((await addStaff(admin, storeId, rider.email)).status).toBe(200);
    const a = await makeProduct({ stock: 10, price: 25 });
    const shopper = await newShopper();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const id = await codOrder(shopper.token, [{ productId: a.id, quantity: 1 }]);
      expect((await pick(id, [{ productId: a.id, picked: 1 }])).status).toBe(200);
      expect((await api("/api/order/ready", { method: "POST", token: staff.token, body: { _id: id } })).status).toBe(200);
      expect((await api("/api/order/dispatch", { method: "POST", token: rider.token, body: { _id: id } })).status).toBe(200);
      ids.push(id);
    }
    const deliver = (id: string, code: string) => api("/api/order/deliver", { method: "POST", token: rider.token, body: { _id: id, code } });
    const codeOf = async (id: string) => (await orderRow(id)).code!;
    const wrongOf = async (id: string) => String((Number(await codeOf(id)) + 1) % 10_000).padStart(4, "0");
    const answers = [];
    for (const id of [ids[0], ids[0], ids[0], ids[1], ids[1], ids[1], ids[2], ids[2], ids[2], ids[3]]) answers.push(await deliver(id, await wrongOf(id)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(400));
    expect(answers[8].body.message).toMatch(/^Wrong delivery code: \d tries? left$/);
    expect(answers[9].body.message).toMatch(
      /^Wrong delivery code: 4 tries left Too many wrong delivery codes from your account: you can deliver again in 30 min/,
    );
    const refused = await deliver(ids[3], await codeOf(ids[3]));
    expect(refused.status).toBe(429);
    expect((await orderRow(ids[3])).status).toBe("out_for_delivery");
  });
});
