import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./client-test";
import { isNoJs, newShopper, waitForHydration } from "./support";

/**
 * The installable app (decision 036): a manifest with reachable icons, a service worker at /sw.js
 * that controls the pages, shows the offline page when the network fails and never serves a page
 * (least of all a personal one) from its cache, and shows order notifications from push messages.
 * Without JavaScript no worker registers and nothing changes.
 */

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(png: Buffer) {
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
}

async function manifestOf(page: Page, request: APIRequestContext) {
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  return (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
}

test("the manifest parses and names reachable icons of the sizes it says, and /sw.js is always revalidated", async ({ page, request }) => {
  await page.goto("/");
  const manifest = await manifestOf(page, request);
  expect(manifest).toMatchObject({ name: "FreshDash", start_url: "/", display: "standalone" });
  expect(manifest.short_name.length).toBeGreaterThan(0);
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  expect(manifest.theme_color).toBe(await page.locator('meta[name="theme-color"]').getAttribute("content"));
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

  for (const icon of manifest.icons) {
    const response = await request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()["content-type"], icon.src).toBe(icon.type);
    expect(pngSize(await response.body()), icon.src).toBe(icon.sizes);
  }
  const sizes = (purpose: string) => manifest.icons.filter((i) => (i.purpose ?? "any").split(" ").includes(purpose)).map((i) => i.sizes);
  expect(sizes("any")).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  expect(sizes("maskable")).toContain("512x512");

  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
  expect(pngSize(await (await request.get(touchIcon!)).body())).toBe("180x180");

  // Browsers check the worker's script for updates; no cache in between may hold an old one.
  const sw = await request.get("/sw.js");
  expect(sw.status()).toBe(200);
  expect(sw.headers()["content-type"]).toMatch(/^(text|application)\/javascript/);
  expect(sw.headers()["cache-control"]).toBe("no-cache");
});

test("Chromium finds the store installable", async ({ playwright, baseURL }, info) => {
  // Playwright's contexts are off the record, where Chromium installs nothing ("in-incognito"):
  // a profile on disk, with the project's browser settings, is what a shopper has.
  const profile = mkdtempSync(path.join(tmpdir(), "pwa-profile-"));
  const context = await playwright.chromium.launchPersistentContext(profile, { ...info.project.use, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto("/");
    const cdp = await context.newCDPSession(page);
    expect((await cdp.send("Page.getAppManifest")).errors).toEqual([]);
    if (!isNoJs(info)) await page.evaluate(() => navigator.serviceWorker.ready);
    expect((await cdp.send("Page.getInstallabilityErrors")).installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

/** The worker's registrations as Chromium's DevTools protocol reports them. */
async function workerRegistrations(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, { registrationId: string; scopeURL: string; isDeleted: boolean }>();
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: updated }) => {
    for (const r of updated) registrations.set(r.registrationId, r);
  });
  await cdp.send("ServiceWorker.enable");
  return { cdp, registrations };
}

/** Every cached request's path and its answer's content type, in every cache of the origin. */
const cachedEntries = (page: Page) =>
  page.evaluate(async () => {
    const entries: { path: string; type: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        entries.push({ path: `${url.pathname}${url.search}`, type: (await cache.match(request))?.headers.get("Content-Type") ?? "" });
      }
    }
    return entries;
  });

const OFFLINE_HEADING = "You are offline";
/** The orders page's heading, by its id (its wording is the copy's business). */
const ORDERS_HEADING = "#orders-title";

test("the service worker controls the pages, shows the offline page without a network and never serves a page from its cache", async ({
  page,
  context,
  baseURL,
}, info) => {
  const csp: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) csp.push(message.text());
  });

  if (isNoJs(info)) {
    // Without JavaScript nothing registers a worker: a second page comes after anything the first
    // could have started, and offline the browser's own error is all there is, as before (for a
    // page its HTTP cache may not keep: home is public and may come from there).
    await page.goto("/");
    await page.goto("/cart");
    expect(context.serviceWorkers()).toEqual([]);
    await context.setOffline(true);
    await expect(page.goto("/cart")).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    expect(csp).toEqual([]);
    return;
  }

  // A shopper, signed in in this browser, with a personal page to look at.
  await newShopper(page.request, info, { prefix: "pwa" });
  await page.goto("/");
  await waitForHydration(page);
  const registered = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { script: registration.active?.scriptURL, scope: registration.scope };
  });
  expect(registered).toEqual({ script: `${baseURL}/sw.js`, scope: `${baseURL}/` });
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${baseURL}/sw.js`);

  const { cdp, registrations } = await workerRegistrations(context, page);

  // Personal pages, seen online: the shopper's own.
  for (const path of ["/dashboard/myorders", "/cart", "/"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    // The account menu names the shopper (drawn, if folded away, on every page).
    await expect(page.getByRole("banner").getByText("Kavya Rao").first(), path).toBeAttached();
  }
  await page.goto("/dashboard/myorders");
  await expect(page.locator(ORDERS_HEADING)).toBeVisible();

  // Offline, the same pages are not served from any cache: the offline page stands in for each.
  await context.setOffline(true);
  for (const path of ["/", "/product/anything", "/cart", "/dashboard/myorders"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: OFFLINE_HEADING }), path).toBeVisible();
    await expect(page, path).toHaveURL(`${baseURL}${path}`);
    await expect(page.getByText("Kavya Rao"), path).toHaveCount(0);
    await expect(page.locator(ORDERS_HEADING), path).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "");
  }

  // What the caches hold: the shell's hashed assets, icons, manifest and the offline page, and no
  // other HTML, no /api answer, no personal path.
  const entries = await cachedEntries(page);
  const paths = entries.map((e) => e.path);
  expect(paths).toEqual(expect.arrayContaining(["/offline", "/icons/icon-192.png", "/manifest.webmanifest"]));
  expect(paths.some((p) => /^\/assets\/root-[\w-]{8}\.js$/.test(p))).toBe(true);
  expect(paths.filter((p) => /^\/(api|dashboard|cart|checkout|user)(\/|$)/.test(p) || p === "/")).toEqual([]);
  expect(entries.filter((e) => /^text\/html/i.test(e.type)).map((e) => e.path)).toEqual(["/offline"]);
  expect(paths.filter((p) => p.includes("?"))).toEqual([]);

  // Back online, "Try again" on the last of them fetches the page the shopper asked for.
  await context.setOffline(false);
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page.locator(ORDERS_HEADING)).toBeVisible();
  expect(csp).toEqual([]);

  // A push message shows its notification with the app's icon; one off-contract shows the generic one.
  await context.grantPermissions(["notifications"], { origin: baseURL });
  const registration = [...registrations.values()].find((r) => !r.isDeleted && r.scopeURL === `${baseURL}/`);
  expect(registration).toBeDefined();
  const notifications = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, icon: n.icon, tag: n.tag, data: n.data })),
    );
  const push = (data: string) => cdp.send("ServiceWorker.deliverPushMessage", { origin: baseURL!, registrationId: registration!.registrationId, data });
  await push(JSON.stringify({ title: "Out for delivery", body: "Your code is 4821", url: "/dashboard/myorders/o-1", tag: "order-o-1" }));
  await expect.poll(notifications).toEqual([
    {
      title: "Out for delivery",
      body: "Your code is 4821",
      icon: `${baseURL}/icons/icon-192.png`,
      tag: "order-o-1",
      data: { url: "/dashboard/myorders/o-1" },
    },
  ]);
  await push(JSON.stringify({ title: "Click me", body: "x", url: "https://evil.example/" }));
  await expect
    .poll(async () => (await notifications()).find((n) => n.tag === ""))
    .toEqual({ title: "FreshDash", body: "Your order was updated", icon: `${baseURL}/icons/icon-192.png`, tag: "", data: { url: "/dashboard/myorders" } });
});
