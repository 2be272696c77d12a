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

/** The page where a no-JS page's copy is shown, one per checked page (its context keeps the HTTP cache). */
interface Viewer {
  page: Page;
  copy: { url: string; html: string };
}
const viewers = new WeakMap<Page, Promise<Viewer>>();

async function openViewer(page: Page): Promise<Viewer> {
  // The test runner's browser.newContext() takes the project's options: scripts on, explicitly.
  // Closed with the test's own contexts: Playwright closes every context a test opened when it ends.
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true });
  const viewer: Viewer = { page: await context.newPage(), copy: { url: "", html: "" } };
  await viewer.page.route(
    (candidate) => candidate.href === viewer.copy.url,
    (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: viewer.copy.html }),
  );
  return viewer;
}

/**
 * axe cannot run in a page whose scripts are disabled (its timers never fire), so a no-JS page is
 * checked as a copy: its document exactly as parsed without JavaScript (forms, server messages,
 * open dialogs), minus the scripts that did not run, shown at the same URL and screen size in a
 * page where axe can run. Stylesheets and images load from the server as usual (cached between the
 * copies of one test's pages).
 */
async function analyzeCopy(page: Page, include?: string) {
  const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
  if (!viewers.has(page)) viewers.set(page, openViewer(page));
  const viewer = await viewers.get(page)!;
  viewer.copy = { url: page.url(), html };
  const viewport = page.viewportSize();
  if (viewport) await viewer.page.setViewportSize(viewport);
  // From a blank page: going to the URL already shown (or to it with another #hash) must still load the copy.
  await viewer.page.goto("about:blank");
  await viewer.page.goto(viewer.copy.url);
  return analyze(viewer.page, include);
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
