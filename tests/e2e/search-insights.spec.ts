import { type Page } from "@playwright/test";
import { expect, test } from "./client-test";
import { expectMessage, isNoJs, login } from "./support";

/** A word no product has, letters only (the recorder skips long digit runs). */
const unknownWord = (prefix: string) => prefix + Array.from({ length: 7 }, () => "bcdfghjklmnpqrstvwxz"[Math.floor(Math.random() * 20)]).join("");

/** The row of a zero-result search, once its count has landed (it is written after the search answers). */
async function insightRow(page: Page, word: string) {
  const row = page.getByRole("row").filter({ hasText: word });
  await expect(async () => {
    await page.goto("/dashboard/search-insights?sort=recent");
    await expect(row).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  return row;
}

test("an admin turns a zero-result search into a synonym, or dismisses it", async ({ page, request }, info) => {
  const project = isNoJs(info) ? "nojs" : "js";
  const missed = unknownWord(`zq${project}`);
  const noise = unknownWord(`zn${project}`);
  for (const q of [missed, missed, noise]) expect((await request.get(`/search?q=${q}`)).status()).toBe(200);

  await login(page, "admin@example.com", "Admin@12345");
  await page.goto("/dashboard/profile");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Search Insights" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Search insights" })).toBeVisible();

  const row = await insightRow(page, missed);
  await expect(row.getByRole("cell").nth(1)).toHaveText("2");
  const means = row.getByRole("textbox", { name: new RegExp(`^Means .*${missed}`) });
  // A word the catalogue does not have is refused with a message beside the field.
  await means.fill("qwzzyx");
  await row.getByRole("button", { name: new RegExp(`^Add synonym for .${missed}`) }).click();
  await expect(row.getByText('No product matches "qwzzyx": type a word from the catalogue, like "paneer"')).toBeVisible();
  await expect(means).toHaveAttribute("aria-invalid", "true");

  await means.fill("Paneer");
  await row.getByRole("button", { name: new RegExp(`^Add synonym for .${missed}`) }).click();
  await expectMessage(page, `Synonym added: "${missed}" now means "paneer"`);
  await expect(page.getByRole("row").filter({ hasText: missed })).toHaveCount(0);

  const noiseRow = page.getByRole("row").filter({ hasText: noise });
  await noiseRow.getByRole("button", { name: new RegExp(`^Dismiss .${noise}`) }).click();
  await expectMessage(page, `Dismissed "${noise}"`);
  await expect(noiseRow).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard\/search-insights\?sort=recent$/);
});

test("shoppers do not see search insights", async ({ page }) => {
  await login(page, "shopper@example.com", "Shopper@12345");
  await expect(page.getByRole("link", { name: "Search Insights" })).toHaveCount(0);
  await page.goto("/dashboard/search-insights");
  await expect(page.getByRole("alert")).toHaveText("Do not have permission");
});
