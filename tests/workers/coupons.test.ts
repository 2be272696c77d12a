/**
 * Coupons and tips (issue 31, docs/decisions/030-coupons-and-tips.md): uses counted by the order's
 * own insert (the 20-parallel race, per-shopper limits from two sessions), expiry at the boundary,
 * scope by category and store, pro-rated refunds (full cancel, short pick), a cancel giving the use
 * back, the tip, and bad input that writes nothing.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { cartCoupon } from "../../app/server/coupons/bill-choices.server";
import { commitOrder, planOrder } from "../../app/server/orders/place-order.server";
import { api, login, makeProduct, newShopper, randomIp, stockOf, VALID_ADDRESS } from "./api-client";
import { outcomeOf } from "./fixtures";
import { completedEvent, sendWebhook, stripeSession } from "../security/support-pay";
import { confirmAllLines } from "./pick-support";

const context = { cloudflare: { env } } as unknown as AppLoadContext;

let admin: string;
let defaultStoreId: string;
let otherStoreId: string;

beforeAll(async () => {
  admin = await login("admin@example.com", "Admin@12345");
  defaultStoreId = (await env.DB.prepare("select id from stores where is_default = 1").first<{ id: string }>())!.id;
  otherStoreId = (await env.DB.prepare("select id from stores where is_default = 0 order by name limit 1").first<{ id: string }>())!.id;
});

let codes = 0;
/** A code of the test's own. */
const newCode = (prefix = "T") => `${prefix}${Date.now().toString(36).toUpperCase()}${(codes++).toString(36).toUpperCase()}`.slice(0, 20);

const DAY = 24 * 60 * 60 * 1000;

/** Creates a coupon through /api (rupees), live from yesterday for a year unless told otherwise. */
async function createCoupon(fields: Record<string, unknown>) {
  const body = { code: newCode(), type: "flat", value: 50, startsAt: Date.now() - DAY, endsAt: Date.now() + 365 * DAY, ...fields };
  const res = await api("/api/coupon/create", { method: "POST", token: admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data._id as string, code: res.body.data.code as string };
}

async function addressFor(token: string) {
  const res = await api("/api/address/create", { method: "POST", token, body: VALID_ADDRESS });
  return res.body.data._id as string;
}

const userIdOf = async (token: string) => (await api("/api/user/user-details", { token })).body.data._id as string;

async function orderRow(id: string) {
  return (await env.DB.prepare(
    "select status, sub_total as subTotal, discount, tip, total, coupon_code as couponCode, coupon_id as couponId, payment_status as paymentStatus from orders where id = ?",
  )
    .bind(id)
    .first<{
      status: string;
      subTotal: number;
      discount: number;
      tip: number;
      total: number;
      couponCode: string | null;
      couponId: string | null;
      paymentStatus: string;
    }>())!;
}

const countRows = async (table: string) => (await env.DB.prepare(`select count(*) as n from ${table}`).first<{ n: number }>())!.n;

async function refundsAtStripe(paymentIntent: string) {
  const res = await fetch(`${inject("stripeBase")}/__control/refunds?payment_intent=${paymentIntent}`);
  return ((await res.json()) as { refunds: { id: string; amount: number }[] }).refunds;
}

const uniquePi = () => `pi_${crypto.randomUUID().replace(/-/g, "")}`;

// Parallel orders take longer than vitest's 5 s default on a loaded 2-core machine.
describe("the uses are counted by the order's own insert", { timeout: 60_000 }, () => {
  it("20 parallel orders with a 3-use coupon, all planned while it is unused: exactly three discounted orders and 17 clear refusals", async () => {
    const product = await makeProduct({ stock: 40, price: 200 });
    const { code, id: couponId } = await createCoupon({ value: 50, totalUses: 3 });
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => newShopper()));
    const addresses = await Promise.all(shoppers.map((s) => addressFor(s.token)));
    // The first request of a burst reaches the worker well ahead of the others here; were it an
    // order, it would be placed before the rest read the coupon, and their plans (which count the
    // uses too) would refuse them. A request without the coupon takes that place, so all 20 plans
    // see the coupon unused and only the order's own write can hold the limit.
    const [lead, ...results] = await Promise.all([
      api("/api/user/user-details", { token: shoppers[0].token }),
      ...shoppers.map((s, i) =>
        api("/api/order/cash-on-delivery", {
          method: "POST",
          token: s.token,
          body: { list_items: [{ productId: product.id, quantity: 1 }], addressId: addresses[i], couponCode: code.toLowerCase() },
        }),
      ),
    ]);
    expect(lead.status).toBe(200);
    const won = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(won).toHaveLength(3);
    for (const r of won) expect(r.body.data).toMatchObject({ subTotalAmt: 200, discount: 50, tip: 0, totalAmt: 150 });
    expect(refused).toHaveLength(17);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body.message).toMatch(new RegExp(`${code} has been fully used|${code} changed or ran out just now`));
      expect(r.body.message).toMatch(/not placed|remove the coupon/i);
    }
    const { results: rows } = await env.DB.prepare("select discount, total from orders where coupon_id = ?")
      .bind(couponId)
      .all<{ discount: number; total: number }>();
    expect(rows).toEqual(Array.from({ length: 3 }, () => ({ discount: 5000, total: 15000 })));
    // Nobody was charged full price silently: the 17 placed nothing, and their stock is still there.
    expect((await env.DB.prepare("select count(*) as n from order_items where product_id = ?").bind(product.id).first<{ n: number }>())!.n).toBe(3);
    expect(await stockOf(product.id)).toBe(37);
  });

  it("the plan does not decide: 10 plans made while the coupon is free, committed at once, give one discounted order", async () => {
    const product = await makeProduct({ stock: 40, price: 100 });
    const { code } = await createCoupon({ type: "percent", value: 10, totalUses: 1 });
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => newShopper()));
    const plans = await Promise.all(
      shoppers.map(async (s) => {
        const planned = await planOrder(context, {
          userId: await userIdOf(s.token),
          addressId: await addressFor(s.token),
          lines: [{ productId: product.id, quantity: 2 }],
          paymentMethod: "COD",
          couponCode: code,
        });
        if (!("plan" in planned)) throw new Error("expected a plan");
        return planned.plan;
      }),
    );
    expect(plans.every((p) => p.bill.couponDiscount === 2000)).toBe(true);
    const outcomes = await Promise.all(plans.map((plan) => outcomeOf(commitOrder(context, plan))));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok && o.status === 409 && /fully used/.test(o.message))).toHaveLength(9);
  });

  it("per-shopper limit under parallel orders from two sessions of one shopper", async () => {
    const product = await makeProduct({ stock: 40, price: 100 });
    const { code } = await createCoupon({ value: 10, perShopper: 1, totalUses: 100 });
    const shopper = await newShopper();
    const second = await login(shopper.email, "Test@12345");
    const addressId = await addressFor(shopper.token);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api("/api/order/cash-on-delivery", {
          method: "POST",
          token: i % 2 ? second : shopper.token,
          body: { list_items: [{ productId: product.id, quantity: 1 }], addressId, couponCode: code, idempotencyKey: `per-shopper-${code}-${i}` },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(9);
    expect(refused.every((r) => r.status === 409 && new RegExp(`You have already used ${code}|${code} changed or ran out`).test(r.body.message))).toBe(true);
    // Told before ordering again.
    const apply = await api("/api/coupon/apply", { method: "POST", token: second, body: { code, list_items: [{ productId: product.id, quantity: 1 }] } });
    expect(apply.status).toBe(422);
    expect(apply.body.message).toBe(`You have already used ${code}`);
    // The cart's coupon box (the /cart and /checkout pages) says the same of the applied code.
    const shopperId = (await env.DB.prepare("select id from users where email = ?").bind(shopper.email).first<{ id: string }>())!.id;
    const { coupon: box } = await cartCoupon(context, {
      code,
      userId: shopperId,
      lines: [{ productId: product.id, quantity: 1, price: 10000, discount: 0 }],
      store: null,
    });
    expect(box).toMatchObject({ discount: 0, reason: `You have already used ${code}` });
    // Another shopper still may.
    const other = await newShopper();
    const res = await api("/api/order/cash-on-delivery", {
      method: "POST",
      token: other.token,
      body: { list_items: [{ productId: product.id, quantity: 1 }], addressId: await addressFor(other.token), couponCode: code },
    });
    expect(res.status).toBe(201);
  });

  it("cancelling an order gives its use back", async () => {
    const product = await makeProduct({ stock: 10, price: 100 });
    const { code } = await createCoupon({ value: 20, totalUses: 1 });
    const [a, b] = await Promise.all([newShopper(), newShopper()]);
    const order = (token: string, addressId: string) =>
      api("/api/order/cash-on-delivery", {
        method: "POST",
        token,
        body: { list_items: [{ productId: product.id, quantity: 1 }], addressId, couponCode: code },
      });
    const [addrA, addrB] = await Promise.all([addressFor(a.token), addressFor(b.token)]);
    const first = await order(a.token, addrA);
    expect(first.status).toBe(201);
    const refused = await order(b.token, addrB);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`${code} has been fully used`);
    expect((await api("/api/order/cancel", { method: "POST", token: a.token, body: { _id: first.body.data._id } })).status).toBe(200);
    const again = await order(b.token, addrB);
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({ discount: 20, totalAmt: 80 });
    // The list counts orders that are not cancelled.
    const list = await api("/api/coupon/list", { token: admin });
    expect(list.body.data.find((c: { code: string }) => c.code === code).uses).toBe(1);
  });

  it("first order only: a shopper with an order is told", async () => {
    const product = await makeProduct({ stock: 10, price: 100 });
    const { code } = await createCoupon({ value: 20, firstOrderOnly: true });
    const shopper = await newShopper();
    const addressId = await addressFor(shopper.token);
    const lines = [{ productId: product.id, quantity: 1 }];
    expect((await api("/api/coupon/apply", { method: "POST", token: shopper.token, body: { code, list_items: lines } })).status).toBe(200);
    expect(
      (await api("/api/order/cash-on-delivery", { method: "POST", token: shopper.token, body: { list_items: lines, addressId, couponCode: code } })).status,
    ).toBe(201);
    const again = await api("/api/coupon/apply", { method: "POST", token: shopper.token, body: { code, list_items: lines } });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(`${code} is for your first order only`);
  });
});

describe("when a coupon applies", () => {
  it("expiry at the boundary: valid until the last millisecond, refused from endsAt, even for a plan made just before", async () => {
    const endsAt = Date.parse("2030-12-04T00:00:00+05:30");
    const product = await makeProduct({ stock: 10, price: 300 });
    const { code } = await createCoupon({ value: 50, startsAt: "2020-01-01T00:00:00Z", endsAt });
    const shopper = await newShopper();
    const input = {
      userId: await userIdOf(shopper.token),
      addressId: await addressFor(shopper.token),
      lines: [{ productId: product.id, quantity: 1 }],
      paymentMethod: "COD" as const,
      couponCode: code,
    };
    const before = await planOrder(context, input, endsAt - 1);
    expect("plan" in before && before.plan.bill.couponDiscount).toBe(5000);
    const at = await outcomeOf(planOrder(context, input, endsAt));
    expect(at).toMatchObject({ ok: false, status: 409 });
    expect(!at.ok && at.message).toContain(`${code} ended on 3 Dec`);
    // A plan judged a millisecond before the end, committed at the end: the insert refuses it.
    if (!("plan" in before)) throw new Error("expected a plan");
    const late = await outcomeOf(commitOrder(context, before.plan, endsAt));
    expect(late).toMatchObject({ ok: false, status: 409 });
    expect(!late.ok && late.message).toContain(`${code} ended on 3 Dec`);
    expect(await outcomeOf(commitOrder(context, { ...before.plan }, endsAt - 1))).toEqual({ ok: true });
  });

  it("not yet started, below the minimum, and unknown codes say why", async () => {
    const product = await makeProduct({ stock: 10, price: 80 });
    const later = await createCoupon({ startsAt: Date.parse("2030-12-05T10:00:00+05:30"), endsAt: Date.parse("2031-01-01T00:00:00+05:30") });
    const min = await createCoupon({ value: 50, minOrder: 200 });
    const shopper = await newShopper();
    const lines = [{ productId: product.id, quantity: 1 }];
    const apply = (code: string) => api("/api/coupon/apply", { method: "POST", token: shopper.token, body: { code, list_items: lines } });
    const a = await apply(later.code);
    expect([a.status, a.body.message]).toEqual([422, `${later.code} starts on 5 Dec`]);
    const b = await apply(min.code);
    expect([b.status, b.body.message]).toEqual([422, `Add ₹120 more to use ${min.code}`]);
    const c = await apply("NOSUCHCODE1");
    expect([c.status, c.body.message]).toEqual([404, "NOSUCHCODE1 is not a valid coupon code"]);
    const d = await api("/api/coupon/apply", {
      method: "POST",
      token: shopper.token,
      body: { code: min.code, list_items: [{ productId: product.id, quantity: 3 }] },
    });
    expect(d.status).toBe(200);
    expect(d.body.data).toMatchObject({ code: min.code, discount: 50 });
  });

  it("scope by category: only the items in its categories are discounted; none of them: not valid for items in your cart", async () => {
    const inCat = await makeProduct({ stock: 10, price: 100 });
    const outCat = await makeProduct({ stock: 10, price: 300 });
    const catOf = async (productId: string) =>
      (await env.DB.prepare("select category_id as c from product_categories where product_id = ?").bind(productId).first<{ c: string }>())!.c;
    const category = await catOf(inCat.id);
    const other = (await env.DB.prepare("select id from categories where id <> ? order by name limit 1").bind(category).first<{ id: string }>())!.id;
    await env.DB.prepare("update product_categories set category_id = ? where product_id = ?").bind(other, outCat.id).run();
    const scoped = await createCoupon({ type: "percent", value: 50, categories: [category] });
    const shopper = await newShopper();
    const apply = (list: { productId: string; quantity: number }[]) =>
      api("/api/coupon/apply", { method: "POST", token: shopper.token, body: { code: scoped.code, list_items: list } });
    const none = await apply([{ productId: outCat.id, quantity: 1 }]);
    expect([none.status, none.body.message]).toEqual([422, "Not valid for items in your cart"]);
    const mixed = await apply([
      { productId: outCat.id, quantity: 1 },
      { productId: inCat.id, quantity: 2 },
    ]);
    // 50 % of the ₹200 in its category, not of the ₹500 cart.
    expect(mixed.status).toBe(200);
    expect(mixed.body.data.discount).toBe(100);
  });

  it("scope by store: the order's store must be one of the coupon's", async () => {
    const product = await makeProduct({ stock: 10, price: 100 });
    const elsewhere = await createCoupon({ stores: [otherStoreId] });
    const here = await createCoupon({ value: 30, stores: [defaultStoreId] });
    const shopper = await newShopper();
    const addressId = await addressFor(shopper.token);
    const lines = [{ productId: product.id, quantity: 1 }];
    const refused = await api("/api/order/cash-on-delivery", {
      method: "POST",
      token: shopper.token,
      body: { list_items: lines, addressId, couponCode: elsewhere.code },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("Not valid at this store");
    expect((await api("/api/coupon/apply", { method: "POST", token: shopper.token, body: { code: elsewhere.code, list_items: lines } })).body.message).toBe(
      "Not valid at this store",
    );
    const placed = await api("/api/order/cash-on-delivery", {
      method: "POST",
      token: shopper.token,
      body: { list_items: lines, addressId, couponCode: here.code },
    });
    expect(placed.status).toBe(201);
    expect(placed.body.data).toMatchObject({ discount: 30, totalAmt: 70 });
  });

  it("available offers say whether each applies to the shopper's cart", async () => {
    const product = await makeProduct({ stock: 10, price: 100 });
    const fits = await createCoupon({ value: 10 });
    const tooBig = await createCoupon({ value: 10, minOrder: 1_000_000 });
    const shopper = await newShopper();
    expect((await api("/api/cart/create", { method: "POST", token: shopper.token, body: { productId: product.id } })).status).toBeLessThan(300);
    const res = await api("/api/coupon/available", { token: shopper.token });
    expect(res.status).toBe(200);
    const byCode = new Map(res.body.data.map((o: { code: string }) => [o.code, o]));
    expect(byCode.get(fits.code)).toMatchObject({ applies: true, discount: 10, reason: null });
    expect(byCode.get(tooBig.code)).toMatchObject({ applies: false, reason: `Add ₹9,99,900 more to use ${tooBig.code}` });
  });
});

describe("money: the bill, Stripe, refunds", () => {
  it("COD with a coupon and a tip: total = items − discount + tip; the order keeps what it was charged when the coupon is edited or deleted", async () => {
    const product = await makeProduct({ stock: 10, price: 99, discount: 10 });
    const coupon = await createCoupon({ type: "percent", value: 15, maxDiscount: 20 });
    const shopper = await newShopper();
    const res = await api("/api/order/cash-on-delivery", {
      method: "POST",
      token: shopper.token,
      body: {
        list_items: [{ productId: product.id, quantity: 2 }],
        addressId: await addressFor(shopper.token),
        couponCode: ` ${coupon.code.toLowerCase()} `,
        tip: 20,
      },
    });
    expect(res.status).toBe(201);
    // ₹89 × 2 = ₹178; 15 % = ₹26.70, capped at ₹20; + ₹20 tip.
    expect(res.body.data).toMatchObject({ subTotalAmt: 178, discount: 20, tip: 20, totalAmt: 178 });
    const id = res.body.data._id as string;
    expect(await orderRow(id)).toMatchObject({ subTotal: 17800, discount: 2000, tip: 2000, total: 17800, couponCode: coupon.code });

    const edited = await api("/api/coupon/update", {
      method: "PUT",
      token: admin,
      body: { _id: coupon.id, code: coupon.code, type: "flat", value: 5, startsAt: Date.now() - DAY, endsAt: Date.now() + DAY },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ type: "flat", value: 5 });
    expect(await orderRow(id)).toMatchObject({ discount: 2000, total: 17800, couponCode: coupon.code });
    const details = await api(`/api/order/details?_id=${id}`, { token: shopper.token });
    expect(details.body.data).toMatchObject({ subTotalAmt: 178, discount: 20, tip: 20, totalAmt: 178, couponCode: coupon.code });

    expect((await api("/api/coupon/delete", { method: "DELETE", token: admin, body: { _id: coupon.id } })).status).toBe(200);
    expect(await orderRow(id)).toMatchObject({ discount: 2000, total: 17800, couponCode: coupon.code, couponId: null });
    const list = await api("/api/order/order-list", { token: shopper.token });
    expect(list.body.data.find((o: { order_ref: string }) => o.order_ref === id)).toMatchObject({ discount: 20, tip: 20, totalAmt: 178 });
  });

  it("online: Stripe is asked for the discounted total plus the tip; a full cancel refunds exactly what was paid", async () => {
    const product = await makeProduct({ stock: 10, price: 120 });
    const coupon = await createCoupon({ value: 33.33 });
    const shopper = await newShopper();
    const res = await api("/api/order/checkout", {
      method: "POST",
      token: shopper.token,
      body: { list_items: [{ productId: product.id, quantity: 3 }], addressId: await addressFor(shopper.token), couponCode: coupon.code, tip: 30 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ subTotalAmt: 360, discount: 33.33, tip: 30, totalAmt: 356.67 });
    const session = await stripeSession(res.body.id);
    expect(session.amount_total).toBe(35667);
    expect(session.line_items).toEqual([
      expect.objectContaining({ quantity: 1, unit_amount: 32667 }),
      { name: "Tip for your delivery partner", quantity: 1, unit_amount: 3000 },
    ]);
    const pi = uniquePi();
    expect((await sendWebhook(await completedEvent(res.body.id, { payment_intent: pi }))).status).toBe(200);
    const order = (await env.DB.prepare("select id from orders where stripe_session_id = ?").bind(res.body.id).first<{ id: string }>())!;
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "PAID", total: 35667 });
    expect((await api("/api/order/admin/cancel", { method: "POST", token: admin, body: { _id: order.id } })).status).toBe(200);
    const refunds = await refundsAtStripe(pi);
    expect(refunds.map((r) => r.amount)).toEqual([35667]);
  });

  it("short pick with a coupon: each line is refunded what was paid for it, pro-rated; the refunds never exceed the payment", async () => {
    const staff = await newShopper();
    expect((await api("/api/store/staff", { method: "POST", token: admin, body: { storeId: defaultStoreId, email: staff.email } })).status).toBe(200);
    const a = await makeProduct({ stock: 10, price: 80 });
    const b = await makeProduct({ stock: 10, price: 40 });
    // A percent coupon: its discount shrinks with the items (a flat one keeps its face value, below).
    const coupon = await createCoupon({ type: "percent", value: 25 });
    const shopper = await newShopper();
    const res = await api("/api/order/checkout", {
      method: "POST",
      token: shopper.token,
      body: {
        list_items: [
          { productId: a.id, quantity: 2 },
          { productId: b.id, quantity: 1 },
        ],
        addressId: await addressFor(shopper.token),
        couponCode: coupon.code,
        tip: 10,
      },
    });
    expect(res.status).toBe(200);
    // Items ₹200 − ₹50 + ₹10 tip = ₹160 paid.
    const pi = uniquePi();
    expect((await sendWebhook(await completedEvent(res.body.id, { payment_intent: pi }))).status).toBe(200);
    const id = (await env.DB.prepare("select id from orders where stripe_session_id = ?").bind(res.body.id).first<{ id: string }>())!.id;
    await confirmAllLines(id);
    const pick = await api("/api/order/pick", {
      method: "POST",
      token: staff.token,
      body: {
        _id: id,
        lines: [
          { productId: a.id, picked: 1 },
          { productId: b.id, picked: 0 },
        ],
      },
    });
    expect(pick.status).toBe(200);
    // ₹120 of ₹200 of items removed: the shopper paid ₹150 for ₹200 of items, so ₹90 of it comes back
    // (₹80 line: 80 − 20 = ₹60; ₹40 line: 40 − 10 = ₹30); ₹80 of items remain with ₹20 off, + tip.
    const refunds = await refundsAtStripe(pi);
    expect(refunds.map((r) => r.amount).sort((x, y) => x - y)).toEqual([3000, 6000]);
    expect(await orderRow(id)).toMatchObject({ subTotal: 8000, discount: 2000, tip: 1000, total: 7000 });
    // A later cancel (before it went out) refunds what is left, tip included: in all, exactly what was paid.
    expect((await api("/api/order/admin/cancel", { method: "POST", token: admin, body: { _id: id } })).status).toBe(200);
    const all = await refundsAtStripe(pi);
    expect(all.reduce((sum, r) => sum + r.amount, 0)).toBe(16000);
  });

  it("short pick with a flat coupon whose minimum is still met: the coupon keeps its face value and every removed item is refunded in full", async () => {
    const staff = await newShopper();
    expect((await api("/api/store/staff", { method: "POST", token: admin, body: { storeId: defaultStoreId, email: staff.email } })).status).toBe(200);
    const a = await makeProduct({ stock: 10, price: 80 });
    const b = await makeProduct({ stock: 10, price: 40 });
    const coupon = await createCoupon({ value: 50, minOrder: 60 });
    const shopper = await newShopper();
    const res = await api("/api/order/checkout", {
      method: "POST",
      token: shopper.token,
      body: {
        list_items: [
          { productId: a.id, quantity: 2 },
          { productId: b.id, quantity: 1 },
        ],
        addressId: await addressFor(shopper.token),
        couponCode: coupon.code,
        tip: 10,
      },
    });
    expect(res.status).toBe(200);
    const pi = uniquePi();
    expect((await sendWebhook(await completedEvent(res.body.id, { payment_intent: pi }))).status).toBe(200);
    const id = (await env.DB.prepare("select id from orders where stripe_session_id = ?").bind(res.body.id).first<{ id: string }>())!.id;
    await confirmAllLines(id);
    const pick = await api("/api/order/pick", {
      method: "POST",
      token: staff.token,
      body: {
        _id: id,
        lines: [
          { productId: a.id, picked: 1 },
          { productId: b.id, picked: 0 },
        ],
      },
    });
    expect(pick.status).toBe(200);
    // ₹80 of items remain, over the ₹60 minimum: ₹50 stays off, so the ₹80 and ₹40 removed come back whole.
    expect((await refundsAtStripe(pi)).map((r) => r.amount).sort((x, y) => x - y)).toEqual([4000, 8000]);
    expect(await orderRow(id)).toMatchObject({ subTotal: 8000, discount: 5000, tip: 1000, total: 4000 });
    expect((await api("/api/order/admin/cancel", { method: "POST", token: admin, body: { _id: id } })).status).toBe(200);
    expect((await refundsAtStripe(pi)).reduce((sum, r) => sum + r.amount, 0)).toBe(16000);
  });
});

describe("the tip", () => {
  it("is refunded with a cancel before the order goes out, and kept by the rider once it has", async () => {
    const product = await makeProduct({ stock: 10, price: 100 });
    const placePaid = async () => {
      const shopper = await newShopper();
      const res = await api("/api/order/checkout", {
        method: "POST",
        token: shopper.token,
        body: { list_items: [{ productId: product.id, quantity: 1 }], addressId: await addressFor(shopper.token), tip: 25 },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ subTotalAmt: 100, discount: 0, tip: 25, totalAmt: 125 });
      const pi = uniquePi();
      expect((await sendWebhook(await completedEvent(res.body.id, { payment_intent: pi }))).status).toBe(200);
      const id = (await env.DB.prepare("select id from orders where stripe_session_id = ?").bind(res.body.id).first<{ id: string }>())!.id;
      return { id, pi };
    };
    const move = (id: string, status: string) => api("/api/order/admin/update-status", { method: "POST", token: admin, body: { _id: id, status } });

    const early = await placePaid();
    expect((await move(early.id, "packed")).status).toBe(200);
    expect((await api("/api/order/admin/cancel", { method: "POST", token: admin, body: { _id: early.id } })).status).toBe(200);
    expect((await refundsAtStripe(early.pi)).map((r) => r.amount)).toEqual([12500]);

    const late = await placePaid();
    for (const status of ["packed", "ready", "out_for_delivery"]) expect((await move(late.id, status)).status, status).toBe(200);
    expect((await api("/api/order/admin/cancel", { method: "POST", token: admin, body: { _id: late.id } })).status).toBe(200);
    expect((await refundsAtStripe(late.pi)).map((r) => r.amount)).toEqual([10000]);
  });
});

describe("bad input gets a clear 4xx and writes nothing", () => {
  const valid = () => ({ code: newCode("BAD"), type: "percent", value: 10, startsAt: Date.now(), endsAt: Date.now() + DAY });
  const cases: [string, (c: ReturnType<typeof valid>) => Record<string, unknown>, RegExp][] = [
    ["a negative value", (c) => ({ ...c, type: "flat", value: -5 }), /flat discount/i],
    ["a percent above 100", (c) => ({ ...c, value: 101 }), /1 to 100/],
    ["100 % and flat at once", (c) => ({ ...c, type: "percent,flat", value: 100 }), /"percent" or "flat"/],
    ["a maximum discount on a flat coupon", (c) => ({ ...c, type: "flat", value: 100, maxDiscount: 50 }), /percent coupons only/],
    ["a negative minimum order", (c) => ({ ...c, minOrder: -1 }), /cannot be negative/],
    ["a code of 10 KB", (c) => ({ ...c, code: "A".repeat(10 * 1024) }), /3 to 20 letters/],
    ["control characters in the code", (c) => ({ ...c, code: "SAVE\u000050" }), /3 to 20 letters/],
    ["an end before its start", (c) => ({ ...c, endsAt: c.startsAt - 1 }), /end must be after the start/],
    ["an unreadable date", (c) => ({ ...c, endsAt: "next tuesday" }), /must be a date and time/],
    ["zero total uses", (c) => ({ ...c, totalUses: 0 }), /at least 1/],
    ["a fractional percent", (c) => ({ ...c, value: 12.5 }), /whole number from 1 to 100/],
  ];
  for (const [name, make, message] of cases) {
    it(`coupon create refuses ${name}`, async () => {
      const before = await countRows("coupons");
      const res = await api("/api/coupon/create", { method: "POST", token: admin, body: make(valid()) });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(await countRows("coupons")).toBe(before);
    });
  }

  it("a duplicate code (any case) is 409; shoppers cannot manage coupons", async () => {
    const { code } = await createCoupon({});
    const dup = await api("/api/coupon/create", { method: "POST", token: admin, body: { ...valid(), code: code.toLowerCase() } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toContain(`A coupon with the code ${code} already exists`);
    const shopper = await newShopper();
    expect((await api("/api/coupon/create", { method: "POST", token: shopper.token, body: valid() })).status).toBe(403);
    expect((await api("/api/coupon/list", { token: shopper.token })).status).toBe(403);
    expect((await api("/api/coupon/create", { method: "POST", body: valid(), headers: { "CF-Connecting-IP": randomIp() } })).status).toBe(401);
  });

  it("orders refuse a bad tip or code and write nothing", async () => {
    const product = await makeProduct({ stock: 10, price: 100 });
    const shopper = await newShopper();
    const addressId = await addressFor(shopper.token);
    const before = await countRows("orders");
    for (const extra of [{ tip: -10 }, { tip: 201 }, { tip: 12.5 }, { tip: "lots" }, { couponCode: "X".repeat(10 * 1024) }, { couponCode: "BAD\u0007CODE" }]) {
      const res = await api("/api/order/cash-on-delivery", {
        method: "POST",
        token: shopper.token,
        body: { list_items: [{ productId: product.id, quantity: 1 }], addressId, ...extra },
      });
      expect(res.status, JSON.stringify(extra)).toBe(400);
    }
    const unknown = await api("/api/order/cash-on-delivery", {
      method: "POST",
      token: shopper.token,
      body: { list_items: [{ productId: product.id, quantity: 1 }], addressId, couponCode: "NOPE404" },
    });
    expect(unknown.status).toBe(404);
    expect(await countRows("orders")).toBe(before);
    const apply = await api("/api/coupon/apply", { method: "POST", token: shopper.token, body: { code: "Z".repeat(10 * 1024) } });
    expect(apply.status).toBe(400);
  });
});
