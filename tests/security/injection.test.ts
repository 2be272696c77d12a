/**
 * Injection and cross-site attacks on the HTTP surface: cross-site requests riding the cookie
 * (CSRF), stored markup in names and addresses (XSS, JSON-LD break-out), search syntax (FTS5 and SQL)
 * and header injection through redirect targets.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, login, makeProduct, randomIp, VALID_ADDRESS } from "../workers/api-client";
import { ADMIN, page, pageActions, postForm, resetGrantCookie, sessionCookie, shopperWithOrder, storeFingerprint, type Who } from "./support-http";

let shopper: Awaited<ReturnType<typeof shopperWithOrder>>;
let admin: string;
beforeAll(async () => {
  shopper = await shopperWithOrder();
  admin = await sessionCookie(ADMIN.email, ADMIN.password);
});

// ---------------------------------------------------------------------------------------------
// CSRF

/** What a browser sends with a cross-site form or fetch: another Origin, or Sec-Fetch-Site alone. */
const CROSS_SITE: [string, Record<string, string>][] = [
  ["Origin: https://evil.example", { Origin: "https://evil.example" }],
  ["Origin: null (sandboxed frame)", { Origin: "null" }],
  ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
  ["Sec-Fetch-Site: same-site (a sibling subdomain)", { "Sec-Fetch-Site": "same-site" }],
  ["Origin: http://store.test.evil.example", { Origin: "http://store.test.evil.example" }],
];

describe("cross-site requests that carry the cookie are refused (403) and change nothing", { timeout: 120_000 }, () => {
  let cookies: Record<Who, string>;
  beforeAll(async () => {
    cookies = { anon: "", shopper: shopper.cookie, admin, grant: await resetGrantCookie() };
  });

  it("every page action", async () => {
    const before = await storeFingerprint();
    // Valid-looking forms: what the attacker's page would submit.
    const form = new URLSearchParams({ intent: "add", productId: shopper.product.id, email: shopper.email, password: "Test@12345" });
    for (const action of pageActions(shopper.orderId)) {
      for (const [name, headers] of CROSS_SITE) {
        const res = await page(action.path, {
          method: "POST",
          cookie: cookies[action.who] || "__toast=x",
          headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": randomIp() },
          body: form.toString(),
        });
        expect(res.status, `${action.path} with ${name}`).toBe(403);
        expect(await res.text()).toContain("Cross-site request refused");
      }
    }
    expect(await storeFingerprint()).toEqual(before);
  });

  it("/api writes with the cookie", async () => {
    const before = await storeFingerprint();
    const writes: [string, string, unknown][] = [
      ["POST", "/api/cart/create", { productId: shopper.product.id }],
      ["PUT", "/api/user/update-user", { name: "Hijacked" }],
      ["POST", "/api/address/create", VALID_ADDRESS],
      ["POST", "/api/order/cash-on-delivery", { list_items: [{ productId: shopper.product.id, quantity: 1 }] }],
      ["POST", "/api/user/logout", {}],
    ];
    for (const [method, path, body] of writes) {
      for (const [name, headers] of CROSS_SITE) {
        const res = await api(path, { method, body, headers: { ...headers, Cookie: shopper.cookie } });
        expect(res.status, `${method} ${path} with ${name}`).toBe(403);
        expect(res.body).toMatchObject({ error: true, success: false });
      }
    }
    // A bearer token sent alongside the cookie does not make a cross-site request trusted.
    const both = await api("/api/cart/create", {
      method: "POST",
      token: shopper.token,
      body: { productId: shopper.product.id },
      headers: { Origin: "https://evil.example", Cookie: shopper.cookie },
    });
    expect(both.status).toBe(403);
    expect(await storeFingerprint()).toEqual(before);
  });

  it("a same-origin Origin with a forwarded host that disagrees is refused (403), not a 500", async () => {
    const before = await storeFingerprint();
    const claims: Record<string, string>[] = [
      { Origin: "http://store.test", Host: "store.test", "X-Forwarded-Host": "evil.example" },
      { Origin: "http://store.test", Host: "evil.example" },
    ];
    for (const headers of claims) {
      const res = await postForm("/cart", { intent: "add", productId: shopper.product.id }, { cookie: shopper.cookie, headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
    expect(await storeFingerprint()).toEqual(before);
  });

  it("a bearer-only client from another origin is allowed (no ambient credential to abuse)", async () => {
    const product = await makeProduct({ stock: 4 });
    const res = await api("/api/cart/create", {
      method: "POST",
      token: shopper.token,
      body: { productId: product.id },
      headers: { Origin: "https://app.other.example" },
    });
    expect(res.status).toBe(200);
    const line = await env.DB.prepare("select quantity from cart_items where product_id = ?").bind(product.id).first<{ quantity: number }>();
    expect(line?.quantity).toBe(1);
  });

  it("the same form from the store's own origin goes through", async () => {
    const product = await makeProduct({ stock: 4 });
    // As a browser sends it: its Origin, and the Host it connected to.
    const res = await postForm(
      "/cart",
      { intent: "add", productId: product.id },
      { cookie: shopper.cookie, headers: { Origin: "http://store.test", Host: "store.test", "Sec-Fetch-Site": "same-origin" } },
    );
    expect(res.status).toBe(303);
    const line = await env.DB.prepare("select quantity from cart_items where product_id = ?").bind(product.id).first<{ quantity: number }>();
    expect(line?.quantity).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------
// Stored XSS

const SCRIPT = "</script><script>alert(1)</script>";
const IMG = '"><img src=x onerror=alert(2)>';

/**
 * No hostile markup survives as markup: parsed as a browser would (HTMLRewriter), no element has an
 * event-handler attribute, no <img> points at the attacker's "x", and no script's text is theirs.
 */
async function expectEscaped(html: string, where: string) {
  const handlers: string[] = [];
  const scripts: string[] = [];
  let current = "";
  await new HTMLRewriter()
    .on("*", {
      element(element) {
        for (const [name, value] of element.attributes as unknown as Iterable<[string, string]>)
          if (/^on/i.test(name)) handlers.push(`<${element.tagName} ${name}="${value}">`);
        if (element.tagName === "img" && element.getAttribute("src") === "x") handlers.push("<img src=x>");
      },
    })
    .on("script", {
      text(chunk) {
        current += chunk.text;
        if (chunk.lastInTextNode) {
          scripts.push(current);
          current = "";
        }
      },
    })
    .transform(new Response(html, { headers: { "Content-Type": "text/html" } }))
    .text();
  expect(handlers, where).toEqual([]);
  expect(
    scripts.filter((text) => /^\s*alert\(/.test(text)),
    where,
  ).toEqual([]);
  expect(html, where).not.toContain("<script>alert(1)");
}

/** The product page's JSON-LD block: one script, valid JSON, the name intact. */
function jsonLdOf(html: string) {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0][1]) as { name: string; description: string };
}

describe("stored markup is rendered as text", { timeout: 120_000 }, () => {
  it("the checker itself sees markup that got through", async () => {
    await expect(expectEscaped('<p><img src="x" onerror="alert(2)"></p>', "probe")).rejects.toThrow();
    await expect(expectEscaped("<div><script>alert(1)</script></div>", "probe")).rejects.toThrow();
    expect(() => jsonLdOf('<script type="application/ld+json">{"name":"a</script><script>alert(1)</script>"}</script>')).toThrow();
  });

  it("a product name and description: the page, the JSON-LD, the listing, search and the cart", async () => {
    const adminToken = await login(ADMIN.email, ADMIN.password);
    const category = (await env.DB.prepare("select category_id as c, sub_category_id as s from sub_category_categories limit 1").first<{
      c: string;
      s: string;
    }>())!;
    const created = await api("/api/product/create", {
      method: "POST",
      token: adminToken,
      body: {
        name: `Paneer ${SCRIPT} ${IMG}`,
        description: `Fresh ${SCRIPT}<!-- ${IMG}`,
        image: ["/images/seed/milk.webp"],
        category: [category.c],
        subCategory: [category.s],
        unit: "200 g",
        stock: 5,
        price: 90,
        discount: 0,
        more_details: { [`Origin ${IMG}`]: SCRIPT },
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.data._id as string;
    const stored = await env.DB.prepare("select name from products where id = ?").bind(id).first<{ name: string }>();
    expect(stored!.name).toBe(`Paneer ${SCRIPT} ${IMG}`);

    const productPage = await page(`/product/paneer-${id}`);
    expect(productPage.status).toBe(200);
    const html = await productPage.text();
    await expectEscaped(html, "product page");
    expect(jsonLdOf(html)).toMatchObject({ name: `Paneer ${SCRIPT} ${IMG}`, description: `Fresh ${SCRIPT}<!-- ${IMG}` });
    expect(html).toContain("Paneer &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");

    const search = await (await page(`/search?q=paneer`)).text();
    await expectEscaped(search, "search");
    expect((await api("/api/cart/create", { method: "POST", token: shopper.token, body: { productId: id } })).status).toBe(200);
    await expectEscaped(await (await page("/cart", { cookie: shopper.cookie })).text(), "cart");
    await expectEscaped(await (await page(`/dashboard/product?search=paneer`, { cookie: admin })).text(), "admin product list");
  });

  it("a category name: home, the listing and the admin page", async () => {
    const adminToken = await login(ADMIN.email, ADMIN.password);
    const created = await api("/api/category/add-category", {
      method: "POST",
      token: adminToken,
      body: { name: `Snacks ${IMG} ${SCRIPT}`, image: "/images/seed/milk.webp" },
    });
    expect(created.status).toBe(201);
    const sub = await api("/api/subcategory/create", {
      method: "POST",
      token: adminToken,
      body: { name: `Chips ${SCRIPT}`, image: "/images/seed/milk.webp", category: [created.body.data._id] },
    });
    expect(sub.status).toBe(201);
    await makeProduct({ name: "Crisps" }).then(async (p) => {
      await env.DB.batch([
        env.DB.prepare("insert into product_categories (product_id, category_id) values (?, ?)").bind(p.id, created.body.data._id),
        env.DB.prepare("insert into product_sub_categories (product_id, sub_category_id) values (?, ?)").bind(p.id, sub.body.data._id),
      ]);
    });
    await expectEscaped(await (await page("/", { headers: { "Cache-Control": "no-cache" } })).text(), "home");
    const listing = await page(`/snacks-${created.body.data._id}/chips-${sub.body.data._id}`);
    expect(listing.status).toBe(200);
    await expectEscaped(await listing.text(), "listing");
    await expectEscaped(await (await page("/dashboard/category", { cookie: admin })).text(), "admin categories");
    await expectEscaped(await (await page("/dashboard/subcategory", { cookie: admin })).text(), "admin sub-categories");
  });

  it("an address line: the address book, checkout and the admin order board", async () => {
    const address = await api("/api/address/create", {
      method: "POST",
      token: shopper.token,
      body: { ...VALID_ADDRESS, address_line: `Flat 1 ${IMG} ${SCRIPT}`, city: `Pune ${IMG}` },
    });
    expect(address.status).toBe(201);
    const book = await (await page("/dashboard/address", { cookie: shopper.cookie })).text();
    await expectEscaped(book, "address book");
    expect(book).toContain("Flat 1 &quot;&gt;&lt;img src=x onerror=alert(2)&gt;");
    await expectEscaped(await (await page("/checkout", { cookie: shopper.cookie })).text(), "checkout");
    const order = await api("/api/order/cash-on-delivery", {
      method: "POST",
      token: shopper.token,
      body: { list_items: [{ productId: shopper.product.id, quantity: 1 }], addressId: address.body.data._id },
    });
    expect(order.status).toBe(201);
    await expectEscaped(await (await page("/dashboard/orders", { cookie: admin })).text(), "order board");
    await expectEscaped(await (await page("/dashboard/myorders", { cookie: shopper.cookie })).text(), "my orders");
  });

  it("reflected search text", async () => {
    const html = await (await page(`/search?${new URLSearchParams({ q: `${SCRIPT} ${IMG}` })}`)).text();
    await expectEscaped(html, "search results page");
  });
});

// ---------------------------------------------------------------------------------------------
// Search syntax: FTS5 operators and SQL quotes are searched as text

const SEARCH_SYNTAX = [
  '"',
  '""',
  'milk"',
  "milk*",
  "*",
  "NEAR(",
  "NEAR(milk bread, 2)",
  "milk -bread",
  "-",
  "name:milk",
  ":",
  "^milk",
  "milk AND",
  "OR",
  "NOT milk",
  "(milk",
  "{name}: milk",
  "' OR 1=1 --",
  "'; DROP TABLE products; --",
  '"); DELETE FROM products; --',
  "milk' UNION SELECT password_hash FROM users --",
  "\u0000milk",
  "%' OR '1'='1",
];

describe("search syntax is text: 200 with results or 'No Data found', never a 500", { timeout: 120_000 }, () => {
  it.each(SEARCH_SYNTAX.map((q) => [JSON.stringify(q), q]))("%s", async (_, q) => {
    const products = (await env.DB.prepare("select count(*) as n from products").first<{ n: number }>())!.n;
    const res = await page(`/search?${new URLSearchParams({ q })}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(/Search Results: [1-9]/.test(html) || html.includes("No Data found")).toBe(true);
    const searchApi = await api("/api/product/search-product", { method: "POST", body: { search: q } });
    expect(searchApi.status).toBe(200);
    expect(Array.isArray(searchApi.body.data)).toBe(true);
    const list = await api("/api/product/get", { method: "POST", body: { search: q } });
    expect(list.status).toBe(200);
    const adminList = await page(`/dashboard/product?${new URLSearchParams({ search: q })}`, { cookie: admin });
    expect(adminList.status).toBe(200);
    const board = await page(`/api/order/admin/list?${new URLSearchParams({ q })}`, { cookie: admin });
    expect(board.status).toBe(200);
    expect((await env.DB.prepare("select count(*) as n from products").first<{ n: number }>())!.n).toBe(products);
  });

  it("operators around a word do not change what it finds", async () => {
    const count = async (search: string) => (await api("/api/product/search-product", { method: "POST", body: { search } })).body.totalCount as number;
    const plain = await count("milk");
    expect(plain).toBeGreaterThan(0);
    for (const q of ['milk"', "milk*", "^milk", "(milk", "milk:", '"milk"', "milk -"]) expect(await count(q), q).toBe(plain);
  });
});

// ---------------------------------------------------------------------------------------------
// Header injection

describe("CR/LF in a redirect target never reaches a header", () => {
  it.each([
    ["login", "/login", (target: string) => ({ email: shopper.email, password: "Test@12345", redirectTo: target }), "/"],
    ["cart", "/cart", (target: string) => ({ intent: "add", productId: shopper.product.id, redirectTo: target }), "/cart"],
  ] as const)("%s", async (_, path, fields, fallback) => {
    for (const target of ["/x\r\nX-Injected: 1", "/x\nSet-Cookie: __session=attacker", "/x%0d%0aX-Injected:%201", "/x\u2028X-Injected: 1"]) {
      const res = await postForm(path, fields(target), { cookie: path === "/cart" ? shopper.cookie : undefined, headers: { "CF-Connecting-IP": randomIp() } });
      expect(res.status, JSON.stringify(target)).toBe(303);
      expect(res.headers.get("X-Injected")).toBeNull();
      expect(res.headers.getSetCookie().some((c) => c.includes("attacker"))).toBe(false);
      const location = res.headers.get("Location")!;
      expect(location === fallback || location.startsWith("/x"), location).toBe(true);
      expect(location).not.toMatch(/[\r\n]/);
    }
  });

  it("the signed-in /login bounce with an encoded CR/LF", async () => {
    const res = await page("/login?redirectTo=%2Fx%0D%0AX-Injected%3A%201", { cookie: shopper.cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(res.headers.get("X-Injected")).toBeNull();
  });
});
