import { test as base } from "@playwright/test";

export { expect } from "@playwright/test";

let clients = 0;

/**
 * Playwright's `test`, with each test a client of its own: its own `CF-Connecting-IP`, the address
 * Cloudflare hands the Worker (`wrangler dev` passes the header on). The per-IP limiters of
 * wrangler.toml (20 logins a minute) then count one test's requests, as they count one shopper's,
 * instead of the whole serial suite's: once home rendered faster, the suite signed in as the admin
 * more than 20 times in a minute and a login was refused. Page and `request` calls of one test share
 * the address. The cross-origin project keeps Playwright's own `test` (no extra header on the
 * browser's CORS requests).
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, info) => {
    const n = clients++;
    const ip = `10.${info.workerIndex % 250}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
    await use({ ...extraHTTPHeaders, "CF-Connecting-IP": ip });
  },
  /**
   * The test's own API client, one connection per call. Playwright's client keeps connections open
   * with no idle limit, and the local server closes one after 5 s without a request: a call made
   * just as that happens is sent down a socket the server is closing ("socket hang up",
   * ECONNRESET), as a test's first /api call after a few seconds in the browser could be.
   */
  request: async ({ playwright, baseURL, extraHTTPHeaders }, use) => {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { ...extraHTTPHeaders, Connection: "close" } });
    await use(request);
    await request.dispose();
  },
});
