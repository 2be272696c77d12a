import { type Page } from "@playwright/test";
import { expectAccessible } from "./a11y";
import { expect, test } from "./client-test";
import { ADMIN, apiLogin, BENGALURU_ADDRESS, deliverAsAdmin, isNoJs, newShopper, ownProduct, ownStore } from "./support";

/**
 * Promise metrics per store (issue 30 part 6, decision 029): an admin opens the store's metrics for
 * today from the stores page, an order of that store is delivered, and the page counts it; the
 * charts, their tables and the CSV are there with and without JavaScript, and axe passes. The store
 * is the test's own (a pincode of its own per project): no other spec delivers there, so the counts
 * are exact even with specs running side by side.
 */

/** A pincode no seeded store and no other spec serves, one per project. */
const pincodeFor = (project: string) => (project === "no-js" ? "795002" : "795001");

const figure = (page: Page, key: string) => page.locator(`[data-metric="${key}"] dd`);

test("an admin sees a delivered order counted on its store's metrics for today", async ({ page, playwright }, info) => {
  test.setTimeout(90_000);
  // The shopper's requests go through their own context, so the page stays the admin's.
  const api = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  const adminToken = await apiLogin(api, ADMIN.email, ADMIN.password);
  const pincode = pincodeFor(info.project.name);
  const served = await ownStore(api, info, { name: "Metrics Store", pincode });
  const product = await ownProduct(api, adminToken, info, { name: "Metrics Curd", stock: 0, price: 60, storeStock: [{ store: served._id, stock: 5 }] });

  await apiLogin(page.request, ADMIN.email, ADMIN.password);
  await page.goto("/dashboard/stores");
  await page.getByRole("link", { name: `Metrics of ${served.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/stores/${served._id}/metrics$`));
  await expect(page.getByRole("heading", { name: new RegExp(`^Promise metrics: ${served.name}`) })).toBeVisible();
  const today = await page.getByLabel("Day (IST)").inputValue();
  expect(today).toBe(new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10));
  // A new store: nothing delivered yet.
  await expect(figure(page, "delivered")).toHaveCount(0);

  const shopper = await newShopper(api, info, { prefix: "metrics", name: "Meera Iyer", address: { ...BENGALURU_ADDRESS, city: "Test City", pincode } });
  const placed = await api.post("/api/order/cash-on-delivery", {
    headers: shopper.headers,
    data: { list_items: [{ productId: product._id, quantity: 1 }], addressId: shopper.addressId },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  await deliverAsAdmin(api, adminToken, (await placed.json()).data._id);

  // The day form (a plain GET form) shows today again, now with the order counted.
  await page.getByLabel("Day (IST)").fill(today);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`/metrics\\?date=${today}$`));
  await expect(figure(page, "delivered")).toHaveText("1");
  await expect(page.locator('[data-step="placed_delivered"] td').first()).toHaveText("1");
  await expect(page.getByRole("img", { name: /orders placed in each hour/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /delivered orders by minutes to deliver/ })).toBeVisible();
  await page.getByText("Orders per hour as a table").click();
  await expect(page.getByRole("table", { name: "Orders placed per hour" })).toBeVisible();
  await expectAccessible(page, `store metrics (${isNoJs(info) ? "no JS" : "JS"})`);

  // The CSV of the same day.
  const href = await page.getByRole("link", { name: "Download CSV" }).getAttribute("href");
  expect(href).toBe(`/dashboard/stores/${served._id}/metrics.csv?date=${today}`);
  const csv = await page.request.get(href!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(csv.headers()["content-disposition"]).toMatch(new RegExp(`^attachment; filename="metrics-.+-${today}\\.csv"$`));
  expect((await csv.text()).split("\r\n")).toContain("delivered,1");
  await api.dispose();
});
