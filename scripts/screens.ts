/**
 * `npx tsx scripts/screens.ts`: screenshots of the storefront at phone size (390 × 844) into
 * docs/screens/, for people to look at (the geometry itself is tested by
 * tests/e2e/phone-layout.spec.ts). Home, a listing, a product and search results with JavaScript on,
 * the listing scrolled (the header down to its delivery line and search), and the product page
 * with JavaScript off. Uses Debian's chromium, like the e2e config.
 *
 * By default it builds, seeds a fresh state and serves it on a free port, then stops the server;
 * SCREENS_URL=http://127.0.0.1:PORT uses a store that is already running instead (seeded with the demo data).
 */
import path from "node:path";
import { rmSync } from "node:fs";
import { chromium, type Browser } from "@playwright/test";
import { listingPath, productPath } from "../app/lib/slugs";
import { build, freePort, killGroup, migrate, root, seed, serve, waitForServer } from "./local-store";

const VIEWPORT = { width: 390, height: 844 };
const out = path.join(root, "docs", "screens");

async function urls(base: string) {
  const subs = ((await (await fetch(`${base}/api/subcategory/get`, { method: "POST" })).json()) as { data: unknown }).data as {
    _id: string;
    name: string;
    category: { _id: string; name: string }[];
  }[];
  const sub = subs.find((s) => s.name === "Bread & Pav" && s.category.length) ?? subs.find((s) => s.category.length)!;
  const found = await fetch(`${base}/api/product/search-product`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ search: "milk" }),
  });
  const product = (((await found.json()) as { data: unknown }).data as { _id: string; name: string; stock: number }[]).find((p) => p.stock > 0)!;
  return {
    home: "/",
    listing: listingPath({ name: sub.category[0].name, id: sub.category[0]._id }, { name: sub.name, id: sub._id }),
    product: productPath({ name: product.name, id: product._id }),
    search: "/search?q=milk",
  };
}

async function shoot(browser: Browser, base: string, javaScriptEnabled: boolean, shots: [name: string, url: string, scrollY?: number][]) {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, javaScriptEnabled, baseURL: base });
  const page = await context.newPage();
  for (const [name, url, scrollY] of shots) {
    await page.goto(url, { waitUntil: "load" });
    if (scrollY) await page.evaluate((y) => window.scrollTo(0, y), scrollY);
    // Pictures below the fold load lazily, once scrolled to: wait for the network to settle.
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: path.join(out, `${name}.png`) });
    console.log(`docs/screens/${name}.png  ${url}${scrollY ? ` (scrolled ${scrollY} px)` : ""}`);
  }
  await context.close();
}

let server: ReturnType<typeof serve> | undefined;
let base = process.env.SCREENS_URL;
if (!base) {
  build();
  const port = await freePort();
  const persistTo = path.join(root, ".state", `screens-${port}`);
  rmSync(persistTo, { recursive: true, force: true });
  migrate(persistTo);
  await seed(persistTo);
  server = serve({ port, persistTo, vars: { ENVIRONMENT: "test" }, stdio: "ignore" });
  base = `http://127.0.0.1:${port}`;
  await waitForServer(`${base}/ping`, 120_000);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
try {
  const u = await urls(base);
  await shoot(browser, base, true, [
    ["home", u.home],
    ["listing", u.listing],
    ["listing-scrolled", u.listing, 600],
    ["product", u.product],
    ["search", u.search],
  ]);
  await shoot(browser, base, false, [["product-no-js", u.product]]);
} finally {
  await browser.close();
  if (server) killGroup(server.pid);
}
