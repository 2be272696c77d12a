/**
 * D1 read replication (decision 026): one session per request, started where the request's kind
 * says, and a bookmark cookie that carries a visitor's write to their next reads. Local D1 has no
 * replicas, so these prove what each session is started from and that the bookmark travels; D1
 * itself guarantees that a session started from a bookmark sees that bookmark's writes.
 */
import { createCookie } from "@remix-run/cloudflare";
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { BOOKMARK_COOKIE } from "../../app/server/db/d1-session.server";
import { getSettings } from "../../app/server/platform/env.server";
import { api, login as apiLogin, makeProduct, newShopper, randomIp, VALID_ADDRESS } from "./api-client";
import { BASE } from "./fixtures";

const cookiePair = (res: Response, name: string) => (res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`)) ?? "").split(";")[0];
const setCookie = (res: Response, name: string) => res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));

/** Every D1 session the worker opens, and the round trips each makes, seen from a wrapped binding. */
function spiedEnv() {
  const starts: (string | undefined)[] = [];
  let roundTrips = 0;
  const countStatement = (stmt: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, prop) {
        const value = Reflect.get(target, prop);
        if (typeof value !== "function") return value;
        if (prop === "bind") return (...args: unknown[]) => countStatement(value.apply(target, args));
        if (prop === "first" || prop === "all" || prop === "run" || prop === "raw") {
          return (...args: unknown[]) => {
            roundTrips++;
            return value.apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
  const DB = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "withSession") {
        return (start?: string) => {
          starts.push(start);
          const session = target.withSession(start);
          return {
            prepare: (query: string) => countStatement(session.prepare(query)),
            batch: (statements: D1PreparedStatement[]) => {
              roundTrips++;
              return session.batch(statements);
            },
            getBookmark: () => session.getBookmark(),
          };
        };
      }
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return {
    env: { ...env, DB },
    starts,
    roundTrips: () => roundTrips,
    reset() {
      starts.length = 0;
      roundTrips = 0;
    },
  };
}

/** The worker, run as the platform would, on the spied binding. */
async function fetchSpied(spy: ReturnType<typeof spiedEnv>, path: string, init?: RequestInit) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${BASE}${path}`, { redirect: "manual", ...init }) as never, spy.env as never, ctx);
  await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return res;
}

const form = (fields: Record<string, string>) => ({
  "Content-Type": "application/x-www-form-urlencoded",
  body: new URLSearchParams(fields),
});

async function signedInCookies() {
  const { email, token } = await newShopper();
  const login = await SELF.fetch(`${BASE}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": randomIp() },
    body: new URLSearchParams({ email, password: "Test@12345" }),
    redirect: "manual",
  });
  expect(login.status).toBe(303);
  return { login, session: cookiePair(login, "__session"), token };
}

describe("the bookmark cookie", () => {
  let session: string;
  let loginResponse: Response;
  beforeAll(async () => {
    ({ login: loginResponse, session } = await signedInCookies());
  });

  it("is set after a write: signed, HttpOnly, SameSite=Lax, on the whole site, short-lived", async () => {
    const cookie = setCookie(loginResponse, BOOKMARK_COOKIE);
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; Max-Age=600/);
    // The test environment is not production: no Secure (the production project checks it is there).
    expect(cookie).not.toMatch(/; Secure/i);
    // Signed: the value is not the bare bookmark.
    const value = decodeURIComponent(cookie!.split(";")[0].slice(BOOKMARK_COOKIE.length + 1));
    expect(value).toContain(".");
  });

  it("carries a shopper's write to the pages after it (add to cart, then the cart and the header)", async () => {
    const product = await makeProduct({ name: "Bookmark Paneer", stock: 5 });
    const added = await SELF.fetch(`${BASE}/cart`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: session },
      body: new URLSearchParams({ intent: "add", productId: product.id, redirectTo: "/cart" }),
      redirect: "manual",
    });
    expect(added.status).toBe(303);
    const bookmark = cookiePair(added, BOOKMARK_COOKIE);
    expect(bookmark).not.toBe("");
    const cookies = `${session}; ${bookmark}`;
    const cart = await SELF.fetch(`${BASE}/cart`, { headers: { Cookie: cookies } });
    expect(cart.status).toBe(200);
    expect(await cart.text()).toContain(product.name);
    // A catalogue page read from the bookmark: private (a personal cookie), with the shopper's cart.
    const home = await SELF.fetch(`${BASE}/`, { headers: { Cookie: cookies } });
    expect(home.status).toBe(200);
    expect(home.headers.get("Cache-Control")).toBe("private, no-store");
    expect(home.headers.get("Set-Cookie")).toBeNull();
  });

  it("starts the next request's session from the bookmark it carries, and a write's from the primary", async () => {
    const spy = spiedEnv();
    const product = await makeProduct({ name: "Spied Paneer", stock: 5 });
    const added = await fetchSpied(spy, "/cart", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: session },
      body: new URLSearchParams({ intent: "add", productId: product.id, redirectTo: "/cart" }),
    });
    expect(added.status).toBe(303);
    expect(spy.starts).toEqual(["first-primary"]);
    const pair = cookiePair(added, BOOKMARK_COOKIE);
    const signed = decodeURIComponent(pair.slice(BOOKMARK_COOKIE.length + 1));
    const bookmark = await createCookie(BOOKMARK_COOKIE, { secrets: [getSettings(env).sessionSecret] }).parse(pair);
    expect(typeof bookmark).toBe("string");
    expect(bookmark).toMatch(/^[0-9a-f]{8}-/);
    expect(signed).not.toBe(bookmark);

    for (const path of ["/cart", "/", `/product/x-${product.id}`, "/search?q=paneer"]) {
      spy.reset();
      const res = await fetchSpied(spy, path, { headers: { Cookie: `${session}; ${pair}` } });
      expect(res.status, path).toBe(200);
      expect(spy.starts, path).toEqual([bookmark]);
    }
  });

  it("is not left by reads, even reads that write bookkeeping (a search with no results)", async () => {
    const spy = spiedEnv();
    for (const path of ["/", "/search?q=zzqxunfindable", "/robots.txt"]) {
      spy.reset();
      const res = await fetchSpied(spy, path);
      expect(res.status, path).toBe(200);
      expect(setCookie(res, BOOKMARK_COOKIE), path).toBeUndefined();
      if (path !== "/robots.txt") expect(spy.starts, path).toEqual(["first-unconstrained"]);
    }
    // An /api catalogue read sent as POST (the original API's way) is a read too.
    spy.reset();
    const listed = await fetchSpied(spy, "/api/product/search-product", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ search: "zzqxunfindable" }),
    });
    expect(listed.status).toBe(200);
    expect(spy.starts).toEqual(["first-unconstrained"]);
    expect(setCookie(listed, BOOKMARK_COOKIE)).toBeUndefined();
  });

  it("is not left by a write request that wrote nothing (a refused form)", async () => {
    const spy = spiedEnv();
    const res = await fetchSpied(spy, "/cart", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "nonsense", js: "1" }),
    });
    expect(res.status).toBe(400);
    expect(setCookie(res, BOOKMARK_COOKIE)).toBeUndefined();
  });
});

describe("answers that must not tell whether an account exists (decision 021)", () => {
  it("leave no bookmark, written or not: registration, reset codes, failed logins", async () => {
    const { email } = await newShopper();
    const unknown = `nobody${Date.now()}@example.com`;
    const json = (path: string, body: unknown) =>
      SELF.fetch(`${BASE}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": randomIp() },
        body: JSON.stringify(body),
      });
    const page = (path: string, fields: Record<string, string>) =>
      SELF.fetch(`${BASE}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": randomIp() },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
    const registration = { name: "Some One", password: "Test@12345", confirmPassword: "Test@12345" };
    const answers: [string, Response][] = [];
    for (const address of [email, unknown]) {
      answers.push([`api register ${address}`, await json("/api/user/register", { ...registration, email: address })]);
      answers.push([`page register ${address}`, await page("/register", { ...registration, email: `x${address}` })]);
      answers.push([`api forgot ${address}`, await json("/api/user/forgot-password", { email: address })]);
      answers.push([`page forgot ${address}`, await page("/forgot-password", { email: address })]);
      answers.push([`api login ${address}`, await json("/api/user/login", { email: address, password: "Wrong@12345" })]);
      answers.push([`page login ${address}`, await page("/login", { email: address, password: "Wrong@12345" })]);
    }
    for (const [name, res] of answers) {
      expect(res.status, name).toBeLessThan(500);
      expect(setCookie(res, BOOKMARK_COOKIE), name).toBeUndefined();
      await res.arrayBuffer();
    }
  });
});

describe("where each request's session starts", () => {
  it("catalogue reads unconstrained; admin, checkout and writes on the primary", async () => {
    const spy = spiedEnv();
    const cases: [string, RequestInit | undefined, string][] = [
      ["/", undefined, "first-unconstrained"],
      ["/search?q=milk", undefined, "first-unconstrained"],
      ["/api/category/get", undefined, "first-unconstrained"],
      ["/dashboard/orders", undefined, "first-primary"],
      ["/checkout", undefined, "first-primary"],
      ["/api/user/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }, "first-primary"],
      ["/location", { method: "POST", ...form({ intent: "choose", pincode: "560001" }) }, "first-primary"],
    ];
    for (const [path, init, start] of cases) {
      spy.reset();
      const res = await fetchSpied(spy, path, init);
      expect(res.status, path).toBeLessThan(500);
      expect(spy.starts, path).toEqual([start]);
    }
  });

  it("ignores a forged, tampered or malformed bookmark cookie: unconstrained, never a 500", async () => {
    const spy = spiedEnv();
    const unsigned = `${BOOKMARK_COOKIE}=${encodeURIComponent(btoa(JSON.stringify("00000000-00000006-00000000-0000000000000000000000000000000")))}`;
    const wrongSecret = await createCookie(BOOKMARK_COOKIE, { secrets: ["not-the-secret-not-the-secret-not-the-secret"] }).serialize("00000000-00000001");
    // Signed with the real secret but not a bookmark: the shape is checked too.
    const notABookmark = await createCookie(BOOKMARK_COOKIE, { secrets: [getSettings(env).sessionSecret] }).serialize("first-primary");
    const tooLong = await createCookie(BOOKMARK_COOKIE, { secrets: [getSettings(env).sessionSecret] }).serialize(`00000000-${"a".repeat(300)}`);
    for (const cookie of [
      `${BOOKMARK_COOKIE}=garbage`,
      `${BOOKMARK_COOKIE}=%%%`,
      `${BOOKMARK_COOKIE}=`,
      unsigned,
      wrongSecret.split(";")[0],
      notABookmark.split(";")[0],
      tooLong.split(";")[0],
    ]) {
      for (const path of ["/", "/cart", "/api/cart/get"]) {
        spy.reset();
        const res = await fetchSpied(spy, path, { headers: { Cookie: cookie } });
        expect(res.status, `${cookie} ${path}`).toBeLessThan(500);
        expect(spy.starts, `${cookie} ${path}`).toEqual(["first-unconstrained"]);
      }
    }
  });

  it("keeps pages within 2 D1 round trips, for a guest and for a shopper reading from their bookmark", async () => {
    const { session, login } = await signedInCookies();
    const cookies = `${session}; ${cookiePair(login, BOOKMARK_COOKIE)}`;
    const product = await makeProduct({ name: "Round Trip Paneer", stock: 5 });
    const spy = spiedEnv();
    for (const cookie of [undefined, cookies]) {
      for (const path of ["/", `/product/x-${product.id}`, "/search?q=milk", "/cart"]) {
        spy.reset();
        const res = await fetchSpied(spy, path, cookie ? { headers: { Cookie: cookie } } : undefined);
        expect(res.status, path).toBe(200);
        expect(spy.starts.length, path).toBe(1);
        expect(spy.roundTrips(), `${path} ${cookie ? "shopper" : "guest"}`).toBeLessThanOrEqual(2);
        // A guest's cart lives in a cookie; every other page reads D1.
        if (cookie || path !== "/cart") expect(spy.roundTrips(), path).toBeGreaterThan(0);
      }
    }
  });

  it("keeps the cart and checkout within 2 with a coupon applied, live offers and a sold-out line (shopper and guest)", async () => {
    const admin = await apiLogin("admin@example.com", "Admin@12345");
    const code = `RT${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
    const created = await api("/api/coupon/create", {
      method: "POST",
      token: admin,
      body: { code, type: "flat", value: 10, startsAt: Date.now() - 60_000, endsAt: Date.now() + 86_400_000 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const kept = await makeProduct({ name: "Round Trip Dahi", stock: 5, price: 80 });
    const soldOut = await makeProduct({ name: "Round Trip Ghee", stock: 5, price: 90 });
    // Something similar in stock (same sub-category as every test product).
    await makeProduct({ name: "Round Trip Butter", stock: 5, price: 95 });

    const post = async (path: string, cookie: string, fields: Record<string, string>) => {
      const res = await SELF.fetch(`${BASE}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
      expect(res.status, `${path} ${JSON.stringify(fields)}`).toBe(303);
      await res.arrayBuffer();
      return res;
    };

    // A shopper: both products in the cart, an address, the code applied; then the second sells out.
    const { session, login, token } = await signedInCookies();
    expect((await api("/api/address/create", { method: "POST", token, body: VALID_ADDRESS })).status).toBeLessThan(300);
    for (const product of [kept, soldOut]) await post("/cart", session, { intent: "add", productId: product.id, redirectTo: "/cart" });
    const shopperBill = cookiePair(await post("/coupon", session, { intent: "apply", code, redirectTo: "/cart" }), "__bill");
    expect(shopperBill).not.toBe("");

    // A guest: the same cart in the cookie, the same code.
    let guestCart = "";
    for (const product of [kept, soldOut]) {
      guestCart = cookiePair(await post("/cart", guestCart, { intent: "add", productId: product.id, redirectTo: "/cart" }), "__cart") || guestCart;
    }
    const guestBill = cookiePair(await post("/coupon", guestCart, { intent: "apply", code, redirectTo: "/cart" }), "__bill");
    expect(guestBill).not.toBe("");

    await env.DB.prepare("update store_stock set stock = 0 where product_id = ? and store_id = (select id from stores where is_default = 1)")
      .bind(soldOut.id)
      .run();

    const spy = spiedEnv();
    /** The page's HTML, after checking it answered 200 within 2 D1 round trips. */
    const pageWithinTwoTrips = async (who: string, path: string, cookie: string) => {
      spy.reset();
      const ctx = createExecutionContext();
      const res = await worker.fetch(new Request(`${BASE}${path}`, { headers: { Cookie: cookie } }) as never, spy.env as never, ctx);
      const html = await res.text();
      await waitOnExecutionContext(ctx);
      expect(res.status, `${who} ${path}`).toBe(200);
      expect(spy.roundTrips(), `${who} ${path}`).toBeLessThanOrEqual(2);
      return html;
    };
    const cases: [string, string, string][] = [
      ["shopper", "/cart", `${session}; ${cookiePair(login, BOOKMARK_COOKIE)}; ${shopperBill}`],
      ["shopper", "/checkout", `${session}; ${shopperBill}`],
      ["guest", "/cart", `${guestCart}; ${guestBill}`],
    ];
    for (const [who, path, cookie] of cases) {
      const html = await pageWithinTwoTrips(who, path, cookie);
      // The page really judged the code, listed the offer and (on the cart) found similar items.
      expect(html.includes(`data-testid="applied-coupon">${code}</strong>`), `${who} ${path}: the code applied`).toBe(true);
      expect(/applied: you save (<!-- -->)?₹10</.test(html), `${who} ${path}: its discount`).toBe(true);
      expect(html.includes(`<strong>${code}</strong>`), `${who} ${path}: the live offer`).toBe(true);
      if (path === "/cart") {
        expect(html.includes(`Instead of ${soldOut.name}`), `${who}: similar items for the sold-out line`).toBe(true);
        expect(html.includes("Round Trip Butter"), `${who}: the similar item in stock`).toBe(true);
      } else {
        expect(html.includes(VALID_ADDRESS.address_line), "the shopper's address").toBe(true);
      }
    }
    // Elsewhere the header reads only the applied code, from its cookie (no D1 read for the coupon),
    // and shows the count without a total it does not know (the panel loads /cart's bill on open).
    for (const [who, cookie] of [
      ["shopper", `${session}; ${shopperBill}`],
      ["guest", `${guestCart}; ${guestBill}`],
    ]) {
      for (const path of ["/", `/product/x-${kept.id}`]) {
        const html = await pageWithinTwoTrips(who, path, cookie);
        // Nothing on these pages names the code but the root's data for the header.
        expect(html.includes(code), `${who} ${path}: the root knows the code`).toBe(true);
      }
    }
  });
});
