/**
 * Money input is exact (docs/decisions/039-exact-money-input.md): the tip, coupon amounts and the
 * product price written as "1e2", "0x10" or with spaces are refused with a message naming the field,
 * through the page forms (JavaScript on and off) and /api alike, and nothing is saved; an online
 * order below Stripe's ₹0.50 is refused before Stripe is asked, while cash takes any total.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { SessionRequest } from "../support/fake-stripe";
import { htmlText, pagePost } from "../security/support-admin";
import { postForm, sessionCookie } from "../security/support-pay";
import { api, login, makeProduct, newShopper, stockOf, VALID_ADDRESS } from "./api-client";
import { BASE } from "./fixtures";

let admin: string;
let adminPage: string;
beforeAll(async () => {
  admin = await login("admin@example.com", "Admin@12345");
  adminPage = await sessionCookie("admin@example.com", "Admin@12345");
});

const DAY = 24 * 60 * 60 * 1000;
let codes = 0;
const newCode = () => `M${Date.now().toString(36).toUpperCase()}${(codes++).toString(36).toUpperCase()}`.slice(0, 20);
const newKey = () => crypto.randomUUID().replace(/-/g, "").slice(0, 24);
const cookiePair = (res: Response, name: string) => (res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`)) ?? "").split(";")[0];

const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;
const ordersOf = (email: string) => count("select count(*) as n from orders where user_id = (select id from users where email = ?)", email);
const couponsNamed = (code: string) => count("select count(*) as n from coupons where code = ?", code);

/** A shopper with a session cookie, an address, and `product` in the cart. */
async function shopperWithCart(productId: string) {
  const shopper = await newShopper();
  const address = await api("/api/address/create", { method: "POST", token: shopper.token, body: VALID_ADDRESS });
  expect(address.status).toBe(201);
  expect((await api("/api/cart/create", { method: "POST", token: shopper.token, body: { productId } })).status).toBe(200);
  return { ...shopper, addressId: address.body.data._id as string, cookie: await sessionCookie(shopper.email) };
}

/** Every Checkout Session request the fake Stripe received for this shopper (the store sends their email). */
async function stripeRequestsFor(email: string): Promise<SessionRequest[]> {
  const res = await fetch(`${inject("stripeBase")}/__control/session-requests?customer_email=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { requests: SessionRequest[] }).requests;
}

const TIP_MESSAGE = "The tip must be an amount in rupees like 20";

describe("the tip", () => {
  it("the tip form (/coupon) refuses 1e2, 0x10 and spaces, JavaScript off and on, and keeps no tip", async () => {
    const product = await makeProduct({ stock: 5, price: 100 });
    const shopper = await shopperWithCart(product.id);
    const tip = (customTip: string, js: boolean) =>
      postForm(js ? "/coupon.data" : "/coupon", shopper.cookie, {
        intent: "tip",
        tipChoice: "custom",
        customTip,
        redirectTo: "/cart",
        ...(js ? { js: "1" } : {}),
      });

    for (const bad of ["1e2", "0x10", " 20", "20 ", "١٢", "1_000"]) {
      // Without JavaScript: back to the cart with the message, and no `__bill` cookie (no tip kept).
      const plain = await tip(bad, false);
      expect(plain.status, bad).toBe(303);
      expect(cookiePair(plain, "__bill"), bad).toBe("");
      const back = await SELF.fetch(`${BASE}/cart`, { headers: { Cookie: `${shopper.cookie}; ${cookiePair(plain, "__toast")}` } });
      expect(htmlText(await back.text()), bad).toContain(TIP_MESSAGE);
      // With JavaScript: a 400 carrying the message.
      const fetched = await tip(bad, true);
      expect(fetched.status, bad).toBe(400);
      expect(await fetched.text(), bad).toContain(TIP_MESSAGE);
      expect(cookiePair(fetched, "__bill"), bad).toBe("");
    }
    // The same form with a plain amount keeps it.
    const good = await tip("20", false);
    expect(good.status).toBe(303);
    expect(cookiePair(good, "__bill")).not.toBe("");
  });

  it("the checkout form refuses a tip of 1e2 with 400 and places nothing; 20 is placed", async () => {
    const product = await makeProduct({ stock: 5, price: 100 });
    const shopper = await shopperWithCart(product.id);
    const checkout = (tip: string) => postForm("/checkout", shopper.cookie, { intent: "cod", addressId: shopper.addressId, idempotencyKey: newKey(), tip });
    for (const bad of ["1e2", "0x10"]) {
      const res = await checkout(bad);
      expect(res.status, bad).toBe(400);
      expect(htmlText(await res.text()), bad).toContain(TIP_MESSAGE);
    }
    expect(await ordersOf(shopper.email)).toBe(0);
    expect(await stockOf(product.id)).toBe(5);
    expect((await checkout("20")).status).toBe(303);
    expect(await count("select tip as n from orders where user_id = (select id from users where email = ?)", shopper.email)).toBe(2000);
  });

  it("/api orders refuse a tip not written plainly with 400 and the message, and place nothing", async () => {
    const product = await makeProduct({ stock: 5, price: 100 });
    const shopper = await shopperWithCart(product.id);
    for (const tip of ["1e2", "0x10", " 20", "Infinity", true, [20], "20.5"]) {
      const res = await api("/api/order/cash-on-delivery", {
        method: "POST",
        token: shopper.token,
        body: { list_items: [{ productId: product.id, quantity: 1 }], addressId: shopper.addressId, tip },
      });
      expect(res.status, JSON.stringify(tip)).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: true });
      expect(res.body.message, JSON.stringify(tip)).toContain(tip === "20.5" ? "The tip is a whole number of rupees" : TIP_MESSAGE);
    }
    expect(await ordersOf(shopper.email)).toBe(0);
  });
});

describe("coupon amounts", () => {
  const fields = (code: string, extra: Record<string, unknown>) => ({
    code,
    type: "flat",
    value: "50",
    startsAt: Date.now() - DAY,
    endsAt: Date.now() + DAY,
    ...extra,
  });

  const refusals: [Record<string, unknown>, string][] = [
    [{ value: "1e2" }, "Value (a flat discount) must be an amount in rupees like 20 or 20.50"],
    [{ value: "0x10" }, "Value (a flat discount) must be an amount in rupees like 20 or 20.50"],
    [{ value: 10.005 }, "Value (a flat discount) must be an amount in rupees like 20 or 20.50"],
    [{ minOrder: "1e3" }, "Minimum order must be an amount in rupees like 20 or 20.50"],
    [{ minOrder: " 100" }, "Minimum order must be an amount in rupees like 20 or 20.50"],
    [{ minOrder: "1,200" }, "Minimum order must be an amount in rupees like 20 or 20.50"],
    [{ type: "percent", value: 10, maxDiscount: "0x10" }, "Maximum discount must be an amount in rupees like 20 or 20.50"],
    [{ type: "percent", value: "1e1" }, "A percent discount is a whole number from 1 to 100"],
  ];

  it("/api/coupon/create and update refuse them with 400 and the message, and save nothing", async () => {
    const kept = await api("/api/coupon/create", { method: "POST", token: admin, body: fields(newCode(), { value: 40, minOrder: 199.99 }) });
    expect(kept.status).toBe(201);
    expect(kept.body.data).toMatchObject({ value: 40, minOrder: 199.99 });
    const before = await count("select count(*) as n from coupons");
    for (const [extra, message] of refusals) {
      const code = newCode();
      const created = await api("/api/coupon/create", { method: "POST", token: admin, body: fields(code, extra) });
      expect(created.status, JSON.stringify(extra)).toBe(400);
      expect(created.body.message, JSON.stringify(extra)).toContain(message);
      const updated = await api("/api/coupon/update", {
        method: "PUT",
        token: admin,
        body: { _id: kept.body.data._id, ...fields(kept.body.data.code, extra) },
      });
      expect(updated.status, JSON.stringify(extra)).toBe(400);
      expect(updated.body.message, JSON.stringify(extra)).toContain(message);
    }
    expect(await count("select count(*) as n from coupons")).toBe(before);
    const row = await env.DB.prepare("select value, min_order as minOrder from coupons where id = ?").bind(kept.body.data._id).first();
    expect(row).toEqual({ value: 4000, minOrder: 19999 });
  });

  it("the admin's coupon form refuses them with 400 and the message on the page, and saves nothing", async () => {
    const form = (code: string, extra: Record<string, unknown>) => {
      const values: Record<string, unknown> = fields(code, extra);
      return new URLSearchParams({
        intent: "create",
        code,
        type: String(values.type),
        value: String(values.value),
        minOrder: String(values.minOrder ?? ""),
        maxDiscount: String(values.maxDiscount ?? ""),
        startsAt: "2026-01-01T00:00",
        endsAt: "2099-01-01T00:00",
        active: "on",
      });
    };
    for (const [extra, message] of refusals) {
      const code = newCode();
      const res = await pagePost("/dashboard/coupons", form(code, extra), { cookie: adminPage });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(htmlText(await res.text()), JSON.stringify(extra)).toContain(message);
      expect(await couponsNamed(code)).toBe(0);
    }
    const code = newCode();
    const saved = await pagePost("/dashboard/coupons", form(code, { value: "12.50", minOrder: "99.99" }), { cookie: adminPage });
    expect(saved.status).toBe(303);
    expect(await env.DB.prepare("select value, min_order as minOrder from coupons where code = ?").bind(code).first()).toEqual({ value: 1250, minOrder: 9999 });
  });
});

describe("the product price", () => {
  it("/api/product/create refuses a price of 1e2 or 0x10 with 400 and the message; 19.99 is 1999 paise", async () => {
    const refs = await env.DB.prepare("select category_id as cat, sub_category_id as sub from sub_category_categories limit 1").first<{
      sub: string;
      cat: string;
    }>();
    const body = (name: string, price: unknown) => ({
      name,
      description: "Money input test",
      image: ["/images/seed/milk.webp"],
      category: [refs!.cat],
      subCategory: [refs!.sub],
      unit: "1 kg",
      stock: 1,
      price,
      discount: 0,
    });
    for (const price of ["1e2", "0x10", " 10", 0.015]) {
      const name = `Money test ${newCode()}`;
      const res = await api("/api/product/create", { method: "POST", token: admin, body: body(name, price) });
      expect(res.status, JSON.stringify(price)).toBe(400);
      expect(res.body.message, JSON.stringify(price)).toContain("Price must be an amount in rupees like 20 or 20.50");
      expect(await count("select count(*) as n from products where name = ?", name)).toBe(0);
    }
    const name = `Money test ${newCode()}`;
    expect((await api("/api/product/create", { method: "POST", token: admin, body: body(name, "19.99") })).status).toBe(201);
    expect(await count("select price as n from products where name = ?", name)).toBe(1999);
  });
});

describe("Stripe's minimum charge", () => {
  it("an online order of ₹0.01 (a flat coupon of the price minus a paisa) is refused before Stripe, on /api and the checkout page; cash takes it", async () => {
    const product = await makeProduct({ stock: 5, price: 100 });
    const coupon = await api("/api/coupon/create", { method: "POST", token: admin, body: { ...couponOf(99.99) } });
    expect(coupon.status).toBe(201);
    const code = coupon.body.data.code as string;
    const shopper = await shopperWithCart(product.id);
    const minimum = /Online payment needs at least ₹0\.50 and this order comes to ₹0\.01: choose Cash on Delivery, or add items to your cart/;
    const lines = [{ productId: product.id, quantity: 1 }];

    const viaApi = await api("/api/order/checkout", {
      method: "POST",
      token: shopper.token,
      body: { list_items: lines, addressId: shopper.addressId, couponCode: code },
    });
    expect(viaApi.status).toBe(409);
    expect(viaApi.body).toMatchObject({ success: false, error: true });
    expect(viaApi.body.message).toMatch(minimum);

    const page = (path: string) =>
      postForm(path, shopper.cookie, { intent: "online", addressId: shopper.addressId, idempotencyKey: newKey(), couponCode: code, tip: "0" });
    const plain = await page("/checkout");
    expect(plain.status).toBe(409);
    expect(htmlText(await plain.text())).toMatch(minimum);
    const fetched = await page("/checkout.data");
    expect(fetched.status).toBe(409);
    expect(await fetched.text()).toMatch(minimum);

    // Each answer above came back after the store would have asked Stripe: none of them did.
    expect(await stripeRequestsFor(shopper.email)).toEqual([]);
    expect(await ordersOf(shopper.email)).toBe(0);
    expect(await stockOf(product.id)).toBe(5);

    // With a ₹10 tip the same order is ₹10.01 and goes to Stripe: the log does see this shopper's requests.
    const tipped = await api("/api/order/checkout", {
      method: "POST",
      token: shopper.token,
      body: { list_items: lines, addressId: shopper.addressId, couponCode: code, tip: 10 },
    });
    expect(tipped.status).toBe(200);
    expect(await stripeRequestsFor(shopper.email)).toEqual([expect.objectContaining({ amount_total: 1001, outcome: "created" })]);

    // Cash on delivery takes ₹0.01 (collected in whole rupees: ₹0, a round off of −₹0.01), and ₹0 (a coupon worth the whole cart: nothing to collect).
    const cash = await api("/api/order/cash-on-delivery", {
      method: "POST",
      token: shopper.token,
      body: { list_items: lines, addressId: shopper.addressId, couponCode: code },
    });
    expect(cash.status).toBe(201);
    expect(cash.body.data).toMatchObject({ roundOff: -0.01, totalAmt: 0 });
    const whole = await api("/api/coupon/create", { method: "POST", token: admin, body: couponOf(100) });
    const free = await api("/api/order/cash-on-delivery", {
      method: "POST",
      token: shopper.token,
      body: { list_items: lines, addressId: shopper.addressId, couponCode: whole.body.data.code },
    });
    expect(free.status).toBe(201);
    expect(free.body.data).toMatchObject({ totalAmt: 0 });
  });

  it("₹0.50 is enough to pay online", async () => {
    const product = await makeProduct({ stock: 5, price: 100 });
    const coupon = await api("/api/coupon/create", { method: "POST", token: admin, body: couponOf(99.5) });
    const shopper = await shopperWithCart(product.id);
    const res = await api("/api/order/checkout", {
      method: "POST",
      token: shopper.token,
      body: { list_items: [{ productId: product.id, quantity: 1 }], addressId: shopper.addressId, couponCode: coupon.body.data.code },
    });
    expect(res.status).toBe(200);
    expect(await stripeRequestsFor(shopper.email)).toEqual([expect.objectContaining({ amount_total: 50, outcome: "created" })]);
  });
});

function couponOf(value: number) {
  return { code: newCode(), type: "flat", value, startsAt: Date.now() - DAY, endsAt: Date.now() + 365 * DAY };
}
