import { SELF } from "cloudflare:test";
import { BASE } from "./fixtures";

export interface ApiResult<T = any> {
  status: number;
  body: { message: string; error: boolean; success: boolean; data: T; [key: string]: any };
  headers: Headers;
}

/** Calls the real worker's /api with an optional bearer token and JSON body. */
export async function api<T = any>(
  path: string,
  { method = "GET", token, body, headers = {} }: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const res = await SELF.fetch(`${BASE}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: any = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = { raw: text };
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/** A random client IP, so per-IP limits do not couple unrelated tests. */
export const randomIp = () => `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}`;

export async function login(email: string, password: string): Promise<string> {
  const res = await api("/api/user/login", { method: "POST", body: { email, password }, headers: { "CF-Connecting-IP": randomIp() } });
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  return res.body.data.accesstoken as string;
}

let counter = 0;
/** A fresh shopper account (so tests do not share carts), logged in. */
export async function newShopper(): Promise<{ token: string; email: string }> {
  const email = `shopper${Date.now()}${counter++}@example.com`;
  const password = "Test@12345";
  const res = await api("/api/user/register", {
    method: "POST",
    body: { name: "Test Shopper", email, password, confirmPassword: password },
    headers: { "CF-Connecting-IP": randomIp() },
  });
  if (res.status >= 300) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  return { token: await login(email, password), email };
}

export const VALID_ADDRESS = {
  address_line: "221B Baker Street, Koramangala",
  city: "Bengaluru",
  state: "Karnataka",
  country: "India",
  pincode: "560034",
  mobile: "9812345678",
};

/** A product of the test's own (so tests never share stock): price in rupees. */
export async function makeProduct({ name = "Test Paneer", stock = 10, price = 100, discount = 0 } = {}) {
  const { env } = await import("cloudflare:test");
  const id = crypto.getRandomValues(new Uint8Array(12)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "");
  const category = await env.DB.prepare("select category_id as c from product_categories limit 1").first<{ c: string }>();
  const sub = await env.DB.prepare("select sub_category_id as s from sub_category_categories where category_id = ? limit 1")
    .bind(category!.c)
    .first<{ s: string }>();
  const fullName = `${name} ${id.slice(0, 6)}`;
  await env.DB.batch([
    env.DB.prepare("insert into products (id, name, unit, price, discount) values (?, ?, '200 g', ?, ?)").bind(id, fullName, Math.round(price * 100), discount),
    // Its stock is at the default store (decision 020), where clients that send no pincode shop.
    env.DB.prepare("insert into store_stock (store_id, product_id, stock) select id, ?, ? from stores where is_default = 1").bind(id, stock),
    env.DB.prepare("insert into product_images (product_id, position, url) values (?, 0, '/images/seed/milk.webp')").bind(id),
    env.DB.prepare("insert into product_categories (product_id, category_id) values (?, ?)").bind(id, category!.c),
    env.DB.prepare("insert into product_sub_categories (product_id, sub_category_id) values (?, ?)").bind(id, sub!.s),
  ]);
  return { id, name: fullName, stock, price, discount };
}

export async function stockOf(id: string): Promise<number> {
  const { env } = await import("cloudflare:test");
  return (await env.DB.prepare(defaultStockSql("?")).bind(id).first<{ stock: number }>())!.stock;
}

/** A product's stock at the default store (0 without a row there), as an SQL expression. */
export function defaultStockSql(productId: string): string {
  return `select coalesce((select stock from store_stock where product_id = ${productId} and store_id = (select id from stores where is_default = 1)), 0) as stock`;
}

/**
 * The Rate Limiting binding counts in windows aligned to the clock (locally `floor(now / 60 s)`), so
 * requests that must all land in one window start in a fresh one when the current has less than
 * `needMs` left (otherwise the window turns mid-test and the limit is never reached).
 */
export async function freshRateLimitWindow(needMs = 45_000, periodMs = 60_000) {
  const left = periodMs - (Date.now() % periodMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
