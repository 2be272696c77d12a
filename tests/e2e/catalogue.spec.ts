import { expect, test } from "./client-test";
import { ADMIN, apiLogin, isNoJs, ownProduct, waitForHydration } from "./support";

test("home → category → listing paging → product → search", async ({ page }, info) => {
  await page.goto("/");
  await expect(page.getByRole("img", { name: "Groceries delivered in 10 minutes" })).toBeVisible();
  // The grid and a row per category are on the page with or without JavaScript.
  await expect(page.getByRole("region", { name: "Dairy, Bread & Eggs" }).getByRole("article").first()).toBeVisible();
  await expect(page.getByRole("link", { name: /^See All / })).not.toHaveCount(0);
  await page.getByRole("list", { name: "Categories" }).getByRole("link", { name: "Fruits & Vegetables" }).click();

  // Listing: the sub-category rail with the current one highlighted, title from the slug.
  await expect(page).toHaveURL(/\/Fruits-Vegetables-[0-9a-f]{24}\/[A-Za-z-]+-[0-9a-f]{24}$/);
  const rail = page.getByRole("navigation", { name: "Fruits & Vegetables sub-categories" });
  await expect(rail.locator('[aria-current="page"]')).toHaveCount(1);
  await rail.getByRole("link", { name: "Fresh Fruits" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Fresh Fruits" })).toBeVisible();
  await expect(rail.getByRole("link", { name: "Fresh Fruits" })).toHaveAttribute("aria-current", "page");
  const grid = page.getByRole("list", { name: "Fresh Fruits" });
  await expect(grid.getByRole("listitem")).toHaveCount(8);

  // Page 2: 'Load more' without JavaScript, scrolling past 80% with it.
  if (isNoJs(info)) {
    await page.getByRole("link", { name: "Load more" }).click();
  } else {
    await page.mouse.wheel(0, 20000);
  }
  await expect(page).toHaveURL(/page=2/);
  await expect.poll(() => grid.getByRole("listitem").count()).toBeGreaterThan(8);

  // Product detail.
  const first = grid.getByRole("article").first();
  const name = (await first.getAttribute("aria-label"))!;
  await first.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("10 Min")).toBeVisible();
  await expect(page.getByText("Superfast Delivery")).toBeVisible();
  await expect(page.getByText("Wide Assortment")).toBeVisible();
  await expect(page.getByText("Description", { exact: true })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/product\/.+-[0-9a-f]{24}$/);

  // Search from the header.
  await page
    .getByRole("banner")
    .getByRole("link", { name: /^Search "/ })
    .click();
  await expect(page).toHaveURL(/\/search/);
  // With JavaScript the search field is a combobox offering suggestions (search-suggest.spec.ts).
  const box = page.getByRole(isNoJs(info) ? "searchbox" : "combobox", { name: "Search for atta dal and more." });
  await box.fill("paneer");
  if (isNoJs(info)) await box.press("Enter");
  await expect(page).toHaveURL(/q=paneer/);
  await expect(page.getByRole("list", { name: "Results for paneer" }).getByRole("article").first()).toContainText(/paneer/i);

  // A synonym: panner finds paneer.
  await box.fill("panner");
  if (isNoJs(info)) await box.press("Enter");
  await expect(page.getByRole("list", { name: "Results for panner" }).getByRole("article").first()).toContainText(/paneer/i);

  // No results.
  await box.fill("zzqqxx");
  if (isNoJs(info)) await box.press("Enter");
  await expect(page.getByText("No Data found")).toBeVisible();

  // Back home through the logo: with JavaScript a client-side navigation whose grid and rows stream in.
  await page.getByRole("link", { name: "FreshDash home" }).click();
  await expect(page.getByRole("list", { name: "Categories" }).getByRole("link", { name: "Fruits & Vegetables" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Fruits & Vegetables" }).getByRole("article").first()).toBeVisible();
});

test("a product out of stock says so instead of offering Add", async ({ page, request }, info) => {
  // A product of the test's own, sold out: the seeded ones and other specs' products change stock
  // while specs run side by side.
  const soldOut = await ownProduct(request, await apiLogin(request, ADMIN.email, ADMIN.password), info, { name: "Sold Out Kulfi", stock: 0, price: 90 });
  await page.goto(`/product/x-${soldOut._id}`);
  await expect(page.getByText("Out of Stock")).toBeVisible();
  // No Add for the product itself (similar items in stock below have their own).
  await expect(page.getByRole("button", { name: `Add ${soldOut.name} to cart`, exact: true })).toHaveCount(0);
  await expect(page.getByRole("form", { name: `Notify me about ${soldOut.name}` })).toBeVisible();
});

test("category tiles, 'See All' and product cards lead on: in the page with JavaScript, as plain links without", async ({ page }, info) => {
  const sameDocument = () => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
  await page.goto("/");
  // Home fetches its JavaScript after the banner; before that, the card's button posts the form.
  if (!isNoJs(info)) await waitForHydration(page);
  const dairy = page.getByRole("region", { name: "Dairy, Bread & Eggs" });
  // Adding to the cart from a card: with JavaScript a fetcher and a toast, without a post and a flash.
  // The first card that can be added (other journeys may leave a sold-out product first).
  const card = dairy
    .getByRole("article")
    .filter({ has: page.getByRole("button", { name: /^Add .* to cart$/ }) })
    .first();
  const name = (await card.getAttribute("aria-label"))!;
  await card.getByRole("button", { name: `Add ${name} to cart` }).click();
  await expect(page.getByText("Item added")).toBeVisible();
  await page.evaluate(() => ((window as unknown as { sameDocument?: boolean }).sameDocument = true));

  await page.getByRole("list", { name: "Categories" }).getByRole("link", { name: "Fruits & Vegetables" }).click();
  await expect(page.getByRole("navigation", { name: "Fruits & Vegetables sub-categories" })).toBeVisible();
  expect(await sameDocument()).toBe(!isNoJs(info));

  await page.goBack();
  await page.evaluate(() => ((window as unknown as { sameDocument?: boolean }).sameDocument = true));
  await dairy.getByRole("link", { name: "See All Dairy, Bread & Eggs" }).click();
  const rail = page.getByRole("navigation", { name: "Dairy, Bread & Eggs sub-categories" });
  await expect(rail).toBeVisible();
  expect(await sameDocument()).toBe(!isNoJs(info));

  // The sub-category rail: the chosen one becomes the current page.
  const other = rail.getByRole("link").nth(1);
  const otherName = (await other.textContent())!.trim();
  const otherHref = (await other.getAttribute("href"))!;
  await other.click();
  await expect(page).toHaveURL(otherHref);
  await expect(rail.getByRole("link", { name: otherName })).toHaveAttribute("aria-current", "page");
  expect(await sameDocument()).toBe(!isNoJs(info));

  await page.evaluate(() => ((window as unknown as { sameDocument?: boolean }).sameDocument = true));
  const first = page.getByRole("main").getByRole("article").first();
  const product = (await first.getAttribute("aria-label"))!;
  await first.getByRole("link", { name: product }).click();
  await expect(page.getByRole("heading", { level: 1, name: product })).toBeVisible();
  expect(await sameDocument()).toBe(!isNoJs(info));

  // A click with a modifier key is the browser's (a new tab); this page stays where it is.
  await page.goBack();
  const listing = page.url();
  const [tab] = await Promise.all([page.context().waitForEvent("page"), first.getByRole("link", { name: product }).click({ modifiers: ["ControlOrMeta"] })]);
  await tab.waitForLoadState();
  expect(tab.url()).toMatch(/\/product\/.+-[0-9a-f]{24}$/);
  expect(page.url()).toBe(listing);
  await tab.close();
});

test("home fetches its JavaScript once its banner has loaded, then hydrates; without JavaScript, none at all", async ({ page }, info) => {
  // The banner held back a second, as on a slow link: the scripts must wait for it, not race it.
  await page.route(/\/images\/seed\/banner-/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  const events: string[] = [];
  page.on("requestfinished", (request) => {
    if (/\/images\/seed\/banner-/.test(request.url())) events.push("banner loaded");
  });
  page.on("request", (request) => {
    if (/\/assets\/[^?]+\.js$/.test(request.url())) events.push("script requested");
  });
  await page.goto("/");
  await expect(page.getByRole("img", { name: "Groceries delivered in 10 minutes" })).toBeVisible();
  if (isNoJs(info)) {
    await page.waitForLoadState("networkidle");
    expect(events).toContain("banner loaded");
    expect(events).not.toContain("script requested");
    return;
  }
  await waitForHydration(page);
  const bannerLoaded = events.indexOf("banner loaded");
  expect(bannerLoaded, events.join(", ")).toBeGreaterThanOrEqual(0);
  expect(events.indexOf("script requested"), events.join(", ")).toBeGreaterThan(bannerLoaded);
});
