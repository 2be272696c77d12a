import { type Page } from "@playwright/test";
import { expect, test } from "./client-test";
import { findProduct, isNoJs, productUrl, waitForHydration } from "./support";

/**
 * The Content-Security-Policy allows inline scripts only with the response's nonce (no
 * 'unsafe-inline'). With JavaScript, Remix must still hydrate with no violation and a fetcher must
 * still update the cart in place; without it, the same pages and forms work under the same header.
 */

/** Collects CSP violations: the browser's console reports and the DOM's securitypolicyviolation events. */
async function watchCsp(page: Page) {
  const reports: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) reports.push(message.text());
  });
  page.on("pageerror", (error) => reports.push(`page error: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const w = window as unknown as { cspViolations?: string[] };
      (w.cspViolations ??= []).push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return reports;
}

const violationsInPage = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);

test("home, a product page and the cart run under a nonce-only script policy", async ({ page, request }, info) => {
  const reports = await watchCsp(page);
  const product = await findProduct(request, "milk");

  for (const url of ["/", productUrl(product), "/cart"]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(200);
    const csp = (await response!.allHeaders())["content-security-policy"] ?? "";
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc, url).toMatch(/'nonce-[A-Za-z0-9+/=]{22,}'/);
    expect(scriptSrc, url).not.toContain("unsafe-inline");
    if (!isNoJs(info)) {
      await waitForHydration(page);
      expect(await violationsInPage(page), url).toEqual([]);
    }
  }

  // Adding to the cart: with JavaScript a fetcher updates the header's count in place (no reload);
  // without it the form posts and the page comes back with the new count.
  await page.goto(productUrl(product));
  if (!isNoJs(info)) {
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { samePage?: boolean }).samePage = true));
  }
  await page.getByRole("button", { name: `Add ${product.name} to cart` }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: /1 Item\b/ })).toBeVisible();
  if (!isNoJs(info)) {
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect(await violationsInPage(page)).toEqual([]);
  }
  expect(reports).toEqual([]);
});
