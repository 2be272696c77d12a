import { expect, test } from "./client-test";

/**
 * "Did you mean" works as plain links: the corrected results, a way back to what was typed, and
 * when nothing matches, words to try and the top categories. Runs with and without JavaScript.
 */
test("a typo shows corrected results, 'search instead' shows what was typed, then words to try", async ({ page }) => {
  await page.goto("/search?q=choclate");
  await expect(page.getByRole("heading", { level: 1, name: /^Search Results: [1-9]/ })).toBeVisible();
  await expect(page.getByText("Showing results for")).toBeVisible();
  await expect(page.getByRole("link", { name: "chocolate", exact: true })).toHaveAttribute("href", "/search?q=chocolate");
  await expect(page.getByRole("list", { name: "Results for choclate" }).getByRole("article").first()).toContainText(/chocolate/i);

  await page.getByRole("link", { name: "choclate", exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=choclate&literal=1$/);
  await expect(page.getByRole("heading", { level: 1, name: "Search Results: 0" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "No Data found" })).toBeVisible();
  await expect(page.getByText("Showing results for")).toHaveCount(0);
  const tryThese = page.getByRole("region", { name: "Did you mean" });
  await expect(tryThese.getByRole("link", { name: "chocolate", exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Top categories" }).getByRole("link")).not.toHaveCount(0);

  // A suggestion is a plain link to its results.
  await tryThese.getByRole("link", { name: "chocolate", exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=chocolate$/);
  await expect(page.getByRole("list", { name: "Results for chocolate" }).getByRole("article").first()).toContainText(/chocolate/i);
});

test("headings on the search page go in order, h1 then h2 then the product cards' h3", async ({ page }) => {
  for (const path of ["/search?q=milk", "/search?q=zzqqxx"]) {
    await page.goto(path);
    const levels = await page.locator("main h1, main h2, main h3, main h4").evaluateAll((els) => els.map((e) => Number(e.tagName[1])));
    expect(levels[0], path).toBe(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i] - levels[i - 1], `${path}: ${levels.join(",")}`).toBeLessThanOrEqual(1);
  }
});
