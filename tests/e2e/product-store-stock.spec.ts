import { expect, test } from "./client-test";
import { expectAccessible } from "./a11y";
import { expectMessage, isNoJs, login, openLocation, productUrl } from "./support";

/**
 * Stock per store on the admin's product page (issue 12, decisions 020 and 023), with JavaScript and
 * without: the admin finds the Delhi store in the product's stock summary and sets its stock to 0, and a shopper in Delhi sees it
 * out of stock while Bengaluru (the default store) still sells it.
 */
test.describe.configure({ timeout: 60_000 });

test("an admin sets a product's stock at another store; shoppers there see it", async ({ page, request }, info) => {
  const noJs = isNoJs(info);
  const session = await (await request.post("/api/user/login", { data: { email: "admin@example.com", password: "Admin@12345" } })).json();
  const delhi = (await (await request.get("/api/store/serviceability?pincode=110017")).json()).data.store;
  const subs = (await (await request.post("/api/subcategory/get")).json()).data as { _id: string; category: { _id: string }[] }[];
  const sub = subs.find((s) => s.category.length)!;
  const name = `Store Stock Kulfi ${info.project.name} ${Date.now()}`;
  const created = await request.post("/api/product/create", {
    headers: { Authorization: `Bearer ${session.data.accesstoken}` },
    data: {
      name,
      description: "Test kulfi",
      image: ["/images/seed/ice-cream.webp"],
      category: [sub.category[0]._id],
      subCategory: [sub._id],
      unit: "4 pcs",
      stock: 5,
      storeStock: [{ store: delhi._id, stock: 4 }],
      price: 120,
      discount: 0,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = { _id: (await created.json()).data._id as string, name };

  await login(page, "admin@example.com", "Admin@12345");
  await page.goto(`/dashboard/product?${new URLSearchParams({ search: name, dialog: "edit-product", id: product._id })}`);
  // The product form keeps one stock field (the default store's); every store's stock is in the summary below it.
  await expect(page.getByLabel("Number of Stock")).toHaveValue("5");
  const summary = page.getByRole("list", { name: "Stock at each store" });
  // Every store is listed (other journeys may have added stores of their own).
  await expect(summary).toContainText(`${delhi.name}, Delhi: 4 in stock`);
  await expect(summary).toContainText("(default store)");
  await page.getByLabel("Find a store by name or city").fill("Delhi");
  await page.getByRole("button", { name: "Find store" }).click();
  const row = summary.getByRole("listitem");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${delhi.name}, Delhi: 4 in stock`);
  await expectAccessible(page, "product form with the stock summary");
  await row.getByLabel(`Set stock at ${delhi.name}`).fill("0");
  await row.getByRole("button", { name: "Set" }).click();
  await expectMessage(page, "Stock saved: 0 in stock now");
  await expect(summary.getByRole("listitem")).toContainText(`${delhi.name}, Delhi: 0 in stock`);

  // A shopper in Delhi: out of stock there; in Bengaluru it still sells.
  const shopper = await page.context().browser()!.newContext({ baseURL: info.project.use.baseURL, javaScriptEnabled: !noJs });
  const shopperPage = await shopper.newPage();
  await shopperPage.goto(productUrl(product));
  let form = await openLocation(shopperPage, noJs, "Set delivery location");
  await form.getByLabel("Pincode").fill("110017");
  await form.getByRole("button", { name: "Check delivery" }).click();
  await expect(shopperPage.getByRole("banner")).toContainText("Delivery in 12 minutes · 110017");
  await expect(shopperPage.getByRole("main").getByText("Out of Stock", { exact: true })).toBeVisible();
  form = await openLocation(shopperPage, noJs, "Delivery in 12 minutes · 110017");
  await form.getByLabel("Pincode").fill("560001");
  await form.getByRole("button", { name: "Check delivery" }).click();
  await expect(shopperPage.getByRole("banner")).toContainText("Delivery in 10 minutes · 560001");
  await expect(shopperPage.getByRole("main").getByRole("button", { name: `Add ${name} to cart` })).toBeVisible();
  await shopper.close();
});
