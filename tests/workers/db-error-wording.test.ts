/**
 * No rule reads the wording of a database error. With the test seam of
 * app/server/db/reworded-errors.server.ts switched on, every error D1 throws reaches the code as
 * "constraint violated (reworded)"; each refusal below must still come with the status and words it
 * has without the seam (the same cases are asserted by their own suites with SQLite's wording).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_LINE_QUANTITY } from "../../app/lib/schemas/cart";
import { REWORDED_DB_ERROR, rewordDbErrors } from "../../app/server/db/reworded-errors.server";
import { commitOrder, planOrder, type OrderPlan } from "../../app/server/orders/place-order.server";
import { api, login, makeProduct, newShopper, randomIp, stockOf, VALID_ADDRESS } from "./api-client";
import { outcomeOf } from "./fixtures";
import { completedEvent, sendWebhook, sessionEvent } from "../security/support-pay";
import { confirmAllLines } from "./pick-support";

const context = { cloudflare: { env } } as unknown as AppLoadContext;
const DAY = 24 * 60 * 60 * 1000;
let admin: string;

beforeAll(async () => {
  admin = await login("admin@example.com", "Admin@12345");
  rewordDbErrors(true);
});
afterAll(() => rewordDbErrors(false));

async function addressFor(token: string) {
  const res = await api("/api/address/create", { method: "POST", token, body: VALID_ADDRESS });
  return res.body.data._id as string;
}
const userIdOf = async (token: string) => (await api("/api/user/user-details", { token })).body.data._id as string;
const cod = (token: string, body: Record<string, unknown>) => api("/api/order/cash-on-delivery", { method: "POST", token, body });

/** Plans (all before any commit) one order per shopper for the same lines, so only the batch decides. */
async function plansFor(count: number, lines: { productId: string; quantity: number }[], extra: { couponCode?: string } = {}) {
  const shoppers = await Promise.all(Array.from({ length: count }, () => newShopper()));
  const plans: OrderPlan[] = [];
  for (const s of shoppers) {
    const planned = await planOrder(context, { userId: await userIdOf(s.token), addressId: await addressFor(s.token), lines, paymentMethod: "COD", ...extra });
    if (!("plan" in planned)) throw new Error("expected a plan");
    plans.push(planned.plan);
  }
  return plans;
}

describe("the seam", () => {
  it("rewords what D1 throws: a duplicate primary key reaches the code without SQLite's words", async () => {
    const { getD1 } = await import("../../app/server/db/db.server");
    const d1 = getD1(context);
    const error = await d1
      .prepare("insert into stores (id) select id from stores limit 1")
      .run()
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(REWORDED_DB_ERROR);
    expect((error as Error).cause).toBeUndefined();
  });
});

describe("orders", { timeout: 60_000 }, () => {
  it("an item that sold out: 409 naming it, nothing placed", async () => {
    const { token } = await newShopper();
    const scarce = await makeProduct({ name: "Last Ghee", stock: 1 });
    const res = await cod(token, { list_items: [{ productId: scarce.id, quantity: 2 }], addressId: await addressFor(token) });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Only 1 of ${scarce.name} left: lower the quantity and try again`);
    expect(await stockOf(scarce.id)).toBe(1);
  });

  it("the last unit raced by two planned orders: one placed, the other 409 'just sold out'", async () => {
    const product = await makeProduct({ stock: 1 });
    const plans = await plansFor(2, [{ productId: product.id, quantity: 1 }]);
    const outcomes = await Promise.all(plans.map((plan) => outcomeOf(commitOrder(context, plan))));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.find((o) => !o.ok)).toEqual({ ok: false, status: 409, message: `${product.name} just sold out` });
    expect(await stockOf(product.id)).toBe(0);
  });

  it("a coupon used up between plan and batch: 409 with the coupon's reason", async () => {
    const product = await makeProduct({ stock: 10, price: 100 });
    const created = await api("/api/coupon/create", {
      method: "POST",
      token: admin,
      body: {
        code: `RW${Date.now().toString(36).toUpperCase()}`.slice(0, 20),
        type: "flat",
        value: 10,
        totalUses: 1,
        startsAt: Date.now() - DAY,
        endsAt: Date.now() + DAY,
      },
    });
    expect(created.status).toBe(201);
    const code = created.body.data.code as string;
    const plans = await plansFor(3, [{ productId: product.id, quantity: 1 }], { couponCode: code });
    const outcomes = await Promise.all(plans.map((plan) => outcomeOf(commitOrder(context, plan))));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    for (const refused of outcomes.filter((o) => !o.ok)) {
      expect(refused).toMatchObject({ ok: false, status: 409 });
      expect((refused as { message: string }).message).toBe(
        `${code} has been fully used: your order was not placed. Remove the coupon to order without it, or try another code`,
      );
    }
    expect(await stockOf(product.id)).toBe(9);
  });

  it("the same request planned twice, both committed: one order, the second answered with it", async () => {
    const { token } = await newShopper();
    const product = await makeProduct({ stock: 5 });
    const input = {
      userId: await userIdOf(token),
      addressId: await addressFor(token),
      lines: [{ productId: product.id, quantity: 1 }],
      paymentMethod: "COD" as const,
      idempotencyKey: `rw-${crypto.randomUUID()}`,
    };
    const planned = [await planOrder(context, input), await planOrder(context, input)];
    const plans = planned.map((p) => ("plan" in p ? p.plan : null));
    expect(plans.every(Boolean)).toBe(true);
    const first = await commitOrder(context, plans[0]!);
    const second = await commitOrder(context, plans[1]!);
    expect(second).toMatchObject({ id: first.id, duplicate: true });
    expect(await stockOf(product.id)).toBe(4);
  });

  it(`open cash orders over ${MAX_LINE_QUANTITY} of a product: 409 saying how many are held`, async () => {
    const { token } = await newShopper();
    const addressId = await addressFor(token);
    const product = await makeProduct({ stock: 2 * MAX_LINE_QUANTITY, price: 10 });
    expect((await cod(token, { list_items: [{ productId: product.id, quantity: MAX_LINE_QUANTITY }], addressId })).status).toBe(201);
    const again = await cod(token, { list_items: [{ productId: product.id, quantity: 1 }], addressId });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      `You already have ${MAX_LINE_QUANTITY} of ${product.name} on open cash-on-delivery orders, and one shopper may have at most ${MAX_LINE_QUANTITY} of it until they are delivered`,
    );
  });
});

describe("picking", () => {
  it("a replacement that sold out before it was proposed: 409 with the stock left, and the pick still applies (the line refunded)", async () => {
    const shopper = await newShopper();
    const sub = crypto.randomUUID().replace(/-/g, "").slice(0, 24);
    await env.DB.prepare("insert into sub_categories (id, name) values (?, ?)")
      .bind(sub, `Reworded ${sub.slice(0, 6)}`)
      .run();
    const original = await makeProduct({ name: "Original", stock: 5, price: 100 });
    const similar = await makeProduct({ name: "Similar", stock: 5, price: 90 });
    for (const p of [original, similar]) {
      await env.DB.prepare("update product_sub_categories set sub_category_id = ? where product_id = ?").bind(sub, p.id).run();
    }
    const res = await cod(shopper.token, {
      list_items: [{ productId: original.id, quantity: 3 }],
      addressId: await addressFor(shopper.token),
      replacementPreference: "similar",
    });
    expect(res.status).toBe(201);
    const orderId = res.body.data._id as string;
    const staff = admin;
    // Sold meanwhile: the proposal's guarded insert holds 2 units only while the store has them.
    await env.DB.prepare("update store_stock set stock = 1 where product_id = ?").bind(similar.id).run();
    const proposed = await api("/api/store/substitutions/propose", {
      method: "POST",
      token: staff,
      body: { _id: orderId, productId: original.id, picked: 1, replacementId: similar.id },
    });
    expect(proposed.status).toBe(409);
    expect(proposed.body.message).toBe(`Only 1 of ${similar.name} left at the store, 2 needed: choose another`);
    expect(await stockOf(similar.id)).toBe(1);
    await confirmAllLines(orderId);
    const picked = await api("/api/order/pick", { method: "POST", token: staff, body: { _id: orderId, lines: [{ productId: original.id, picked: 1 }] } });
    expect(picked.status).toBe(200);
    expect(await env.DB.prepare("select status, total from orders where id = ?").bind(orderId).first()).toEqual({ status: "packed", total: 10000 });
  });
});

describe("payments", () => {
  it("an event delivered twice: the second is 'Event already processed' and changes nothing", async () => {
    const { token } = await newShopper();
    const product = await makeProduct({ stock: 5, price: 120 });
    const res = await api("/api/order/checkout", {
      method: "POST",
      token,
      body: { list_items: [{ productId: product.id, quantity: 2 }], addressId: await addressFor(token) },
    });
    expect(res.status).toBe(200);
    const expired = sessionEvent("checkout.session.expired", { id: res.body.id, payment_status: "unpaid" });
    expect((await sendWebhook(expired)).body.message).toBe("Processed");
    expect(await stockOf(product.id)).toBe(5);
    const again = await sendWebhook(expired);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe("Event already processed");
    expect(await stockOf(product.id)).toBe(5);
  });

  it("two copies of a payment event at once: both 200, one 'Processed'", async () => {
    const { token } = await newShopper();
    const product = await makeProduct({ stock: 5, price: 120 });
    const res = await api("/api/order/checkout", {
      method: "POST",
      token,
      body: { list_items: [{ productId: product.id, quantity: 1 }], addressId: await addressFor(token) },
    });
    const event = await completedEvent(res.body.id);
    const [a, b] = await Promise.all([sendWebhook(event), sendWebhook(event)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.message, b.body.message].sort()).toEqual(["Event already processed", "Processed"]);
  });
});

describe("accounts and the admin's names", () => {
  it("moving an account onto a taken email: 409 'Another account uses this email'", async () => {
    const taken = await newShopper();
    const other = await newShopper();
    const moved = await api("/api/user/update-user", {
      method: "PUT",
      token: other.token,
      body: { name: "Other", email: taken.email, mobile: "9876501234", currentPassword: "Test@12345" },
      headers: { "CF-Connecting-IP": randomIp() },
    });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe("Another account uses this email");
  });

  it("registering a taken email answers as a new one would", async () => {
    const taken = await newShopper();
    const res = await api("/api/user/register", {
      method: "POST",
      body: { name: "Again", email: taken.email, password: "Test@12345", confirmPassword: "Test@12345" },
      headers: { "CF-Connecting-IP": randomIp() },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("User register successfully");
  });

  it("a coupon code that exists: 409", async () => {
    const body = {
      code: `DUP${Date.now().toString(36).toUpperCase()}`.slice(0, 20),
      type: "flat",
      value: 10,
      startsAt: Date.now() - DAY,
      endsAt: Date.now() + DAY,
    };
    expect((await api("/api/coupon/create", { method: "POST", token: admin, body })).status).toBe(201);
    const dup = await api("/api/coupon/create", { method: "POST", token: admin, body: { ...body, code: body.code.toLowerCase() } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toContain(`A coupon with the code ${body.code} already exists`);
  });

  it("a category name that exists: 409", async () => {
    const name = `Reworded ${crypto.randomUUID().slice(0, 8)}`;
    const body = { name, image: "/images/seed/gift.webp" };
    expect((await api("/api/category/add-category", { method: "POST", token: admin, body })).status).toBe(201);
    const clash = await api("/api/category/add-category", { method: "POST", token: admin, body });
    expect(clash.status).toBe(409);
    expect(clash.body.errors.name).toEqual(["A category with this name already exists"]);
  });
});
