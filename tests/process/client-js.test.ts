/**
 * The client JS budget (issue 15, docs/bench/049-budgets.md): every storefront page's HTML links
 * at most 100 KB gzip of scripts, checkout and a shopper's order page included. Reads the client
 * build (`npx remix vite:build` first, as every process test needs one); the same count as
 * `npx tsx scripts/client-js-pages.ts`.
 */
import { describe, expect, it } from "vitest";
import { CLIENT_JS_BUDGET_KB, clientJsPages } from "../../scripts/client-js-pages";

describe("client JS per storefront page", () => {
  const pages = clientJsPages().filter(({ page }) => page !== "every page");

  it("measures every storefront page the budget names, checkout and a shopper's order among them", () => {
    expect(pages.map(({ page }) => page)).toEqual(["home", "listing", "product", "search", "cart", "checkout", "shopper's order"]);
  });

  it.each(pages)(`$page links at most ${CLIENT_JS_BUDGET_KB} KB gzip of scripts`, ({ kb, files }) => {
    expect(files.length).toBeGreaterThan(2);
    expect(kb).toBeLessThanOrEqual(CLIENT_JS_BUDGET_KB);
  });
});
