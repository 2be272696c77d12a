import { describe, expect, it } from "vitest";
import { isHashedAsset, OFFLINE_PAGE, precachedPath, precacheRefusal } from "~/lib/pwa/cache-rules";

/**
 * What the service worker may put in its cache (decision 036): only the build's list, and of that
 * only same-origin, public, cookie-free answers; HTML only for the offline page.
 */
const answer = (headers: Record<string, string> = {}, init: { status?: number; redirected?: boolean; type?: string } = {}) => {
  const status = init.status ?? 200;
  return { ok: status >= 200 && status < 300, status, redirected: init.redirected ?? false, type: init.type ?? "basic", headers: new Headers(headers) };
};
const JS = { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=0, must-revalidate" };

describe("precacheRefusal", () => {
  it("takes the shell's public files", () => {
    expect(precacheRefusal("/assets/root-Dks81ccv.js", answer(JS))).toBeNull();
    expect(precacheRefusal("/icons/icon-192.png", answer({ "Content-Type": "image/png" }))).toBeNull();
    expect(precacheRefusal(OFFLINE_PAGE, answer({ "Content-Type": "text/html; charset=utf-8" }))).toBeNull();
  });

  it("refuses every personal or API path, whatever it answered", () => {
    for (const path of [
      "/api/cart/get",
      "/api",
      "/dashboard",
      "/dashboard/myorders/1",
      "/cart",
      "/checkout",
      "/user",
      "/login",
      "/success",
      "/invoice/1",
      "/live/order/1",
    ]) {
      expect(precacheRefusal(path, answer(JS)), path).toMatch(/personal or an API/);
    }
  });

  it("refuses HTML other than the offline page", () => {
    expect(precacheRefusal("/", answer({ "Content-Type": "text/html; charset=utf-8" }))).toMatch(/HTML/);
    expect(precacheRefusal("/offline.html", answer({ "Content-Type": "TEXT/HTML" }))).toMatch(/HTML/);
  });

  it("refuses private, uncacheable and cookie-setting answers", () => {
    expect(precacheRefusal("/icons/icon-192.png", answer({ "Cache-Control": "private, max-age=60" }))).toMatch(/private/);
    expect(precacheRefusal("/icons/icon-192.png", answer({ "Cache-Control": "no-store" }))).toMatch(/no-store/);
    expect(precacheRefusal("/icons/icon-192.png", answer({ "Set-Cookie": "__session=x" }))).toMatch(/cookie/);
  });

  it("refuses failures, redirects and other origins' answers", () => {
    expect(precacheRefusal("/icons/icon-192.png", answer({}, { status: 404 }))).toMatch(/404/);
    expect(precacheRefusal("/offline.html", answer({}, { redirected: true }))).toMatch(/redirected/);
    expect(precacheRefusal("/icons/icon-192.png", answer({}, { type: "opaque" }))).toMatch(/same-origin/);
  });
});

describe("precachedPath", () => {
  const list = ["/assets/root-Dks81ccv.js", OFFLINE_PAGE];
  const origin = "https://shop.example";
  it("matches only a listed path on this origin without a query", () => {
    expect(precachedPath(new URL("https://shop.example/assets/root-Dks81ccv.js"), origin, list)).toBe("/assets/root-Dks81ccv.js");
    expect(precachedPath(new URL("https://shop.example/assets/root-Dks81ccv.js?v=2"), origin, list)).toBeNull();
    expect(precachedPath(new URL("https://cdn.example/assets/root-Dks81ccv.js"), origin, list)).toBeNull();
    expect(precachedPath(new URL("https://shop.example/dashboard"), origin, list)).toBeNull();
  });
});

describe("isHashedAsset", () => {
  it("knows a build file by the hash in its name", () => {
    expect(isHashedAsset("/assets/root-Dks81ccv.js")).toBe(true);
    expect(isHashedAsset("/assets/slugs-ys_-SLrR.js")).toBe(true);
    expect(isHashedAsset("/assets/manifest-6d1f7525.js")).toBe(true);
    expect(isHashedAsset("/icons/icon-192.png")).toBe(false);
    expect(isHashedAsset(OFFLINE_PAGE)).toBe(false);
  });
});
