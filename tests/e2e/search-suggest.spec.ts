import { type Page } from "@playwright/test";
import { expect, test } from "./client-test";
import { isNoJs, waitForHydration } from "./support";

const LABEL = "Search for atta dal and more.";

/** The search field: a combobox once JavaScript runs, a plain search box without it. */
const searchField = (page: Page, noJs: boolean) => page.getByRole(noJs ? "searchbox" : "combobox", { name: LABEL });

test("the header's search link is named by the text it shows, held still while pointed at", async ({ page }, info) => {
  // The page's timers on a clock the test can run forward (time also flows as usual meanwhile).
  if (!isNoJs(info)) await page.clock.install();
  await page.goto("/");
  const link = page.getByRole("banner").getByRole("link", { name: /^Search "/ });
  if (isNoJs(info)) {
    await expect(link).toHaveAccessibleName('Search "milk"');
    return;
  }
  // Home fetches its JavaScript after the banner: point at the link once it listens.
  await waitForHydration(page);
  await link.hover();
  await expect(link).toHaveText(/^Search "[a-z]+"$/);
  const shown = await link.innerText();
  // Every text the link shows from now on is recorded.
  await link.evaluate((element) => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    new MutationObserver(() => seen.push(element.textContent ?? "")).observe(element, { subtree: true, characterData: true, childList: true });
  });
  // Five seconds of the typing's timers (several words' worth) while pointed at.
  await page.clock.runFor(5_000);
  await expect(link).toHaveText(shown);
  await expect(link).toHaveAccessibleName(shown);
  // Still pointed at: whatever was recorded so far can only be that same word.
  const whilePointed = await page.evaluate(() => [...(window as unknown as { seen: string[] }).seen]);
  for (const text of whilePointed) expect(shown.startsWith(text), `the link showed "${text}" while pointed at "${shown}"`).toBe(true);
  // Pointed away, the typing goes on from that word: the first text it shows is that phrase with its
  // closing quote erased. (Time also flows as usual, so the typing runs on to later words while the
  // test reads what was recorded: only the first change after pointing away tells where it went on from.)
  await page.mouse.move(0, 0);
  await page.clock.runFor(1_100);
  await expect(link).not.toHaveText(shown);
  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  const next = seen.slice(whilePointed.length).find((text) => text !== shown);
  expect(next, `the typing went on from "${shown}"`).toBe(shown.slice(0, -1));
  await link.click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(searchField(page, false)).toBeFocused();
});

test("typing offers up to 8 suggestions; arrow keys choose one and Enter opens it", async ({ page }, info) => {
  if (!isNoJs(info)) await page.clock.install();
  await page.goto("/search");
  const field = searchField(page, isNoJs(info));
  if (isNoJs(info)) {
    // Without JavaScript: a plain GET form to /search, as before.
    await field.fill("mil");
    await field.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=mil$/);
    await expect(page.getByRole("list", { name: "Results for mil" }).getByRole("article").first()).toContainText(/mil/i);
    await expect(page.getByRole("listbox")).toHaveCount(0);
    return;
  }
  await expect(field).toHaveAttribute("aria-expanded", "false");
  // Time stands still while typing, so the results' debounced navigation is still pending at Enter;
  // the suggestions' shorter debounce is run on purpose.
  // A second ahead of the page's clock: the page's time flows on while this call travels, and a busy
  // machine can take longer than a few milliseconds (pausing in the past is refused). Nothing is typed yet.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await field.pressSequentially("mil", { delay: 40 });
  await page.clock.runFor(200);
  const list = page.getByRole("listbox", { name: "Suggestions" });
  await expect(list).toBeVisible();
  const options = list.getByRole("option");
  await expect(options).toHaveCount(8);
  await expect(field).toHaveAttribute("aria-expanded", "true");
  await expect(field).toHaveAttribute("aria-controls", (await list.getAttribute("id"))!);
  await expect(page.getByRole("status").filter({ hasText: "8 suggestions" })).toBeAttached();
  await expect(options.first()).toHaveAccessibleName(/^Milk in Dairy, Bread & Eggs$/);

  await field.press("ArrowDown");
  await expect(field).toHaveAttribute("aria-activedescendant", (await options.nth(0).getAttribute("id"))!);
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await field.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "false");
  await field.press("ArrowUp");
  await expect(field).toHaveAttribute("aria-activedescendant", (await options.nth(0).getAttribute("id"))!);
  await expect(field).toBeFocused();

  // From Enter on, the page must ask for no results: every request it makes is recorded.
  const asked: string[] = [];
  page.on("request", (request) => asked.push(new URL(request.url()).pathname));
  await field.press("Enter");
  // The results navigation that was pending must not pull the shopper back to /search: its timer
  // is run at once (while the search box is still there), and a request made after that ends the
  // wait (requests are seen in order).
  await page.clock.runFor(2_000);
  await expect(page).toHaveURL(/\/Dairy-Bread-Eggs-[0-9a-f]{24}\/Milk-[0-9a-f]{24}$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Milk");
  await page.evaluate(() => fetch("/ping").then((r) => r.text()));
  expect(asked).toContain("/ping");
  expect(asked.slice(0, asked.indexOf("/ping")).filter((path) => /^\/search/.test(path))).toEqual([]);
  await expect(page).toHaveURL(/\/Milk-[0-9a-f]{24}$/);
});

test("Escape closes the suggestions; Enter with none chosen searches", async ({ page }, info) => {
  await page.goto("/search");
  const field = searchField(page, isNoJs(info));
  if (isNoJs(info)) {
    await field.fill("paneer");
    await field.press("Enter");
    await expect(page.getByRole("list", { name: "Results for paneer" }).getByRole("article").first()).toContainText(/paneer/i);
    return;
  }
  await field.pressSequentially("paneer", { delay: 40 });
  const list = page.getByRole("listbox", { name: "Suggestions" });
  await expect(list.getByRole("option").first()).toBeVisible();
  await field.press("Escape");
  await expect(list).toHaveCount(0);
  await expect(field).toHaveAttribute("aria-expanded", "false");
  await expect(field).toHaveValue("paneer");
  // Arrow down opens them again; Escape again; Enter with nothing chosen submits the search.
  await field.press("ArrowDown");
  await expect(list).toBeVisible();
  await field.press("Escape");
  await field.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=paneer$/);
  await expect(page.getByRole("list", { name: "Results for paneer" }).getByRole("article").first()).toContainText(/paneer/i);
  await expect(list).toHaveCount(0);
});

test("a click opens a product suggestion", async ({ page }, info) => {
  await page.goto("/search");
  const field = searchField(page, isNoJs(info));
  if (isNoJs(info)) {
    await field.fill("amul gold");
    await field.press("Enter");
    await page
      .getByRole("list", { name: "Results for amul gold" })
      .getByRole("link", { name: /Amul Gold Full Cream Fresh Milk/ })
      .first()
      .click();
  } else {
    await field.pressSequentially("amul gold", { delay: 40 });
    await page.getByRole("option", { name: /^Amul Gold Full Cream Fresh Milk/ }).click();
  }
  await expect(page).toHaveURL(/\/product\/Amul-Gold-Full-Cream-Fresh-Milk-[0-9a-f]{24}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Amul Gold Full Cream Fresh Milk");
});

test("a slow answer for earlier text never replaces the answer for newer text", async ({ page }, info) => {
  // The answer for "bre" is held until the test lets it go.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/product/suggest?q=bre", async (route) => {
    await released;
    await route.continue().catch(() => undefined); // aborted by the page meanwhile
  });
  await page.goto("/search");
  const field = searchField(page, isNoJs(info));
  if (isNoJs(info)) {
    // No suggestions without JavaScript: nothing is fetched while typing. The search that Enter
    // submits is asked for after anything the typing could have asked for.
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    await field.fill("bre");
    await field.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=bre$/);
    expect(asked).toContain("/search");
    expect(asked.filter((path) => path.startsWith("/api/product/suggest"))).toEqual([]);
    return;
  }
  const slow = page.waitForRequest("**/api/product/suggest?q=bre");
  const slowEnded = new Promise<void>((resolve) => {
    const ended = (request: { url(): string }) => request.url().endsWith("/api/product/suggest?q=bre") && resolve();
    page.on("requestfinished", ended);
    page.on("requestfailed", ended);
  });
  await field.pressSequentially("bre", { delay: 40 });
  await slow;
  // Every option the list ever shows from now on is recorded.
  await page.evaluate(() => {
    const shown: string[] = [];
    (window as unknown as { shown: string[] }).shown = shown;
    new MutationObserver(() => {
      for (const option of document.querySelectorAll('[role="option"]')) shown.push(option.textContent ?? "");
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await field.fill("");
  await field.pressSequentially("paneer", { delay: 40 });
  const options = page.getByRole("listbox", { name: "Suggestions" }).getByRole("option");
  await expect(options.first()).toContainText(/paneer/i);
  // The stale answer is let go and ends (given up by the page, or delivered to it); then the list
  // is closed and opened again, and its new answer comes after anything the stale one could show.
  release();
  await slowEnded;
  await field.press("Escape");
  await expect(options).toHaveCount(0);
  const later = page.waitForResponse("**/api/product/suggest?q=paneer");
  await field.press("ArrowDown");
  await later;
  await expect(options.first()).toContainText(/paneer/i);
  await expect(options.filter({ hasNotText: /paneer/i })).toHaveCount(0);
  await expect(page.getByRole("option", { name: /^Bread & Pav/ })).toHaveCount(0);
  const shown = await page.evaluate(() => (window as unknown as { shown: string[] }).shown);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.filter((text) => !/paneer/i.test(text))).toEqual([]);
});
