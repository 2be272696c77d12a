import { expect, test } from "./client-test";

test.describe("layout shell", () => {
  test("header, search link, login, cart and footer are server-rendered", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "FreshDash home" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    await expect(header.getByRole("link", { name: /My Cart/ })).toHaveAttribute("href", "/cart");
    // Its accessible name is its visible text (WCAG 2.5.3), which the animation keeps starting with 'Search "'.
    const search = header.getByRole("link", { name: /^Search "/ });
    await expect(search).toHaveAttribute("href", "/search");
    await expect(search).toContainText(/Search "/);
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("© All Rights Reserved 2025");
    for (const name of ["instagram", "linkedin", "twitter"]) {
      await expect(footer.getByRole("link", { name })).toBeVisible();
    }
  });

  test("the search placeholder types out the spec's words only when JavaScript runs", async ({ page }, info) => {
    await page.goto("/");
    const search = page.getByRole("banner").getByRole("link", { name: /^Search "/ });
    if (info.project.name === "no-js") {
      // With JavaScript off nothing on the page runs, so the server's first phrase is what stays.
      await expect(search).toHaveText('Search "milk"');
    } else {
      await expect(search).toHaveText('Search "bread"', { timeout: 5000 });
    }
  });

  test("fits a 360 px wide screen without horizontal scrolling, even with a long one-word category", async ({ page, request }, info) => {
    // An admin may name a category with one long word; it must wrap, not widen the page.
    const login = await request.post("/api/user/login", { data: { email: "admin@example.com", password: "Admin@12345" } });
    expect(login.status()).toBe(200);
    const headers = { Authorization: `Bearer ${(await login.json()).data.accesstoken}` };
    const image = (await (await request.get("/api/category/get")).json()).data[0].image;
    const created = await request.post("/api/category/add-category", {
      headers,
      data: { name: `Wholegrainorganicpantrystaples${info.project.name}${Date.now()}`, image },
    });
    expect(created.status(), await created.text()).toBe(201);
    const categoryId = (await created.json()).data._id;
    try {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto("/");
      await expect(page.getByRole("list", { name: "Categories" }).getByText(/^Wholegrainorganicpantrystaples/)).toBeVisible();
      // Polled: once (1 run in many) a transient 1 px overflow was seen while lazy images settled;
      // an overflow that persists still fails.
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await expect(page.getByRole("banner").getByRole("link", { name: /My Cart/ })).toBeVisible();
    } finally {
      await request.delete("/api/category/delete", { headers, data: { _id: categoryId } });
    }
  });
});

test.describe("unknown routes", () => {
  test("show 'Unexpected Application Error!' with status 404 and no stack trace", async ({ page }) => {
    const response = await page.goto("/this/route/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
    await expect(page.getByText("404", { exact: false }).first()).toBeVisible();
    await expect(page.getByText("No route matches URL")).toBeVisible();
    expect(await page.content()).not.toMatch(/at \w+ \(|node_modules|\.tsx?:\d+/);
  });
});
