/**
 * Helpers for the admin and upload security cases (and the admin workers tests): page-form posts
 * as a signed-in browser would send them, and snapshots of D1 and R2 to prove nothing changed.
 */
import { env, SELF } from "cloudflare:test";
import { expect } from "vitest";
import { api, randomIp } from "../workers/api-client";
import { BASE } from "../workers/fixtures";

/** The page session cookie (`__session=…`) of an account, signed in through /api/user/login. */
export async function sessionCookie(email: string, password = "Test@12345"): Promise<string> {
  const res = await api("/api/user/login", { method: "POST", body: { email, password }, headers: { "CF-Connecting-IP": randomIp() } });
  expect(res.status).toBe(200);
  const cookie = (res.headers.getSetCookie().find((c) => c.startsWith("__session=")) ?? "").split(";")[0];
  expect(cookie).toMatch(/^__session=./);
  return cookie;
}

export const adminCookie = () => sessionCookie("admin@example.com", "Admin@12345");

/** A same-origin page form post (no redirects followed), as a browser without JavaScript sends it. */
export function pagePost(
  path: string,
  body: FormData | URLSearchParams,
  { cookie, ip = randomIp(), method = "POST" }: { cookie?: string; ip?: string; method?: string } = {},
): Promise<Response> {
  return SELF.fetch(`${BASE}${path}`, {
    method,
    headers: { Origin: BASE, Host: new URL(BASE).host, "CF-Connecting-IP": ip, ...(cookie ? { Cookie: cookie } : {}) },
    body,
    redirect: "manual",
  });
}

export function pageGet(path: string, cookie?: string): Promise<Response> {
  return SELF.fetch(`${BASE}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
}

/** Builds a multipart form: strings, repeated values (arrays) and files. */
export function formOf(fields: Record<string, string | number | (string | File)[] | File>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, typeof item === "number" ? String(item) : item);
  }
  return form;
}

export const imageFile = (bytes: Uint8Array<ArrayBuffer>, name = "photo.png", type = "image/png") => new File([bytes], name, { type });

/** Every key in the images bucket. */
export async function r2Keys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.IMAGES.list({ cursor, limit: 1000 });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

/** Keys present now that were not in `before`. */
export async function newR2Keys(before: string[]): Promise<string[]> {
  const known = new Set(before);
  return (await r2Keys()).filter((key) => !known.has(key));
}

/**
 * The whole catalogue and the order book as text: equal snapshots mean no row was added, removed
 * or changed (names, stock, prices, versions, links, images, order states).
 */
export async function storeSnapshot(): Promise<Record<string, string>> {
  const queries = {
    categories: "select id, name, image, updated_at from categories order by id",
    subCategories: "select id, name, image, updated_at from sub_categories order by id",
    subCategoryLinks: "select sub_category_id, category_id, position from sub_category_categories order by 1, 2",
    products:
      "select id, name, description, unit, coalesce((select stock from store_stock s where s.product_id = products.id and s.store_id = (select id from stores where is_default = 1)), 0) as stock, price, discount, more_details, version, updated_at from products order by id",
    productImages: "select product_id, position, url from product_images order by 1, 2",
    productCategories: "select product_id, category_id, position from product_categories order by 1, 2",
    productSubCategories: "select product_id, sub_category_id, position from product_sub_categories order by 1, 2",
    orders: "select id, status, payment_status, version, updated_at from orders order by id",
    users: "select id, role, avatar, updated_at from users order by id",
  };
  const results = await env.DB.batch(Object.values(queries).map((q) => env.DB.prepare(q)));
  return Object.fromEntries(Object.keys(queries).map((name, i) => [name, JSON.stringify(results[i].results)]));
}

export interface ProductRow {
  id: string;
  name: string;
  stock: number;
  price: number;
  version: number;
  description: string;
}

export async function productRow(id: string): Promise<ProductRow> {
  return (await env.DB.prepare(
    "select id, name, coalesce((select stock from store_stock s where s.product_id = products.id and s.store_id = (select id from stores where is_default = 1)), 0) as stock, price, version, description from products where id = ?",
  )
    .bind(id)
    .first<ProductRow>())!;
}

/** A category id and one of its sub-categories, for product forms. */
export async function someRefs(): Promise<{ category: string; subCategory: string }> {
  const row = await env.DB.prepare("select category_id as c, sub_category_id as s from sub_category_categories limit 1").first<{ c: string; s: string }>();
  return { category: row!.c, subCategory: row!.s };
}

/** Where the edit dialog's form posts (the page it is on, dialog parameters included). */
export const editPath = (productId: string) => `/dashboard/product?dialog=edit-product&id=${productId}`;

/** The edit dialog's form, opened as the admin would: the hidden `version` read from the page. */
export async function openEditForm(cookie: string, productId: string): Promise<{ version: string; stockSeen: string; html: string }> {
  const res = await pageGet(editPath(productId), cookie);
  expect(res.status).toBe(200);
  const html = await res.text();
  const version = /<input type="hidden" name="version" value="(\d+)"/.exec(html)?.[1];
  const stockSeen = /<input type="hidden" name="stockSeen" value="(\d+)"/.exec(html)?.[1];
  expect(version, "the edit form carries the product's version").toBeDefined();
  expect(stockSeen, "the edit form carries the stock it opened with").toBeDefined();
  return { version: version!, stockSeen: stockSeen!, html };
}

/** The product form's fields, as the edit dialog submits them (the stock as it is now, and seen so). */
export async function productFields(productId: string, overrides: Record<string, string | number | (string | File)[]> = {}) {
  const product = await productRow(productId);
  const refs = await someRefs();
  return {
    intent: "save",
    id: productId,
    name: product.name,
    description: product.description || "Fresh and good.",
    image: ["/images/seed/milk.webp"],
    category: [refs.category],
    subCategory: [refs.subCategory],
    unit: "200 g",
    stock: String(product.stock),
    stockSeen: String(product.stock),
    price: String(product.price / 100),
    discount: "0",
    ...overrides,
  };
}

/** Decodes the HTML entities React writes in text, enough to read a message out of a page. */
export const htmlText = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
