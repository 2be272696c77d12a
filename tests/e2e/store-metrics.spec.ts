import { type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { expectAccessible } from "./a11y";
import { expect, test } from "./client-test";
import { apiLogin, BENGALURU_ADDRESS, isNoJs, uniqueEmail } from "./support";

/**
 * Promise metrics per store (issue 30 part 6, decision 029): an admin opens the store's metrics for
 * today from the stores page, an order of that store is delivered, and the page counts it; the
 * charts, their tables and the CSV are there with and without JavaScript, and axe passes.
 */

const ADDRESS = BENGALURU_ADDRESS;

/** A product of the test's own, created through the admin API. */
async function ownProduct(request: APIRequestContext, admin: string, info: TestInfo) {
  const subs = (await (await request.post("/api/subcategory/get")).json()).data as { _id: string; category: { _id: string }[] }[];
  const sub = subs.find((s) => s.category.length)!;
  const res = await request.post("/api/product/create", {
    headers: { Authorization: `Bearer ${admin}` },
    data: {
      name: `Metrics Curd ${info.project.name} ${Date.now()}`,
      image: ["/images/seed/milk.webp"],
      category: [sub.category[0]._id],
      subCategory: [sub._id],
      unit: "400 g",
      stock: 5,
      price: 60,
      discount: 0,
      description: "Test curd",
      more_details: {},
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data._id as string;
}

/** A new shopper's cash-on-delivery order to 560038, placed through the API: its id. */
async function placeOrder(request: APIRequestContext, info: TestInfo, productId: string) {
  const email = uniqueEmail("metrics", info);
  const password = "Shopper@12345";
  const registered = await request.post("/api/user/register", { data: { name: "Meera Iyer", email, password, confirmPassword: password } });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  const headers = { Authorization: `Bearer ${await apiLogin(request, email, password)}` };
  const address = await (await request.post("/api/address/create", { headers, data: ADDRESS })).json();
  const order = await request.post("/api/order/cash-on-delivery", { headers, data: { list_items: [{ productId, quantity: 1 }], addressId: address.data._id } });
  expect(order.status(), await order.text()).toBe(201);
  return (await order.json()).data._id as string;
}

const figure = (page: Page, key: string) => page.locator(`[data-metric="${key}"] dd`);

test("an admin sees a delivered order counted on its store's metrics for today", async ({ page, playwright }, info) => {
  test.setTimeout(90_000);
  // The shopper's requests go through their own context, so the page stays the admin's.
  const api = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  const adminToken = await apiLogin(api, "admin@example.com", "Admin@12345");
  const served = (await (await api.get(`/api/store/serviceability?pincode=${ADDRESS.pincode}`)).json()).data.store as { _id: string; name: string };

  await apiLogin(page.request, "admin@example.com", "Admin@12345");
  await page.goto("/dashboard/stores");
  await page.getByRole("link", { name: `Metrics of ${served.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/stores/${served._id}/metrics$`));
  await expect(page.getByRole("heading", { name: new RegExp(`^Promise metrics: ${served.name}`) })).toBeVisible();
  const today = await page.getByLabel("Day (IST)").inputValue();
  expect(today).toBe(new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10));
  // Other runs may have delivered orders at this store today: count from what the page says now.
  const deliveredBefore = (await figure(page, "delivered").count()) ? Number(await figure(page, "delivered").textContent()) : 0;

  const orderId = await placeOrder(api, info, await ownProduct(api, adminToken, info));
  for (const status of ["packed", "ready", "out_for_delivery", "delivered"]) {
    const moved = await api.post("/api/order/admin/update-status", { headers: { Authorization: `Bearer ${adminToken}` }, data: { _id: orderId, status } });
    expect(moved.status(), await moved.text()).toBe(200);
  }

  // The day form (a plain GET form) shows today again, now with the order counted.
  await page.getByLabel("Day (IST)").fill(today);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`/metrics\\?date=${today}$`));
  await expect(figure(page, "delivered")).toHaveText(String(deliveredBefore + 1));
  await expect(page.locator('[data-step="placed_delivered"] td').first()).toHaveText(String(deliveredBefore + 1));
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
  expect((await csv.text()).split("\r\n")).toContain(`delivered,${deliveredBefore + 1}`);
  await api.dispose();
});
