/**
 * Helpers for the HTTP-surface security cases (http.test.ts, injection.test.ts): page requests as a
 * browser would send them, signed-in cookies, and a fingerprint of every D1 table and the R2 bucket
 * to prove a refused request changed nothing.
 */
import { env, SELF } from "cloudflare:test";
import { expect } from "vitest";
import { api, makeProduct, newShopper, randomIp, VALID_ADDRESS } from "../workers/api-client";
import { BASE } from "../workers/fixtures";

export const ADMIN = { email: "admin@example.com", password: "Admin@12345" };

/** A page request (no redirects followed), same-origin unless the test says otherwise. */
export function page(path: string, init: RequestInit & { cookie?: string } = {}) {
  const { cookie, headers, ...rest } = init;
  const h = new Headers(headers);
  if (cookie) h.set("Cookie", cookie);
  return SELF.fetch(`${BASE}${path}`, { redirect: "manual", ...rest, headers: h });
}

/** A browser form POST (urlencoded). */
export function postForm(path: string, fields: Record<string, string> | [string, string][], init: RequestInit & { cookie?: string } = {}) {
  return page(path, {
    method: "POST",
    ...init,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(init.headers as Record<string, string>) },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The page session cookie of an account, through the real login. */
export async function sessionCookie(email: string, password: string): Promise<string> {
  const res = await api("/api/user/login", { method: "POST", body: { email, password }, headers: { "CF-Connecting-IP": randomIp() } });
  expect(res.status).toBe(200);
  return (res.headers.getSetCookie().find((c) => c.startsWith("__session=")) ?? "").split(";")[0];
}

/** A saved address and one placed cash-on-delivery order (of a product of its own) for `token`'s shopper. */
export async function placeCodOrder(token: string) {
  const address = await api("/api/address/create", { method: "POST", token, body: VALID_ADDRESS });
  expect(address.status).toBe(201);
  const addressId = address.body.data._id as string;
  const product = await makeProduct({ stock: 10 });
  const order = await api("/api/order/cash-on-delivery", {
    method: "POST",
    token,
    body: { list_items: [{ productId: product.id, quantity: 1 }], addressId, subTotalAmt: product.price, totalAmt: product.price },
  });
  expect(order.status).toBe(201);
  return { addressId, product };
}

/** A fresh shopper with a saved address, one product in the cart and one placed order. */
export async function shopperWithOrder() {
  const { token, email } = await newShopper();
  const cookie = await sessionCookie(email, "Test@12345");
  const { addressId, product } = await placeCodOrder(token);
  const { id: orderId } = (await env.DB.prepare("select id from orders where user_id = (select id from users where email = ?)")
    .bind(email)
    .first<{ id: string }>())!;
  expect((await api("/api/cart/create", { method: "POST", token, body: { productId: product.id } })).status).toBe(200);
  return { token, email, cookie, addressId, orderId, product };
}

async function digest(text: string) {
  const hash = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Every row of every D1 table (hashed per table) and every R2 key: equal fingerprints = nothing changed. */
export async function storeFingerprint(): Promise<Record<string, string>> {
  const { results: tables } = await env.DB.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' order by name",
  ).all<{ name: string }>();
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const { results } = await env.DB.prepare(`select * from "${name}"`).all();
    out[name] = `${results.length}:${await digest(JSON.stringify(results))}`;
  }
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const listed = await env.IMAGES.list({ cursor });
    keys.push(...listed.objects.map((o) => o.key));
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
  out["r2"] = `${keys.length}:${await digest(keys.sort().join("\n"))}`;
  return out;
}

export type Who = "anon" | "shopper" | "admin" | "grant";

export interface PageAction {
  path: string;
  /** Whose cookie reaches the action's body check (a signed-in shopper, the admin, a reset grant). */
  who: Who;
  /** The form uploads files (multipart accepted). */
  multipart?: boolean;
}

/** Every route with a page action (a form's POST target). */
export function pageActions(orderId: string): PageAction[] {
  return [
    { path: "/cart", who: "shopper" },
    { path: "/checkout", who: "shopper" },
    { path: "/login", who: "anon" },
    { path: "/register", who: "anon" },
    { path: "/forgot-password", who: "anon" },
    { path: "/verification-otp", who: "anon" },
    { path: "/reset-password", who: "grant" },
    { path: "/logout", who: "shopper" },
    { path: "/dashboard/address", who: "shopper" },
    { path: "/dashboard/profile", who: "shopper", multipart: true },
    { path: `/dashboard/myorders/${orderId}`, who: "shopper", multipart: true },
    { path: "/dashboard/orders", who: "admin" },
    { path: "/dashboard/search-insights", who: "admin" },
    { path: "/dashboard/category", who: "admin", multipart: true },
    { path: "/dashboard/subcategory", who: "admin", multipart: true },
    { path: "/dashboard/product", who: "admin", multipart: true },
    { path: "/dashboard/upload-product", who: "admin", multipart: true },
  ];
}

/** A verified reset code's grant cookie (`__reset`), so /reset-password reaches its form. */
export async function resetGrantCookie(): Promise<string> {
  const { email } = await newShopper();
  const ip = randomIp();
  expect((await api("/api/user/forgot-password", { method: "PUT", body: { email }, headers: { "CF-Connecting-IP": ip } })).status).toBe(200);
  const mail = await env.DB.prepare('select text from mail_outbox where "to" = ? order by created_at desc, rowid desc limit 1')
    .bind(email)
    .first<{ text: string }>();
  const otp = /\b(\d{6})\b/.exec(mail!.text)![1];
  const verified = await api("/api/user/verify-forgot-password-otp", { method: "PUT", body: { email, otp }, headers: { "CF-Connecting-IP": ip } });
  expect(verified.status).toBe(200);
  const grant = (verified.headers.getSetCookie().find((c) => c.startsWith("__reset=")) ?? "").split(";")[0];
  expect(grant).toMatch(/^__reset=./);
  return grant;
}
