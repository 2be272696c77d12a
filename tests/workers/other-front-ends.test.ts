/**
 * The /api for other front ends (issue 13, docs/decisions/015-api-for-any-front-end.md): CORS for the
 * origins of CORS_ORIGINS, the write check trusting the same list, PUBLIC_ORIGIN behind a proxy,
 * absolute image URLs, and the original server's shapes (order-list per line, user-details ids).
 * The Worker entry is called with the settings each case needs (a deploy with those settings).
 */
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { envWith } from "../security/support-deploy";
import { sessionCookie } from "../security/support-http";
import { api, makeProduct, newShopper, randomIp, VALID_ADDRESS } from "./api-client";
import { BASE } from "./fixtures";

const SPA = "https://spa.example";
const OTHER_SPA = "http://localhost:5173";
const EVIL = "https://evil.example";
const WITH_CORS = { CORS_ORIGINS: `${SPA}, ${OTHER_SPA}` };

interface Call {
  method?: string;
  origin?: string;
  headers?: Record<string, string>;
  body?: BodyInit;
  json?: unknown;
  vars?: Record<string, unknown>;
  base?: string;
}

/** A request to the Worker entry as a browser on `origin` sends it (Origin, and Sec-Fetch-Site unless given). */
async function call(path: string, { method = "GET", origin, headers = {}, body, json, vars = WITH_CORS, base = BASE }: Call = {}) {
  const h = new Headers(headers);
  if (origin) {
    h.set("Origin", origin);
    if (!h.has("Sec-Fetch-Site")) h.set("Sec-Fetch-Site", origin === new URL(base).origin ? "same-origin" : "cross-site");
  }
  if (json !== undefined) h.set("Content-Type", "application/json");
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${base}${path}`, { method, headers: h, body: json !== undefined ? JSON.stringify(json) : body, redirect: "manual" }),
    envWith(vars),
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

/**
 * `api()` against a deploy whose PUBLIC_ORIGIN is this store's URL: absolute image URLs in `/api`
 * answers are built on that setting only, never on the request's Host (issue 28, item 9.4).
 */
async function publicApi(path: string, { method = "GET", token, body }: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await call(path, { method, json: body, headers: token ? { Authorization: `Bearer ${token}` } : {}, vars: { ...WITH_CORS, PUBLIC_ORIGIN: BASE } });
  return { status: res.status, body: (await res.json()) as any };
}

const varyNames = (res: Response) => (res.headers.get("Vary") ?? "").split(",").map((v) => v.trim().toLowerCase());
const corsHeaders = (res: Response) => [...res.headers.keys()].filter((name) => name.startsWith("access-control-"));

describe("preflight", () => {
  const routes: [string, string][] = [
    ["GET", "/api/user/user-details"],
    ["POST", "/api/user/login"],
    ["PUT", "/api/cart/update-qty"],
    ["DELETE", "/api/address/disable"],
    ["GET", "/api/order/order-list"],
    ["POST", "/api/order/cash-on-delivery"],
    ["PUT", "/api/user/upload-avatar"],
    ["POST", "/api/no-such-route"],
  ];

  it("answers 204 on every /api route; a listed origin gets the exact grant, others nothing but Vary", async () => {
    for (const [method, path] of routes) {
      for (const origin of [SPA, OTHER_SPA]) {
        const res = await call(path, {
          method: "OPTIONS",
          origin,
          headers: { "Access-Control-Request-Method": method, "Access-Control-Request-Headers": "authorization,content-type,idempotency-key" },
        });
        expect(res.status, `${method} ${path} from ${origin}`).toBe(204);
        expect(res.headers.get("Access-Control-Allow-Origin")).toBe(origin);
        expect(res.headers.get("Access-Control-Allow-Credentials")).toBe("true");
        expect(res.headers.get("Access-Control-Allow-Methods")!.split(", ")).toContain(method);
        expect(res.headers.get("Access-Control-Allow-Headers")!.toLowerCase().split(", ")).toEqual(["authorization", "content-type", "idempotency-key"]);
        expect(Number(res.headers.get("Access-Control-Max-Age"))).toBeGreaterThan(0);
        expect(varyNames(res)).toContain("origin");
      }
      for (const origin of [EVIL, "null", `${SPA}.evil.example`, SPA.replace("https", "http"), undefined]) {
        const res = await call(path, { method: "OPTIONS", origin, headers: { "Access-Control-Request-Method": method } });
        expect(res.status, `${method} ${path} from ${origin}`).toBe(204);
        expect(corsHeaders(res), `${method} ${path} from ${origin}`).toEqual([]);
        expect(varyNames(res)).toContain("origin");
      }
    }
  });

  it("grants nothing when CORS_ORIGINS is empty (same-origin only, the default)", async () => {
    for (const vars of [{ CORS_ORIGINS: undefined }, { CORS_ORIGINS: "" }, { CORS_ORIGINS: " , " }]) {
      const res = await call("/api/user/login", { method: "OPTIONS", origin: SPA, headers: { "Access-Control-Request-Method": "POST" }, vars });
      expect(res.status).toBe(204);
      expect(corsHeaders(res)).toEqual([]);
    }
  });

  it("pages get no CORS at all: OPTIONS and GET from a listed origin are answered as before", async () => {
    const home = await call("/", { origin: SPA });
    expect(home.status).toBe(200);
    expect(corsHeaders(home)).toEqual([]);
    await home.text();
  });
});

describe("requests from a listed origin", () => {
  it("log in with credentials: the grant, Vary: Origin, and cookies SameSite=None; Secure for that front end only", async () => {
    const { email } = await newShopper();
    const login = await call("/api/user/login", {
      method: "POST",
      origin: SPA,
      json: { email, password: "Test@12345" },
      headers: { "CF-Connecting-IP": randomIp() },
    });
    expect(login.status).toBe(200);
    expect(login.headers.get("Access-Control-Allow-Origin")).toBe(SPA);
    expect(login.headers.get("Access-Control-Allow-Credentials")).toBe("true");
    expect(varyNames(login)).toContain("origin");
    const session = login.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(session).toMatch(/; SameSite=None/i);
    expect(session).toMatch(/; Secure/i);
    // The write's D1 bookmark (decision 026) travels back with the SPA's credentialed calls too.
    const bookmark = login.headers.getSetCookie().find((c) => c.startsWith("__d1b="))!;
    expect(bookmark).toMatch(/; SameSite=None/i);
    expect(bookmark).toMatch(/; Secure/i);
    expect(bookmark).toMatch(/; HttpOnly/i);

    // The store's own login (same origin) keeps SameSite=Lax, not Secure outside production.
    const own = await call("/api/user/login", {
      method: "POST",
      origin: BASE,
      json: { email, password: "Test@12345" },
      headers: { "CF-Connecting-IP": randomIp() },
    });
    const ownSession = own.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(ownSession).toMatch(/; SameSite=Lax/i);
    expect(ownSession).not.toMatch(/; Secure/i);
    expect(own.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("cookie-authenticated writes are trusted from the listed origin and refused (403, no grant, nothing changed) from others", async () => {
    const { email, token } = await newShopper();
    const cookie = await sessionCookie(email, "Test@12345");
    const product = await makeProduct({ stock: 5 });
    const refused = await call("/api/cart/create", { method: "POST", origin: EVIL, json: { productId: product.id }, headers: { Cookie: cookie } });
    expect(refused.status).toBe(403);
    expect(corsHeaders(refused)).toEqual([]);
    expect(varyNames(refused)).toContain("origin");
    // Without CORS_ORIGINS the listed origin is just another site.
    expect(
      (await call("/api/cart/create", { method: "POST", origin: SPA, json: { productId: product.id }, headers: { Cookie: cookie }, vars: {} })).status,
    ).toBe(403);
    expect((await api("/api/cart/get", { token })).body.data).toEqual([]);

    const allowed = await call("/api/cart/create", { method: "POST", origin: SPA, json: { productId: product.id }, headers: { Cookie: cookie } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("Access-Control-Allow-Origin")).toBe(SPA);
    expect((await api("/api/cart/get", { token })).body.data).toHaveLength(1);

    // The list is for /api: a page form from that origin is still refused.
    const form = await call("/cart", {
      method: "POST",
      origin: SPA,
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "add", productId: product.id }).toString(),
    });
    expect(form.status).toBe(403);
  });

  it("logout with the cookie alone ends the session from the listed origin; another site still cannot", async () => {
    const { email } = await newShopper();
    const cookie = await sessionCookie(email, "Test@12345");
    const refused = await call("/api/user/logout", { origin: EVIL, headers: { Cookie: cookie } });
    expect(refused.status).toBe(403);
    expect((await call("/api/user/user-details", { origin: SPA, headers: { Cookie: cookie } })).status).toBe(200);
    const out = await call("/api/user/logout", { origin: SPA, headers: { Cookie: cookie } });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().find((c) => c.startsWith("__session="))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect((await call("/api/user/user-details", { origin: SPA, headers: { Cookie: cookie } })).status).toBe(401);
  });

  it("says Vary: Origin on every /api answer, allowed or not, success or error", async () => {
    for (const origin of [SPA, EVIL, undefined]) {
      for (const path of ["/api/category/get", "/api/user/user-details", "/api/no-such-route"]) {
        const res = await call(path, { origin });
        expect(varyNames(res), `${path} from ${origin}`).toContain("origin");
        expect(res.headers.get("Access-Control-Allow-Origin"), `${path} from ${origin}`).toBe(origin === SPA ? SPA : null);
        await res.arrayBuffer();
      }
    }
  });
});

describe("settings", () => {
  it("a malformed CORS_ORIGINS or PUBLIC_ORIGIN refuses to serve (503 naming the entry)", async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ CORS_ORIGINS: "*" }, /CORS_ORIGINS: "\*" is a wildcard/],
      [{ CORS_ORIGINS: `${SPA}, https://app.example/` }, /CORS_ORIGINS: "https:\/\/app\.example\/" is not an origin: write exactly https:\/\/app\.example/],
      [{ CORS_ORIGINS: "app.example" }, /CORS_ORIGINS: "app\.example" is not a URL/],
      [{ CORS_ORIGINS: "ftp://files.example" }, /must start with https:\/\/ or http:\/\//],
      [{ PUBLIC_ORIGIN: "https://shop.example/store" }, /PUBLIC_ORIGIN: "https:\/\/shop\.example\/store" is not an origin/],
      [{ PUBLIC_ORIGIN: "https://a.example,https://b.example" }, /PUBLIC_ORIGIN must be one origin/],
    ];
    for (const [vars, message] of cases) {
      const res = await call("/api/category/get", { vars });
      expect(res.status, JSON.stringify(vars)).toBe(503);
      expect(await res.text()).toMatch(message);
    }
  });
});

describe("behind a proxy that rewrites Host (PUBLIC_ORIGIN)", () => {
  const UPSTREAM = "http://127.0.0.1:8787";
  const PUBLIC = "https://shop.example";

  it("a page form and an /api write from the public origin go through; without the setting, or from elsewhere, they are refused", async () => {
    const { email, token } = await newShopper();
    const cookie = await sessionCookie(email, "Test@12345");
    const product = await makeProduct({ stock: 5 });
    const addToCart = (origin: string, vars: Record<string, unknown>) =>
      call("/cart", {
        method: "POST",
        base: UPSTREAM,
        origin,
        vars,
        headers: { Cookie: cookie, Host: "127.0.0.1:8787", "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "add", productId: product.id }).toString(),
      });
    expect((await addToCart(PUBLIC, {})).status).toBe(403);
    expect((await addToCart(EVIL, { PUBLIC_ORIGIN: PUBLIC })).status).toBe(403);
    expect((await api("/api/cart/get", { token })).body.data).toEqual([]);
    expect((await addToCart(PUBLIC, { PUBLIC_ORIGIN: PUBLIC })).status).toBe(303);
    expect((await api("/api/cart/get", { token })).body.data[0].quantity).toBe(1);

    const viaApi = await call("/api/cart/update-qty", {
      method: "PUT",
      base: UPSTREAM,
      origin: PUBLIC,
      vars: { PUBLIC_ORIGIN: PUBLIC },
      headers: { Cookie: cookie, "Sec-Fetch-Site": "same-origin" },
      json: { _id: (await api("/api/cart/get", { token })).body.data[0]._id, qty: 3 },
    });
    expect(viaApi.status).toBe(200);
    expect((await api("/api/cart/get", { token })).body.data[0].quantity).toBe(3);
  });

  it("image URLs in /api answers are built on PUBLIC_ORIGIN, else root-relative (never the request's origin); pages keep root-relative paths", async () => {
    const viaProxy = (await (await call("/api/category/get", { base: UPSTREAM, vars: { PUBLIC_ORIGIN: PUBLIC } })).json()) as any;
    expect(viaProxy.data.length).toBeGreaterThan(0);
    for (const category of viaProxy.data) expect(category.image).toMatch(/^https:\/\/shop\.example\/images\/[^/]/);
    const direct = (await (await call("/api/category/get", { vars: {} })).json()) as any;
    expect(direct.data.length).toBeGreaterThan(0);
    for (const category of direct.data) expect(category.image).toMatch(/^\/images\/[^/]/);

    const html = await (await call("/", { vars: { PUBLIC_ORIGIN: PUBLIC } })).text();
    expect(html).toMatch(/src="\/images\//);
    expect(html).not.toContain("https://shop.example/images/");
    expect(html).not.toContain("http://store.test/images/");
  });
});

describe("absolute image URLs", () => {
  // Issue 28 item 9.4: without PUBLIC_ORIGIN, image URLs were built on the request's Host, in
  // answers shared caches keep (`public, s-maxage=300`, no `Vary: Host`).
  it("a request with a foreign Host gets no foreign origin anywhere in the body, with or without PUBLIC_ORIGIN", async () => {
    const { token } = await newShopper();
    const product = await makeProduct({ stock: 5 });
    await api("/api/cart/create", { method: "POST", token, body: { productId: product.id } });
    const calls: [string, RequestInit][] = [
      ["/api/category/get", {}],
      ["/api/subcategory/get", { method: "POST" }],
      ["/api/product/get", { method: "POST", body: JSON.stringify({ page: 1, limit: 12 }) }],
      ["/api/product/get-product-details", { method: "POST", body: JSON.stringify({ productId: product.id }) }],
      ["/api/product/search-product", { method: "POST", body: JSON.stringify({ search: "milk" }) }],
      ["/api/cart/get", { headers: { Authorization: `Bearer ${token}` } }],
    ];
    for (const [path, init] of calls) {
      const headers = { Host: "evil.example", "Content-Type": "application/json", ...(init.headers as Record<string, string>) };
      // As deployed in the tests (no PUBLIC_ORIGIN): root-relative paths.
      const res = await SELF.fetch(`http://evil.example${path}`, { ...init, headers });
      expect(res.status, path).toBe(200);
      const text = await res.text();
      expect(text, path).toContain('"/images/');
      expect(text, path).not.toContain("evil.example");
      // With PUBLIC_ORIGIN: built on it, whatever Host said.
      const ctx = createExecutionContext();
      const set = await worker.fetch(new Request(`http://evil.example${path}`, { ...init, headers }), envWith({ PUBLIC_ORIGIN: "https://shop.example" }), ctx);
      await waitOnExecutionContext(ctx);
      const setText = await set.text();
      expect(setText, path).toContain('"https://shop.example/images/');
      expect(setText, path).not.toContain("evil.example");
    }
  });

  it("every image field of the /api answers a client reads is absolute, and a client may send them back", async () => {
    const { token } = await newShopper();
    const product = await makeProduct({ stock: 5 });
    await api("/api/cart/create", { method: "POST", token, body: { productId: product.id } });
    const absolute = /^http:\/\/store\.test\/images\/[^/]/;

    const cart = await publicApi("/api/cart/get", { token });
    expect(cart.body.data[0].productId.image[0]).toMatch(absolute);
    const details = await publicApi("/api/product/get-product-details", { method: "POST", body: { productId: product.id } });
    expect(details.body.data.image.every((url: string) => absolute.test(url))).toBe(true);
    const subs = await publicApi("/api/subcategory/get", { method: "POST" });
    expect(subs.body.data[0].image).toMatch(absolute);
    const listing = await publicApi("/api/product/get", { method: "POST", body: { page: 1, limit: 12 } });
    expect(listing.body.data.flatMap((p: any) => p.image).every((url: string) => absolute.test(url))).toBe(true);

    // An admin client sends back what it was given: the store keeps the path.
    const admin = (
      await api("/api/user/login", {
        method: "POST",
        body: { email: "admin@example.com", password: "Admin@12345" },
        headers: { "CF-Connecting-IP": randomIp() },
      })
    ).body.data.accesstoken;
    const name = `Absolute ${Date.now()}`;
    const created = await publicApi("/api/category/add-category", { method: "POST", token: admin, body: { name, image: subs.body.data[0].image } });
    expect(created.status).toBe(201);
    const row = await env.DB.prepare("select image from categories where name = ?").bind(name).first<{ image: string }>();
    expect(row!.image).toBe(new URL(subs.body.data[0].image).pathname);
    expect(created.body.data.image).toBe(subs.body.data[0].image);
    // Only a stored image's path is ever kept: anything else is still refused.
    for (const image of ["https://evil.example/x.png", "http://store.test/api/user/logout", "http://store.test/images/a.png?x=1"]) {
      expect((await api("/api/category/add-category", { method: "POST", token: admin, body: { name: `${name} 2`, image } })).status, image).toBe(400);
    }
  });
});

describe("the original client's shapes", () => {
  async function shopperWithTwoLineOrder() {
    const { token } = await newShopper();
    const addressId = (await api("/api/address/create", { method: "POST", token, body: VALID_ADDRESS })).body.data._id as string;
    const [milk, bread] = await Promise.all([makeProduct({ name: "Line Milk", price: 60 }), makeProduct({ name: "Line Bread", price: 40, discount: 10 })]);
    const order = await api("/api/order/cash-on-delivery", {
      method: "POST",
      token,
      body: {
        list_items: [
          { productId: { _id: milk.id }, quantity: 2 },
          { productId: { _id: bread.id }, quantity: 1 },
        ],
        addressId,
      },
    });
    expect(order.status).toBe(201);
    return { token, addressId, milk, bread, orderId: order.body.data.orderId as string };
  }

  it("order-list: one entry per order line, product_details an object with name and image[0], the order's fields on each", async () => {
    const { token, addressId, milk, bread, orderId } = await shopperWithTwoLineOrder();
    const list = await publicApi("/api/order/order-list", { token });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(2);
    const grouped = await api("/api/order/order-list?view=grouped", { token });
    const order = grouped.body.data[0];
    for (const [entry, product, quantity] of [
      [list.body.data[0], milk, 2],
      [list.body.data[1], bread, 1],
    ] as const) {
      // What the original client reads, with the original types.
      expect(typeof entry._id).toBe("string");
      expect(entry.orderId).toBe(orderId);
      expect(entry.productId).toBe(product.id);
      expect(entry.quantity).toBe(quantity);
      expect(Array.isArray(entry.product_details)).toBe(false);
      expect(entry.product_details.name).toBe(product.name);
      expect(entry.product_details.image[0]).toMatch(/^http:\/\/store\.test\/images\/seed\/milk\.webp$/);
      expect(entry.payment_status).toBe("PENDING");
      expect(entry.status).toBe("placed");
      expect(entry.totalAmt).toBe(order.totalAmt);
      expect(entry.subTotalAmt).toBe(order.subTotalAmt);
      expect(typeof entry.totalAmt).toBe("number");
      expect(entry.delivery_address).toMatchObject({ _id: addressId, ...VALID_ADDRESS });
      expect(new Date(entry.createdAt).toISOString()).toBe(entry.createdAt);
      expect(entry.order_ref).toBe(order._id);
    }
    expect(list.body.data[0]._id).not.toBe(list.body.data[1]._id);
    // The grouped view: one entry per order, its lines in product_details[].
    expect(grouped.body.data).toHaveLength(1);
    expect(order.product_details.map((line: any) => line.productId)).toEqual([milk.id, bread.id]);
    expect((await api(`/api/order/details?_id=${list.body.data[0].order_ref}`, { token })).body.data.orderId).toBe(orderId);
    expect((await api("/api/order/order-list?view=everything", { token })).status).toBe(400);
  });

  it("user-details (and update-user) send the ids of the user's saved addresses, cart lines and orders", async () => {
    const { token, addressId } = await shopperWithTwoLineOrder();
    const removed = (await api("/api/address/create", { method: "POST", token, body: VALID_ADDRESS })).body.data._id;
    await api("/api/address/disable", { method: "DELETE", token, body: { _id: removed } });
    const product = await makeProduct({ stock: 5 });
    await api("/api/cart/create", { method: "POST", token, body: { productId: product.id } });
    const cartIds = (await api("/api/cart/get", { token })).body.data.map((line: any) => line._id);
    const orderIds = (await api("/api/order/order-list?view=grouped", { token })).body.data.map((order: any) => order._id);
    expect(cartIds).toHaveLength(1);
    expect(orderIds).toHaveLength(1);

    const details = await api("/api/user/user-details", { token });
    expect(details.body.data).toMatchObject({ address_details: [addressId], shopping_cart: cartIds, orderHistory: orderIds });
    const me = details.body.data;
    const updated = await api("/api/user/update-user", { method: "PUT", token, body: { name: "Renamed", email: me.email, mobile: "9812345678" } });
    expect(updated.body.data).toMatchObject({ name: "Renamed", address_details: [addressId], shopping_cart: cartIds, orderHistory: orderIds });
  });
});
