/**
 * Orders under attack: overselling races, other shoppers' orders and addresses, stock hoarding with
 * unpaid checkouts, duplicate orders from retries and double taps, the per-line limit, and lying
 * totals. Every case asserts the exact status and reads D1 to prove what changed and what did not;
 * parallel cases fire real requests with Promise.all and are built so the SQL guard is the refuser.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newId } from "~/lib/ids";
import { MAX_LINE_QUANTITY } from "~/lib/schemas/cart";
import { commitOrder, planOrder, type OrderPlan } from "../../app/server/orders/place-order.server";
import { api, makeProduct, newShopper, stockOf, VALID_ADDRESS } from "../workers/api-client";
import { BASE, outcomeOf } from "../workers/fixtures";
import { addressFor, completedEvent, orderById, ordersOf, postForm, sendWebhook, sessionCookie, stripeSession } from "./support-pay";

/** A load context for calling the order pipeline directly, past the HTTP layer. */
const context = { cloudflare: { env } } as unknown as AppLoadContext;
const userIdOf = async (token: string) => (await api("/api/user/user-details", { token })).body.data._id as string;
const cod = (token: string, body: unknown, headers: Record<string, string> = {}) =>
  api("/api/order/cash-on-delivery", { method: "POST", token, body, headers });
const checkout = (token: string, body: unknown, headers: Record<string, string> = {}) => api("/api/order/checkout", { method: "POST", token, body, headers });
const cartOf = async (token: string) => (await api("/api/cart/get", { token })).body.data as { quantity: number; productId: { _id: string } }[];
const orderLinesFor = async (productId: string) =>
  (await env.DB.prepare("select count(*) as n from order_items where product_id = ?").bind(productId).first<{ n: number }>())!.n;

describe("overselling", () => {
  it("N units, N + k shoppers at once, each with one in the cart: exactly N orders, the rest 409, stock 0", async () => {
    const N = 3;
    const k = 3;
    const product = await makeProduct({ name: "Last Paneer", stock: N });
    const shoppers = await Promise.all(Array.from({ length: N + k }, () => newShopper()));
    const addresses = await Promise.all(shoppers.map((s) => addressFor(s.token)));
    // Every shopper gets the unit into the cart: the stock (N) allows each of them one.
    for (const s of shoppers) expect((await api("/api/cart/create", { method: "POST", token: s.token, body: { productId: product.id } })).status).toBe(200);

    const results = await Promise.all(shoppers.map((s, i) => cod(s.token, { list_items: [{ productId: product.id, quantity: 1 }], addressId: addresses[i] })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(N);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual(Array(k).fill(409));
    for (const r of refused) expect(r.body.message).toBe(`${product.name} just sold out`);
    expect(await stockOf(product.id)).toBe(0);
    expect(await orderLinesFor(product.id)).toBe(N);
    // Winners' carts were consumed with their order; losers keep the line to try again later.
    const carts = await Promise.all(shoppers.map((s) => cartOf(s.token)));
    expect(carts.filter((c) => c.length === 0)).toHaveLength(N);
  });

  it("the batch alone decides: N + k orders planned while stock is N, then committed at once, sell exactly N", async () => {
    const N = 2;
    const k = 3;
    const product = await makeProduct({ stock: N });
    const shoppers = await Promise.all(Array.from({ length: N + k }, () => newShopper()));
    const plans: OrderPlan[] = [];
    for (const s of shoppers) {
      const planned = await planOrder(context, {
        userId: await userIdOf(s.token),
        addressId: await addressFor(s.token),
        lines: [{ productId: product.id, quantity: 1 }],
        paymentMethod: "COD",
      });
      if (!("plan" in planned)) throw new Error(`not planned: ${JSON.stringify(planned)}`);
      plans.push(planned.plan);
    }
    // Every request is past its reads and checks; nothing but the CHECK (stock >= 0) in the batch is left.
    expect(await stockOf(product.id)).toBe(N);
    const results = await Promise.all(plans.map((plan) => outcomeOf(commitOrder(context, plan))));
    expect(results.filter((r) => r.ok)).toHaveLength(N);
    expect(results.filter((r) => !r.ok)).toEqual(Array(k).fill({ ok: false, status: 409, message: `${product.name} just sold out` }));
    expect(await stockOf(product.id)).toBe(0);
    expect(await orderLinesFor(product.id)).toBe(N);
    const placed = await env.DB.prepare(`select count(*) as n from orders where id in (${plans.map(() => "?").join(",")})`)
      .bind(...plans.map((p) => p.id))
      .first<{ n: number }>();
    expect(placed!.n).toBe(N);
  });
});

describe("other shoppers' orders and addresses (IDOR)", () => {
  it("another shopper's order id is 404 on every order endpoint and page, and nothing changes", async () => {
    const owner = await newShopper();
    const product = await makeProduct({ stock: 10, price: 40 });
    const placed = await cod(owner.token, { list_items: [{ productId: product.id, quantity: 2 }], addressId: await addressFor(owner.token) });
    expect(placed.status).toBe(201);
    const id = placed.body.data._id as string;
    const before = await orderById(id);
    const attacker = await newShopper();

    const cookie = await sessionCookie(attacker.email);
    const { token } = attacker;
    const attempts: Record<string, () => Promise<{ status: number }>> = {
      "GET /api/order/details": () => api(`/api/order/details?_id=${id}`, { token }),
      "POST /api/order/cancel": () => api("/api/order/cancel", { method: "POST", token, body: { _id: id } }),
      "POST /api/order/reorder": () => api("/api/order/reorder", { method: "POST", token, body: { _id: id } }),
      "GET the order page": () => SELF.fetch(`${BASE}/dashboard/myorders/${id}`, { headers: { Cookie: cookie } }),
      "cancel form": () => postForm(`/dashboard/myorders/${id}`, cookie, { intent: "cancel" }),
      "buy-again form": () => postForm(`/dashboard/myorders/${id}`, cookie, { intent: "reorder" }),
    };
    for (const [name, attempt] of Object.entries(attempts)) expect((await attempt()).status, name).toBe(404);
    expect((await api("/api/order/order-list", { token })).body.data).toEqual([]);

    expect(await orderById(id)).toEqual(before);
    expect(await stockOf(product.id)).toBe(8);
    expect(await cartOf(attacker.token)).toEqual([]);
  });

  it("another shopper's address id is 404 to update, remove or deliver to, and nothing changes", async () => {
    const owner = await newShopper();
    const theirs = await addressFor(owner.token);
    const attacker = await newShopper();
    const product = await makeProduct({ stock: 5 });
    const row = () => env.DB.prepare("select * from addresses where id = ?").bind(theirs).first();
    const before = await row();

    expect(
      (await api("/api/address/update", { method: "PUT", token: attacker.token, body: { ...VALID_ADDRESS, _id: theirs, city: "Elsewhere" } })).status,
    ).toBe(404);
    expect((await api("/api/address/disable", { method: "DELETE", token: attacker.token, body: { _id: theirs } })).status).toBe(404);
    const order = await cod(attacker.token, { list_items: [{ productId: product.id, quantity: 1 }], addressId: theirs });
    expect(order.status).toBe(404);
    expect(order.body.message).toBe("Choose a delivery address: that address was not found");
    expect((await checkout(attacker.token, { list_items: [{ productId: product.id, quantity: 1 }], addressId: theirs })).status).toBe(404);
    // The page forms refuse it too (a flash message back to the page, as every page form does).
    const cookie = await sessionCookie(attacker.email);
    const form = await postForm("/dashboard/address", cookie, {
      intent: "update-address",
      _id: theirs,
      ...VALID_ADDRESS,
      recipient_name: "Intruder",
      house: "1",
      street: "Elsewhere Road",
    });
    expect(form.status).toBe(303);
    const removed = await postForm("/dashboard/address", cookie, { intent: "disable-address", _id: theirs });
    expect(removed.status).toBe(303);

    expect(await row()).toEqual(before);
    expect(await stockOf(product.id)).toBe(5);
    expect(await ordersOf(attacker.token)).toEqual([]);
  });
});

describe("stock hoarding with unpaid online checkouts", () => {
  it("a new checkout releases the previous hold: 50, 50 again, then 20 leaves only the last 20 held, older sessions closed", async () => {
    const { token } = await newShopper();
    const addressId = await addressFor(token);
    const product = await makeProduct({ stock: 120, price: 10 });
    const sessions: string[] = [];
    for (const quantity of [50, 50, 20]) {
      const res = await checkout(token, { list_items: [{ productId: product.id, quantity }], addressId });
      expect(res.status).toBe(200);
      sessions.push(res.body.id);
    }
    // The second 50 is the same request again: the same hold and session, not a second hold.
    expect(sessions[1]).toBe(sessions[0]);
    expect(sessions[2]).not.toBe(sessions[0]);
    expect(await stockOf(product.id)).toBe(100);
    const orders = await ordersOf(token);
    expect(orders.map((o) => [o.status, o.payment_status, o.stripe_session_id])).toEqual([
      ["cancelled", "FAILED", sessions[0]],
      ["placed", "PENDING", sessions[2]],
    ]);
    // The released session can no longer be paid at Stripe; the live one can.
    expect((await stripeSession(sessions[0])).status).toBe("expired");
    expect((await stripeSession(sessions[2])).status).toBe("open");
    const notes = await env.DB.prepare("select note from order_status_history where order_id = ? and status = 'cancelled'")
      .bind(orders[0].id)
      .all<{ note: string }>();
    expect(notes.results).toEqual([{ note: "Replaced by a newer checkout" }]);
    // A different product (or basket) is a new checkout too: it replaces the hold just the same.
    const other = await makeProduct({ stock: 10 });
    expect((await checkout(token, { list_items: [{ productId: other.id, quantity: 1 }], addressId })).status).toBe(200);
    expect(await stockOf(product.id)).toBe(120);
    expect((await ordersOf(token)).filter((o) => o.status === "placed")).toHaveLength(1);
  });

  it("five checkouts at once by one shopper: exactly one hold survives and only its units are held", async () => {
    const { token } = await newShopper();
    const addressId = await addressFor(token);
    const product = await makeProduct({ stock: 40, price: 10 });
    const results = await Promise.all([1, 2, 3, 4, 5].map((quantity) => checkout(token, { list_items: [{ productId: product.id, quantity }], addressId })));
    for (const r of results) expect([200, 409]).toContain(r.status);
    const holds = (await ordersOf(token)).filter((o) => o.status === "placed");
    expect(holds).toHaveLength(1);
    expect(holds[0].payment_status).toBe("PENDING");
    const held = (await env.DB.prepare("select quantity from order_items where order_id = ?").bind(holds[0].id).first<{ quantity: number }>())!.quantity;
    expect(await stockOf(product.id)).toBe(40 - held);
    // Every other session of this shopper is closed at Stripe, so none of them can be paid.
    for (const o of await ordersOf(token)) {
      if (o.id === holds[0].id || !o.stripe_session_id) continue;
      expect(o.status).toBe("cancelled");
      expect((await stripeSession(o.stripe_session_id)).status).toBe("expired");
    }
  });

  it("the batch alone keeps one hold: five online orders planned first, then committed at once", async () => {
    const { token } = await newShopper();
    const userId = await userIdOf(token);
    const addressId = await addressFor(token);
    const product = await makeProduct({ stock: 30 });
    const plans: OrderPlan[] = [];
    for (const quantity of [1, 2, 3, 4, 5]) {
      const planned = await planOrder(context, { userId, addressId, lines: [{ productId: product.id, quantity }], paymentMethod: "ONLINE" });
      if (!("plan" in planned)) throw new Error(`not planned: ${JSON.stringify(planned)}`);
      plans.push(planned.plan);
    }
    const results = await Promise.all(plans.map((plan) => outcomeOf(commitOrder(context, plan))));
    expect(results.every((r) => r.ok)).toBe(true);
    const holds = await env.DB.prepare(
      "select id from orders where user_id = ? and status = 'placed' and payment_status = 'PENDING' and payment_method = 'ONLINE'",
    )
      .bind(userId)
      .all<{ id: string }>();
    expect(holds.results).toHaveLength(1);
    const survivor = plans.find((p) => p.id === holds.results[0].id)!;
    expect(await stockOf(product.id)).toBe(30 - survivor.lines[0].quantity);
  });

  it("D1 itself refuses a second hold for one shopper (partial unique index)", async () => {
    const { token } = await newShopper();
    const userId = await userIdOf(token);
    const insert = (id: string) =>
      env.DB.prepare(
        `insert into orders (id, order_id, user_id, delivery_address, payment_method, payment_status, status, sub_total, total, store_id)
         values (?, ?, ?, '{}', 'ONLINE', 'PENDING', 'placed', 100, 100, (select id from stores where is_default = 1))`,
      )
        .bind(id, `ORD-TEST-${id.slice(0, 6)}`, userId)
        .run();
    const [first, second] = [newId(), newId()];
    await insert(first);
    await expect(insert(second)).rejects.toThrow(/UNIQUE constraint failed: orders\.user_id/);
    expect((await ordersOf(token)).map((o) => o.id)).toEqual([first]);
  });

  it(`a hold cannot pass the line limit (${MAX_LINE_QUANTITY}) by naming the product on several lines`, async () => {
    const { token } = await newShopper();
    const addressId = await addressFor(token);
    const product = await makeProduct({ stock: 200 });
    const res = await checkout(token, { list_items: [50, 50, 50].map((quantity) => ({ productId: product.id, quantity })), addressId });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("At most 50 of one product per order: the lines for one product add up to 150");
    expect(await stockOf(product.id)).toBe(200);
    expect(await ordersOf(token)).toEqual([]);
  });

  it("a replaced session paid anyway leaves its order cancelled and flagged for a refund", async () => {
    const { token } = await newShopper();
    const addressId = await addressFor(token);
    const product = await makeProduct({ stock: 10, price: 30 });
    const first = await checkout(token, { list_items: [{ productId: product.id, quantity: 2 }], addressId });
    const second = await checkout(token, { list_items: [{ productId: product.id, quantity: 3 }], addressId });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await stockOf(product.id)).toBe(7);
    const [old, live] = await ordersOf(token);
    // Stripe closed it, but suppose the payment raced the close and went through.
    const paid = await completedEvent(first.body.id, { status: "complete", payment_status: "paid", payment_intent: "pi_raced" });
    expect((await sendWebhook(paid)).body.message).toBe("Processed");
    expect(await orderById(old.id)).toMatchObject({
      status: "cancelled",
      payment_status: "PAID",
      needs_attention: 1,
      attention_note: "Paid after it was cancelled: refund it",
    });
    expect(await orderById(live.id)).toMatchObject({ status: "placed", payment_status: "PENDING" });
    expect(await stockOf(product.id)).toBe(7);
  });
});

describe("stock hoarding with cash orders", () => {
  const cap = MAX_LINE_QUANTITY;
  const keyed = (token: string, productId: string, quantity: number, addressId: string) =>
    cod(token, { list_items: [{ productId, quantity }], addressId }, { "Idempotency-Key": `hoard-${crypto.randomUUID()}` });
  const orderedOf = async (productId: string) =>
    (await env.DB.prepare("select coalesce(sum(quantity), 0) as n from order_items where product_id = ?").bind(productId).first<{ n: number }>())!.n;

  it(`one shopper's open cash orders hold at most ${MAX_LINE_QUANTITY} of a product: 50 then 50 again is 409, and delivery or a cancel frees the room`, async () => {
    const { token } = await newShopper();
    const addressId = await addressFor(token);
    const product = await makeProduct({ stock: 120, price: 10 });

    expect((await keyed(token, product.id, cap, addressId)).status).toBe(201);
    const again = await keyed(token, product.id, cap, addressId);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, error: true });
    expect(again.body.message).toBe(
      `You already have ${cap} of ${product.name} on open cash-on-delivery orders, and one shopper may have at most ${cap} of it until they are delivered`,
    );
    const one = await keyed(token, product.id, 1, addressId);
    expect(one.status).toBe(409);
    expect(await stockOf(product.id)).toBe(120 - cap);
    expect(await ordersOf(token)).toHaveLength(1);

    // Another shopper has a room of their own.
    const other = await newShopper();
    expect((await keyed(other.token, product.id, cap, await addressFor(other.token))).status).toBe(201);
    expect(await stockOf(product.id)).toBe(120 - 2 * cap);

    // Cancelling frees the room: 30 then 20 fill it, and 21 is told how many more fit.
    const [first] = await ordersOf(token);
    expect((await api("/api/order/cancel", { method: "POST", token, body: { _id: first.id } })).status).toBe(200);
    expect((await keyed(token, product.id, 30, addressId)).status).toBe(201);
    const over = await keyed(token, product.id, 21, addressId);
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(
      `You already have 30 of ${product.name} on open cash-on-delivery orders, and one shopper may have at most ${cap} of it until they are delivered: order at most ${cap - 30} more`,
    );
    expect((await keyed(token, product.id, cap - 30, addressId)).status).toBe(201);
    expect(await stockOf(product.id)).toBe(120 - 2 * cap);

    // A delivered order no longer counts.
    await env.DB.prepare("update orders set status = 'delivered' where user_id = ? and status = 'placed'")
      .bind(await userIdOf(token))
      .run();
    expect((await keyed(token, product.id, 20, addressId)).status).toBe(201);
    expect(await stockOf(product.id)).toBe(120 - 2 * cap - 20);
  });

  it(`ten cash orders of 10 at once by one shopper: exactly ${MAX_LINE_QUANTITY / 10} are placed, the rest 409, never more than ${MAX_LINE_QUANTITY} units`, async () => {
    const { token } = await newShopper();
    const addressId = await addressFor(token);
    const product = await makeProduct({ stock: 500, price: 10 });
    const results = await Promise.all(Array.from({ length: 10 }, () => keyed(token, product.id, 10, addressId)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(cap / 10);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual(Array(10 - cap / 10).fill(409));
    for (const r of refused) expect(r.body.message).toMatch(new RegExp(`^You already have ${cap} of .+ at most ${cap} of it until they are delivered$`));
    expect(await orderedOf(product.id)).toBe(cap);
    expect(await stockOf(product.id)).toBe(500 - cap);
    expect(await ordersOf(token)).toHaveLength(cap / 10);
  });

  it("plans made before any of them committed cannot pass the cap either: the batch decides", async () => {
    const { token } = await newShopper();
    const userId = await userIdOf(token);
    const addressId = await addressFor(token);
    const product = await makeProduct({ stock: 500 });
    const plans: OrderPlan[] = [];
    for (let i = 0; i < 4; i++) {
      const planned = await planOrder(context, {
        userId,
        addressId,
        lines: [{ productId: product.id, quantity: 20 }],
        paymentMethod: "COD",
        idempotencyKey: `plan-${i}-${newId()}`,
      });
      if (!("plan" in planned)) throw new Error(`not planned: ${JSON.stringify(planned)}`);
      plans.push(planned.plan);
    }
    const results = await Promise.all(plans.map((plan) => outcomeOf(commitOrder(context, plan))));
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    for (const r of results.filter((r) => !r.ok)) expect(r).toMatchObject({ ok: false, status: 409 });
    expect(await orderedOf(product.id)).toBe(40);
    expect(await stockOf(product.id)).toBe(460);
  });
});

describe("duplicate orders", () => {
  async function shopperWithCart(stock = 10) {
    const shopper = await newShopper();
    const addressId = await addressFor(shopper.token);
    const product = await makeProduct({ stock, price: 55 });
    expect((await api("/api/cart/create", { method: "POST", token: shopper.token, body: { productId: product.id } })).status).toBe(200);
    return { ...shopper, addressId, product, body: { list_items: [{ productId: product.id, quantity: 1 }], addressId } };
  }

  it("five identical cash-on-delivery requests at once without a key make one order; a sixth after the cart is empty too", async () => {
    const { token, product, body } = await shopperWithCart();
    const results = await Promise.all(Array.from({ length: 5 }, () => cod(token, body)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const orderId = results.find((r) => r.status === 201)!.body.data.orderId;
    for (const r of results) expect(r.body.data.orderId).toBe(orderId);
    expect(await stockOf(product.id)).toBe(9);
    expect(await cartOf(token)).toEqual([]);

    const sixth = await cod(token, body);
    expect(sixth.status).toBe(200);
    expect(sixth.body.data.orderId).toBe(orderId);
    expect(await ordersOf(token)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(9);
  });

  it("five identical requests at once with one Idempotency-Key make one order", async () => {
    const { token, product, body } = await shopperWithCart();
    const headers = { "Idempotency-Key": `dup-${crypto.randomUUID()}` };
    const results = await Promise.all(Array.from({ length: 5 }, () => cod(token, body, headers)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.data.orderId)).size).toBe(1);
    expect(await ordersOf(token)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(9);
    // The key belongs to a cash order: reusing it to start an online payment is a conflict.
    const reused = await checkout(token, body, headers);
    expect(reused.status).toBe(409);
    expect(await ordersOf(token)).toHaveLength(1);
  });

  it("the same basket again after the first order was cancelled is a new order", async () => {
    const { token, product, body } = await shopperWithCart();
    const first = await cod(token, body);
    expect(first.status).toBe(201);
    expect((await api("/api/order/cancel", { method: "POST", token, body: { _id: first.body.data._id } })).status).toBe(200);
    const again = await cod(token, body);
    expect(again.status).toBe(201);
    expect(again.body.data.orderId).not.toBe(first.body.data.orderId);
    expect(await stockOf(product.id)).toBe(9);
  });

  it("two identical online checkouts at once hold stock once and share one Stripe session", async () => {
    const { token, product, body } = await shopperWithCart();
    const [a, b] = await Promise.all([checkout(token, body), checkout(token, body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.id).toBe(b.body.id);
    expect(await ordersOf(token)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(9);
  });

  it("the checkout page submitted twice with its key (no JavaScript) lands on the same order page again, one order", async () => {
    const { token, email, product, addressId } = await shopperWithCart();
    const cookie = await sessionCookie(email);
    const page = await SELF.fetch(`${BASE}/checkout`, { headers: { Cookie: cookie } });
    const idempotencyKey = (await page.text()).match(/name="idempotencyKey" value="([0-9a-f]{24})"/)![1];
    const fields = { intent: "cod", addressId, idempotencyKey };
    const first = await postForm("/checkout", cookie, fields);
    expect(first.status).toBe(303);
    const second = await postForm("/checkout", cookie, fields);
    expect(second.status).toBe(303);
    const orders = await ordersOf(token);
    expect(orders).toHaveLength(1);
    expect(first.headers.get("Location")).toBe(`/dashboard/myorders/${orders[0].id}`);
    expect(second.headers.get("Location")).toBe(`/dashboard/myorders/${orders[0].id}`);
    expect(await stockOf(product.id)).toBe(9);
  });

  it("the checkout page's online payment submitted twice goes to the same Stripe page, one hold", async () => {
    const { token, email, product, addressId } = await shopperWithCart();
    const cookie = await sessionCookie(email);
    const fields = { intent: "online", addressId, idempotencyKey: "c".repeat(24) };
    const first = await postForm("/checkout", cookie, fields);
    const second = await postForm("/checkout", cookie, fields);
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(first.headers.get("Location")).toMatch(/\/pay\/cs_test_/);
    expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(await ordersOf(token)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(9);
  });
});

describe("the per-line limit", () => {
  it("merges lines of one product before validating: 3 × 50 is 400, 2 × 25 is one line of 50", async () => {
    const { token } = await newShopper();
    const addressId = await addressFor(token);
    const product = await makeProduct({ stock: 500 });
    const lines = (...quantities: number[]) => quantities.map((quantity) => ({ productId: product.id, quantity }));

    const tooMany = await cod(token, { list_items: lines(50, 50, 50), addressId });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ success: false, message: "At most 50 of one product per order: the lines for one product add up to 150" });
    expect(tooMany.body.errors).toEqual({ list_items: ["At most 50 of one product per order: the lines for one product add up to 150"] });
    expect((await cod(token, { list_items: [{ productId: { _id: product.id }, quantity: 30 }, ...lines(21)], addressId })).status).toBe(400);
    expect(await stockOf(product.id)).toBe(500);
    expect(await ordersOf(token)).toEqual([]);

    const merged = await cod(token, { list_items: lines(25, 25), addressId });
    expect(merged.status).toBe(201);
    const items = await env.DB.prepare("select quantity from order_items where order_id = ?").bind(merged.body.data._id).all<{ quantity: number }>();
    expect(items.results).toEqual([{ quantity: 50 }]);
    expect(await stockOf(product.id)).toBe(450);
  });
});

describe("the largest order list_items allows", () => {
  it("100 different products in one order is placed, not a 500 (D1 binds at most 100 parameters)", async () => {
    const { token } = await newShopper();
    const addressId = await addressFor(token);
    const products = [];
    products.push(...(await Promise.all(Array.from({ length: 100 }, () => makeProduct({ stock: 3, price: 1 })))));
    const res = await cod(token, { list_items: products.map((p) => ({ productId: p.id, quantity: 1 })), addressId });
    expect(res.status).toBe(201);
    expect(await stockOf(products[99].id)).toBe(2);
    const tooMany = await cod(token, { list_items: [...products, products[0]].map((p) => ({ productId: p.id, quantity: 1 })), addressId });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe("At most 100 lines per order");
  });
});

describe("totals and fields sent by the client", () => {
  it("lying subTotalAmt or totalAmt is 409 with the real total, and nothing is created", async () => {
    const { token } = await newShopper();
    const addressId = await addressFor(token);
    const product = await makeProduct({ stock: 5, price: 200, discount: 10 });
    const base = { list_items: [{ productId: product.id, quantity: 2 }], addressId };
    for (const [send, totals] of [
      [cod, { subTotalAmt: 1 }],
      [cod, { totalAmt: 0 }],
      [cod, { subTotalAmt: 360, totalAmt: 1 }],
      [checkout, { totalAmt: 359.99 }],
    ] as const) {
      const res = await send(token, { ...base, ...totals });
      expect(res.status, JSON.stringify(totals)).toBe(409);
      expect(res.body.message).toBe("Prices have changed: the total is now ₹360. Review your cart and try again.");
    }
    expect((await cod(token, { ...base, totalAmt: -1 })).status).toBe(400);
    expect((await cod(token, { ...base, totalAmt: "360" })).status).toBe(400);
    expect(await stockOf(product.id)).toBe(5);
    expect(await ordersOf(token)).toEqual([]);
    // The truth is accepted.
    expect((await cod(token, { ...base, subTotalAmt: 360, totalAmt: 360 })).status).toBe(201);
  });

  it("status, payment, owner and price fields in the body are ignored (mass assignment)", async () => {
    const { token } = await newShopper();
    const victim = await newShopper();
    const addressId = await addressFor(token);
    const product = await makeProduct({ stock: 5, price: 100 });
    const res = await cod(token, {
      list_items: [{ productId: product.id, quantity: 1, price: 1, finalPrice: 1 }],
      addressId,
      status: "delivered",
      payment_status: "PAID",
      userId: await userIdOf(victim.token),
      user_id: await userIdOf(victim.token),
      total: 1,
      orderId: "ORD-FAKE",
    });
    expect(res.status).toBe(201);
    const [order] = await ordersOf(token);
    expect(order).toMatchObject({ status: "placed", payment_status: "PENDING", payment_method: "COD", total: 10000 });
    expect(res.body.data.orderId).not.toBe("ORD-FAKE");
    expect(await ordersOf(victim.token)).toEqual([]);
  });
});
