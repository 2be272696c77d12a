import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import type { Result } from "axe-core";

/**
 * Rules axe leaves off by default that Lighthouse's accessibility score runs (or that issue 15
 * names): visible label inside the accessible name, touch targets of at least 24 px, and the two
 * experimental table rules. Everything axe runs by default (WCAG 2.0–2.2 A/AA and best practices
 * such as heading order and landmarks) stays on.
 */
const RULES_ALSO_RUN = ["label-content-name-mismatch", "target-size", "table-fake-caption", "td-has-header"];

/** One line per failing element, short enough to read in a test report. */
function describe(violation: Result) {
  return violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")} — ${node.failureSummary?.replace(/\s+/g, " ").slice(0, 300)}`);
}

async function analyze(page: Page, include?: string) {
  // Legacy mode: one axe.run in the page instead of a run per frame plus a blank page to merge
  // them, about twice as fast. The store has no iframes, which is all legacy mode leaves out.
  let builder = new AxeBuilder({ page }).setLegacyMode().options({ rules: Object.fromEntries(RULES_ALSO_RUN.map((id) => [id, { enabled: true }])) });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations.flatMap(describe);
}

/**
 * axe cannot run in a page whose scripts are disabled (its timers never fire), so a no-JS page is
 * checked as a copy: its document exactly as parsed without JavaScript (forms, server messages,
 * open dialogs), minus the scripts that did not run, shown at the same URL and screen size in a
 * page where axe can run. Stylesheets and images load from the server as usual.
 */
async function analyzeCopy(page: Page, include?: string) {
  const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
  const url = page.url();
  // The test runner's browser.newContext() takes the project's options: scripts on, explicitly.
  const viewer = await page.context().browser()!.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
  try {
    const copy = await viewer.newPage();
    await copy.route(
      (candidate) => candidate.href === url,
      (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
    );
    await copy.goto(url);
    return await analyze(copy, include);
  } finally {
    await viewer.close();
  }
}

/**
 * Whether the page ran its scripts: Remix's inline context script (with the CSP nonce) runs on
 * every document when scripting is on, never in the no-js project.
 */
function scriptsRan(page: Page) {
  return page.evaluate(() => "__remixContext" in window);
}

/**
 * axe's violations on the page as it is now (not its links or later states); `include` limits the
 * check to the elements matching a selector (a short-lived toast, say).
 */
export async function axeViolations(page: Page, include?: string) {
  return (await scriptsRan(page)) ? analyze(page, include) : analyzeCopy(page, include);
}

/**
 * Zero axe violations on the page as it is now. `what` names the page or state in the report.
 * A soft assertion, so one run lists every page that fails rather than the first one only.
 */
export async function expectAccessible(page: Page, what: string, { include }: { include?: string } = {}) {
  expect.soft(await axeViolations(page, include), `axe violations on ${what}`).toEqual([]);
}
