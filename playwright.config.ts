import { defineConfig, devices } from "@playwright/test";
import { createServer } from "node:net";

/** A free port chosen once by the main process and inherited by the workers through the env. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

process.env.E2E_PORT ??= String(await freePort());
process.env.FAKE_STRIPE_PORT ??= String(await freePort());
process.env.SPA_PORT ??= String(await freePort());
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
/**
 * The stand-in front end of the `cross-origin` project (tests/support/spa-server.ts): listed in the
 * store's CORS_ORIGINS as http://127.0.0.1:SPA_PORT (another origin than the store's, on the same
 * site: a browser context here blocks third-party cookies, so only a same-site front end can also
 * use the cookie); the same page at http://localhost:SPA_PORT is an origin not on the list.
 */
export const spaOrigin = `http://127.0.0.1:${process.env.SPA_PORT}`;
/** The store talks to a local fake Stripe (tests/support/fake-stripe.ts), which posts signed webhooks back. */
export const stripeBase = `http://127.0.0.1:${process.env.FAKE_STRIPE_PORT}`;
const stripeEnv = {
  STRIPE_API_BASE: stripeBase,
  STRIPE_SECRET_KEY: "sk_test_fake_key",
  STRIPE_WEBHOOK_SECRET: "whsec_test_secret",
};

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  },
};

export default defineConfig({
  testDir: "./tests/e2e",
  // Two tests at a time, of any file (a serial describe stays on one worker): each spec owns the data
  // it changes (its own shoppers, products, coupon codes, stores), so none waits on another's state.
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  // In CI one retry: with two workers, the local wrangler dev server now and then resets a
  // connection (one "socket hang up" on an /api request in 97 tests; decision 034). A retried test
  // that passes is still listed as "flaky" in the output; a real failure fails both times.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: { baseURL, trace: "retain-on-failure" },
  projects: [
    { name: "js", testIgnore: [/\.http\.spec\.ts$/, /\.cross-origin\.spec\.ts$/], use: { ...chromium, javaScriptEnabled: true } },
    { name: "no-js", testIgnore: [/\.http\.spec\.ts$/, /\.cross-origin\.spec\.ts$/], use: { ...chromium, javaScriptEnabled: false } },
    // Checks over plain HTTP that need no browser variant (run once).
    { name: "http", testMatch: /\.http\.spec\.ts$/, use: { ...chromium } },
    // Another front end on another origin calling the /api (issue 13, decision 015).
    { name: "cross-origin", testMatch: /\.cross-origin\.spec\.ts$/, use: { ...chromium, javaScriptEnabled: true } },
  ],
  webServer: [
    {
      command: "npx tsx tests/support/fake-stripe.ts",
      url: `${stripeBase}/__control/health`,
      env: { ...stripeEnv, STORE_URL: baseURL },
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: "npx tsx tests/support/spa-server.ts",
      url: `http://127.0.0.1:${process.env.SPA_PORT}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: "npx tsx scripts/e2e-server.ts",
      url: `${baseURL}/ping`,
      // PUBLIC_ORIGIN: /api image URLs are absolute only on it (never on the request's Host), and
      // the cross-origin front end shows the store's pictures by those URLs.
      env: { ...stripeEnv, CORS_ORIGINS: spaOrigin, PUBLIC_ORIGIN: baseURL },
      // Migrating and seeding a fresh state comes first: over 3 minutes on a machine busy with other work.
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
