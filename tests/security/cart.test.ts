/**
 * Cart size as an attack surface: a signed-in cart with no cap on its lines let a shopper build a
 * basket whose order needs more bound parameters than D1 allows (100 per statement), and the
 * checkout page answered 500. The cap is decided in the insert itself, so parallel adds cannot
 * overshoot it, and an order naming too many products is refused before any query.
 */
import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { newId } from "~/lib/ids";
import { MAX_CART_LINES } from "~/lib/schemas/cart";
import { CART_FULL } from "../../app/server/cart/cart.server";
import { TOO_MANY_LINES } from "../../app/server/orders/place-order.server";
import { api, newShopper } from "../workers/api-client";
import { addressFor, postForm, sessionCookie } from "./support-pay";

/** `count` in-stock products of the test's own, in one batch (no images or categories needed). */
async function makeProducts(count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => newId());
  await env.DB.batch(
    ids.flatMap((id, i) => [
      env.DB.prepare("insert into products (id, name, unit, price, discount) values (?, ?, '1 pc', 1000, 0)").bind(id, `Cart Cap ${i} ${id.slice(0, 6)}`),
      env.DB.prepare("insert into store_stock (store_id, product_id, stock) select id, ?, 20 from stores where is_default = 1").bind(id),
    ]),
  );
  return ids;
}

async function userIdOf(token: string): Promise<string> {
  return (await api("/api/user/user-details", { token })).body.data._id as string;
}

/** Puts lines straight into D1: how a cart filled before the cap existed looks. */
async function fillCart(userId: string, productIds: string[]) {
  await env.DB.batch(
    productIds.map((productId) =>
      env.DB.prepare("insert into cart_items (id, user_id, product_id, quantity) values (?, ?, ?, 1)").bind(newId(), userId, productId),
    ),
  );
}

async function cartLines(userId: string): Promise<number> {
  return (await env.DB.prepare("select count(*) as n from cart_items where user_id = ?").bind(userId).first<{ n: number }>())!.n;
}

async function orderCount(userId: string): Promise<number> {
  return (await env.DB.prepare("select count(*) as n from orders where user_id = ?").bind(userId).first<{ n: number }>())!.n;
}

describe("cart size", { timeout: 60_000 }, () => {
  it(`30 parallel adds of new products into a cart 5 short of ${MAX_CART_LINES}: exactly 5 join, the rest 409, and a full cart's lines still grow`, async () => {
    const shopper = await newShopper();
    const userId = await userIdOf(shopper.token);
    const products = await makeProducts(MAX_CART_LINES - 5 + 30);
    const already = products.slice(0, MAX_CART_LINES - 5);
    const newcomers = products.slice(MAX_CART_LINES - 5);
    await fillCart(userId, already);

    const answers = await Promise.all(newcomers.map((productId) => api("/api/cart/create", { method: "POST", token: shopper.token, body: { productId } })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(25);
    for (const answer of refused) expect(answer).toMatchObject({ status: 409, body: { message: CART_FULL, success: false } });
    expect(await cartLines(userId)).toBe(MAX_CART_LINES);

    // Full, yet a product already in the cart can still be added again.
    const more = await api("/api/cart/create", { method: "POST", token: shopper.token, body: { productId: already[0] } });
    expect(more.status).toBe(200);
    const line = await env.DB.prepare("select quantity from cart_items where user_id = ? and product_id = ?")
      .bind(userId, already[0])
      .first<{ quantity: number }>();
    expect(line!.quantity).toBe(2);
    expect(await cartLines(userId)).toBe(MAX_CART_LINES);
  });

  it(`a cart of ${MAX_CART_LINES + 1} products (filled before the cap) is refused at checkout with 400, nothing ordered, stock and cart unchanged`, async () => {
    const shopper = await newShopper();
    const userId = await userIdOf(shopper.token);
    const addressId = await addressFor(shopper.token);
    const products = await makeProducts(MAX_CART_LINES + 1);
    await fillCart(userId, products);
    const cookie = await sessionCookie(shopper.email);

    const page = await postForm("/checkout", cookie, { intent: "cod", addressId, idempotencyKey: newId() });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(TOO_MANY_LINES);

    const viaApi = await api("/api/order/cash-on-delivery", {
      method: "POST",
      token: shopper.token,
      body: { addressId, list_items: products.map((productId) => ({ productId, quantity: 1 })) },
    });
    expect(viaApi.status).toBe(400);

    expect(await orderCount(userId)).toBe(0);
    expect(await cartLines(userId)).toBe(MAX_CART_LINES + 1);
    const stock = await env.DB.prepare(
      `select sum(stock) as s from store_stock where store_id = (select id from stores where is_default = 1) and product_id in (${products
        .slice(0, 90)
        .map(() => "?")
        .join(",")})`,
    )
      .bind(...products.slice(0, 90))
      .first<{ s: number }>();
    expect(stock!.s).toBe(90 * 20);
  });

  it("the guest cart merged at login joins a full account cart only on lines it already has", async () => {
    const shopper = await newShopper();
    const userId = await userIdOf(shopper.token);
    const products = await makeProducts(MAX_CART_LINES + 1);
    await fillCart(userId, products.slice(0, MAX_CART_LINES));
    // Buy again / merge use the same statement: an order of the 101st product's line adds nothing.
    const { addQuantityStatement } = await import("../../app/server/cart/cart.server");
    const db = drizzle(env.DB, { schema });
    await db.batch([addQuantityStatement(db, userId, products[MAX_CART_LINES], 3, null), addQuantityStatement(db, userId, products[0], 3, null)]);
    expect(await cartLines(userId)).toBe(MAX_CART_LINES);
    const first = await env.DB.prepare("select quantity from cart_items where user_id = ? and product_id = ?")
      .bind(userId, products[0])
      .first<{ quantity: number }>();
    expect(first!.quantity).toBe(4);
  });
});
