/**
 * The production layer (decision 012): the real worker with ENVIRONMENT=production, its own
 * SESSION_SECRET, the rate limiters of wrangler.toml and the fake Stripe, as a deploy runs it.
 */
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signToken } from "../../app/server/platform/crypto.server";
import { DEV_SESSION_SECRET } from "../../app/server/platform/env.server";
import { fetchWorker, freshAccount } from "../security/support-deploy";
import { api, randomIp } from "../workers/api-client";
import { BASE } from "../workers/fixtures";

const get = (path: string, headers: Record<string, string> = {}) => SELF.fetch(`${BASE}${path}`, { headers, redirect: "manual" });

function expectAllSecure(setCookies: string[]) {
  expect(setCookies.length).toBeGreaterThan(0);
  for (const cookie of setCookies) {
    expect(cookie).toMatch(/;\s*Secure(;|$)/i);
    expect(cookie).toMatch(/;\s*HttpOnly(;|$)/i);
  }
}

describe("the production layer itself", () => {
  it("runs as production with its secret and both rate limiters", () => {
    expect(env.ENVIRONMENT).toBe("production");
    expect(env.SESSION_SECRET?.length).toBeGreaterThanOrEqual(32);
    expect(env.PUBLIC_FORM_LIMITER).toBeDefined();
    expect(env.UPLOAD_LIMITER).toBeDefined();
  });

  it("refuses to serve once its secret or a rate limiter is taken away", async () => {
    for (const missing of ["SESSION_SECRET", "PUBLIC_ORIGIN", "PUBLIC_FORM_LIMITER", "UPLOAD_LIMITER"]) {
      const res = await fetchWorker({ [missing]: undefined }, "/");
      expect(res.status).toBe(503);
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(await res.text()).toContain(missing);
    }
    expect((await fetchWorker({}, "/ping")).status).toBe(200);
  });
});

describe("the edge cache for anonymous catalogue pages (decision 007)", () => {
  it("renders once (MISS), then answers from the cache (HIT) with the same page", async () => {
    const path = `/?probe=${crypto.randomUUID()}`;
    const first = await get(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Edge-Cache")).toBe("MISS");
    const html = await first.text();
    let second = await get(path);
    // The copy is stored in the background (waitUntil): give it a moment.
    for (let i = 0; i < 40 && second.headers.get("X-Edge-Cache") !== "HIT"; i++) {
      await second.arrayBuffer();
      await new Promise((r) => setTimeout(r, 50));
      second = await get(path);
    }
    expect(second.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(second.headers.getSetCookie()).toEqual([]);
    // The same page, re-issued with a script nonce of its own (matching its own CSP header).
    const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get("Content-Security-Policy") ?? "")?.[1] ?? "";
    const [firstNonce, secondNonce] = [nonceOf(first), nonceOf(second)];
    expect(firstNonce).toMatch(/^[A-Za-z0-9+/=]{22,}$/);
    expect(secondNonce).toMatch(/^[A-Za-z0-9+/=]{22,}$/);
    expect(secondNonce).not.toBe(firstNonce);
    const cached = await second.text();
    expect(cached).not.toContain(firstNonce);
    expect(cached).toContain(`nonce="${secondNonce}"`);
    expect(cached.replaceAll(secondNonce, "NONCE")).toBe(html.replaceAll(firstNonce, "NONCE"));
  });

  it("never answers a visitor with a cookie or a reload from the cache", async () => {
    const path = `/?probe=${crypto.randomUUID()}`;
    await (await get(path)).arrayBuffer();
    const withCookie = await get(path, { Cookie: "__cart=anything" });
    expect(withCookie.status).toBe(200);
    expect(withCookie.headers.get("X-Edge-Cache")).toBeNull();
    expect(withCookie.headers.get("Cache-Control")).toBe("private, no-store");
    const reload = await get(path, { "Cache-Control": "no-cache" });
    expect(reload.headers.get("X-Edge-Cache")).toBeNull();
  });

  it("keeps the sitemap index and its children like catalogue pages (decision 026)", async () => {
    for (const base of ["/sitemap.xml", "/sitemaps/pages.xml"]) {
      const path = `${base}?probe=${crypto.randomUUID()}`;
      const first = await get(path);
      expect(first.status, path).toBe(200);
      expect(first.headers.get("X-Edge-Cache"), path).toBe("MISS");
      const xml = await first.text();
      let second = await get(path);
      for (let i = 0; i < 40 && second.headers.get("X-Edge-Cache") !== "HIT"; i++) {
        await second.arrayBuffer();
        await new Promise((r) => setTimeout(r, 50));
        second = await get(path);
      }
      expect(second.headers.get("X-Edge-Cache"), path).toBe("HIT");
      expect(await second.text()).toBe(xml);
    }
  });

  it("never answers a visitor carrying a D1 bookmark (a write of theirs) from the cache", async () => {
    const path = `/?probe=${crypto.randomUUID()}`;
    await (await get(path)).arrayBuffer();
    const res = await get(path, { Cookie: "__d1b=anything" });
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Edge-Cache")).toBeNull();
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("does not keep pages that are not public (BYPASS)", async () => {
    const login = await get("/login");
    expect(login.status).toBe(200);
    expect(login.headers.get("X-Edge-Cache")).toBe("BYPASS");
    const again = await get("/login");
    expect(again.headers.get("X-Edge-Cache")).toBe("BYPASS");
  });
});

describe("cookies are Secure in production, even over http://", () => {
  it("the /api login's cookies", async () => {
    const account = await freshAccount();
    const res = await SELF.fetch(`${BASE}/api/user/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": randomIp() },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(true);
    expectAllSecure(res.headers.getSetCookie());
  });

  it("the login page's session and notice cookies", async () => {
    const account = await freshAccount();
    const res = await SELF.fetch(`${BASE}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": randomIp() },
      body: new URLSearchParams({ email: account.email, password: account.password, redirectTo: "/" }),
      redirect: "manual",
    });
    expect([302, 303]).toContain(res.status);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(true);
    // The login wrote (a session row): its D1 bookmark cookie (decision 026) is Secure as well.
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__d1b="))).toBe(true);
    expectAllSecure(res.headers.getSetCookie());
  });

  it("a guest's cart cookie", async () => {
    const product = await env.DB.prepare(
      "select product_id as id from store_stock where stock > 0 and store_id = (select id from stores where is_default = 1) limit 1",
    ).first<{ id: string }>();
    const res = await SELF.fetch(`${BASE}/cart`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "add", productId: product!.id, redirectTo: "/cart" }),
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__cart="))).toBe(true);
    expectAllSecure(res.headers.getSetCookie());
  });
});

describe("nothing of development is reachable", () => {
  it("/dev/mail is 404, signed in or not, while a reset code is waiting", async () => {
    const account = await freshAccount();
    const asked = await api("/api/user/forgot-password", {
      method: "PUT",
      body: { email: account.email },
      headers: { "CF-Connecting-IP": randomIp() },
    });
    expect(asked.status).toBe(200);
    const anonymous = await get("/dev/mail");
    expect(anonymous.status).toBe(404);
    expect(await anonymous.text()).not.toContain(account.email);
    const admin = await api("/api/user/login", {
      method: "POST",
      body: { email: "admin@example.com", password: "Admin@12345" },
      headers: { "CF-Connecting-IP": randomIp() },
    });
    const cookie = admin.headers
      .getSetCookie()
      .find((c) => c.startsWith("__session="))!
      .split(";")[0];
    const signedIn = await get("/dev/mail", { Cookie: cookie });
    expect(signedIn.status).toBe(404);
    expect(await signedIn.text()).not.toContain(account.email);
  });

  it("an access token signed with the public development secret is refused (401); its own secret's is not", async () => {
    const admin = await api("/api/user/login", {
      method: "POST",
      body: { email: "admin@example.com", password: "Admin@12345" },
      headers: { "CF-Connecting-IP": randomIp() },
    });
    expect(admin.status).toBe(200);
    const [body] = (admin.body.data.accesstoken as string).split(".");
    const payload = JSON.parse(atob(body.replace(/-/g, "+").replace(/_/g, "/"))) as Record<string, unknown>;
    const forged = await signToken(payload, DEV_SESSION_SECRET);
    const refused = await api("/api/user/user-details", { token: forged });
    expect(refused.status).toBe(401);
    const genuine = await signToken(payload, env.SESSION_SECRET!);
    const accepted = await api("/api/user/user-details", { token: genuine });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.role).toBe("ADMIN");
  });
});

describe("other front ends in production (decision 015)", () => {
  const SPA = "https://spa.example";
  const withSpa = { CORS_ORIGINS: SPA };
  const fromOrigin = (origin: string) => ({ headers: { Origin: origin, "Sec-Fetch-Site": "cross-site" } });

  it("a cached catalogue page never carries a CORS grant, and /api grants only the asking listed origin, uncached", async () => {
    const path = `/?probe=${crypto.randomUUID()}`;
    const first = await fetchWorker(withSpa, path, fromOrigin(SPA));
    expect(first.headers.get("X-Edge-Cache")).toBe("MISS");
    await first.arrayBuffer();
    const hit = await fetchWorker(withSpa, path, fromOrigin(SPA));
    expect(hit.headers.get("X-Edge-Cache")).toBe("HIT");
    await hit.arrayBuffer();
    for (const res of [first, hit]) expect(res.headers.get("Access-Control-Allow-Origin")).toBeNull();

    for (const [origin, grant] of [
      [SPA, SPA],
      ["https://evil.example", null],
      [SPA, SPA],
    ] as const) {
      const res = await fetchWorker(withSpa, "/api/category/get", fromOrigin(origin));
      expect(res.headers.get("Access-Control-Allow-Origin")).toBe(grant);
      expect(res.headers.get("Vary")).toMatch(/\bOrigin\b/);
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      expect(res.headers.get("X-Edge-Cache")).toBeNull();
      await res.arrayBuffer();
    }
  });

  it("refuses plain-http origins other than this machine's in CORS_ORIGINS and PUBLIC_ORIGIN", async () => {
    for (const changes of [{ CORS_ORIGINS: `${SPA},http://kiosk.example` }, { PUBLIC_ORIGIN: "http://shop.example" }]) {
      const res = await fetchWorker(changes, "/ping");
      expect(res.status).toBe(503);
      expect(await res.text()).toMatch(/must use https in production/);
    }
    expect((await fetchWorker({ CORS_ORIGINS: `${SPA},http://localhost:5173`, PUBLIC_ORIGIN: "https://shop.example" }, "/ping")).status).toBe(200);
  });
});
