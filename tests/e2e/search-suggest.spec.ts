import { type Page } from "@playwright/test";
import { expect, test } from "./client-test";
import { isNoJs, waitForHydration } from "./support";

const LABEL = "Search for atta dal and more.";

/** The search field: a combobox once JavaScript runs, a plain search box without it. */
const searchField = (page: Page, noJs: boolean) => page.getByRole(noJs ? "searchbox" : "combobox", { name: LABEL });

test("the header's search link is named by the text it shows, held still while pointed at", async ({ page }, info) => {
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
  await page.waitForTimeout(1300);
  await expect(link).toHaveText(shown);
  await expect(link).toHaveAccessibleName(shown);
  await link.click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(searchField(page, false)).toBeFocused();
});

test("typing offers up to 8 suggestions; arrow keys choose one and Enter opens it", async ({ page }, info) => {
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
  await field.pressSequentially("mil", { delay: 40 });
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

  await field.press("Enter");
  await expect(page).toHaveURL(/\/Dairy-Bread-Eggs-[0-9a-f]{24}\/Milk-[0-9a-f]{24}$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Milk");
  // The results navigation that was still pending must not pull the shopper back to /search.
  await page.waitForTimeout(500);
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
  await page.route("**/api/product/suggest?q=bre", async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue().catch(() => undefined); // aborted by the page meanwhile
  });
  await page.goto("/search");
  const field = searchField(page, isNoJs(info));
  if (isNoJs(info)) {
    // No suggestions without JavaScript: nothing is fetched while typing.
    let asked = false;
    page.on("request", (request) => (asked ||= request.url().includes("/api/product/suggest")));
    await field.fill("bre");
    await page.waitForTimeout(500);
    expect(asked).toBe(false);
    return;
  }
  const slow = page.waitForRequest("**/api/product/suggest?q=bre");
  await field.pressSequentially("bre", { delay: 40 });
  await slow;
  await field.fill("");
  await field.pressSequentially("paneer", { delay: 40 });
  const options = page.getByRole("listbox", { name: "Suggestions" }).getByRole("option");
  await expect(options.first()).toContainText(/paneer/i);
  await page.waitForTimeout(1800);
  await expect(options.first()).toContainText(/paneer/i);
  await expect(options.filter({ hasNotText: /paneer/i })).toHaveCount(0);
  await expect(page.getByRole("option", { name: /^Bread & Pav/ })).toHaveCount(0);
});
