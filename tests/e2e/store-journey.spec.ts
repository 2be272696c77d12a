import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "./client-test";
import { expectAccessible } from "./a11y";
import { expectMessage, isNoJs, openLocation, productUrl, uniqueEmail } from "./support";

/**
 * Issue 12's shopper journey, with JavaScript and without: the pincode picks the store, the store's
 * stock and its delivery minutes; the cart is re-checked when the store changes; checkout takes
 * the store serving the address and refuses an address no store serves or another store serves.
 * Seeded stores (scripts/seed-lib.ts): Bengaluru 560001–560103 is the default (10 min), Delhi
 * 110001–110049 (12 min); 110099 is served by none. Ferrero Rocher is sold out in Bengaluru and in
 * stock in Delhi.
 */
test.describe.configure({ timeout: 90_000 });

const DELHI = "110017";
const BENGALURU = "560008";
const UNSERVED = "110099";
const ADDRESS = { address_line: "14 Press Enclave Marg", city: "New Delhi", state: "Delhi", country: "India", mobile: "9812345678" };

async function stockAt(request: APIRequestContext, search: string, pincode?: string) {
  const res = await request.post("/api/product/search-product", { data: pincode ? { search, pincode } : { search } });
  expect(res.status()).toBe(200);
  const [product] = (await res.json()).data as { _id: string; name: string; stock: number }[];
  expect(product, `a product for "${search}"`).toBeTruthy();
  return product;
}

test("a guest's pincode picks the store, its stock and minutes; checkout delivers only from the store serving the address", async ({ page, request }, info) => {
  const noJs = isNoJs(info);
  const product = await stockAt(request, "Ferrero Rocher");
  expect(product.stock, "sold out at the default store").toBe(0);
  expect((await stockAt(request, "Ferrero Rocher", DELHI)).stock, "in stock in Delhi").toBeGreaterThan(1);

  // Without a location: the default store's stock, and the prompt to set a pincode.
  await page.goto(productUrl(product));
  const main = page.getByRole("main");
  await expect(main.getByText("Out of Stock", { exact: true })).toBeVisible();
  await expect(main.getByRole("link", { name: "Set your delivery pincode" })).toBeVisible();

  // An unserved pincode is said so and changes nothing; then Delhi's.
  let form = await openLocation(page, noJs, "Set delivery location");
  await form.getByLabel("Pincode").fill(UNSERVED);
  await form.getByRole("button", { name: "Check delivery" }).click();
  await expect(form.getByText(`We don't deliver to ${UNSERVED} yet.`)).toBeVisible();
  await form.getByLabel("Pincode").fill(DELHI);
  await form.getByRole("button", { name: "Check delivery" }).click();
  await expect(page.getByRole("banner")).toContainText(`Delivery in 12 minutes · ${DELHI}`);
  await expect(page).toHaveURL(new RegExp(`${product._id}$`));

  // Delhi's stock: the product can be added.
  await expect(main.getByText("Out of Stock", { exact: true })).toHaveCount(0);
  await main.getByRole("button", { name: `Add ${product.name} to cart` }).click();
  await expectMessage(page, "Item added");
  await expect(page.getByRole("banner").getByRole("link", { name: /1 Item/ })).toBeVisible();

  // Another store does not have it: choosing Bengaluru says so (the cart is kept), then back to Delhi.
  form = await openLocation(page, noJs, `Delivery in 12 minutes · ${DELHI}`);
  await form.getByLabel("Pincode").fill(BENGALURU);
  await form.getByRole("button", { name: "Check delivery" }).click();
  await expectMessage(page, `FreshDash Indiranagar does not have everything in your cart: ${product.name} is out of stock there`);
  await expect(page.getByRole("banner")).toContainText(`Delivery in 10 minutes · ${BENGALURU}`);
  await expect(main.getByText("Out of Stock", { exact: true })).toBeVisible();
  await expectAccessible(page, "product page after a store change");
  form = await openLocation(page, noJs, `Delivery in 10 minutes · ${BENGALURU}`);
  await form.getByLabel("Pincode").fill(DELHI);
  await form.getByRole("button", { name: "Check delivery" }).click();
  await expect(page.getByRole("banner")).toContainText(`Delivery in 12 minutes · ${DELHI}`);

  // A shopper with three addresses: unserved, Bengaluru's, Delhi's (made through the API).
  const email = uniqueEmail("darkstore", info);
  const password = "Shopper@12345";
  expect((await request.post("/api/user/register", { data: { name: "Aarav Malhotra", email, password, confirmPassword: password } })).ok()).toBe(true);
  const token = (await (await request.post("/api/user/login", { data: { email, password } })).json()).data.accesstoken;
  for (const pincode of [UNSERVED, BENGALURU, DELHI]) {
    const res = await request.post("/api/address/create", { headers: { Authorization: `Bearer ${token}` }, data: { ...ADDRESS, pincode } });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }

  // Log in on the way to checkout: the guest's cart and location come along.
  await page.goto("/cart");
  await page.getByRole("link", { name: /Proceed/ }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("main").getByText("1 item", { exact: true })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText(`Delivery in 12 minutes · ${DELHI}`);

  const payCash = async () => {
    await page.getByRole("radio", { name: "Cash on Delivery" }).check();
    await page.getByRole("button", { name: "Place order" }).click();
  };
  await page.getByRole("radio", { name: new RegExp(UNSERVED) }).check();
  await payCash();
  await expect(page.getByText(`We don't deliver to ${UNSERVED} yet: choose an address we deliver to`)).toBeVisible();
  await page.getByRole("radio", { name: new RegExp(BENGALURU) }).check();
  await payCash();
  await expect(page.getByText(new RegExp(`another store than the one delivering to ${BENGALURU}: set your delivery location to ${BENGALURU}`))).toBeVisible();
  await expectAccessible(page, "checkout refusing another store's address");

  await page.getByRole("radio", { name: new RegExp(DELHI) }).check();
  await payCash();
  await expect(page).toHaveURL(/\/dashboard\/myorders\/[0-9a-f]{24}$/);
  expect((await stockAt(request, "Ferrero Rocher")).stock, "the default store's stock untouched").toBe(0);

  // The order counts Delhi's 12 minutes.
  await page.goto("/dashboard/myorders");
  await page.getByRole("link", { name: /View order/ }).click();
  await expect(page.getByRole("timer")).toContainText(/Arriving in 1[12]:\d\d min/);
});
