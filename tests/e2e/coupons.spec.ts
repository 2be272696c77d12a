/**
 * Coupons and a tip (issue 31, decision 030), with JavaScript on and off: an admin creates a
 * coupon; a guest sees why it does not apply, adds items until it does, logs in (the code follows
 * the cart), chooses a tip and pays cash on delivery; the bill and the order page agree.
 */
import { expect, test } from "./client-test";
import { discountedPrice } from "../../app/lib/pricing";
import { formatINR, formatRupees } from "../../app/lib/money";
import { findProduct, isNoJs, login, logout, productUrl, uniqueEmail } from "./support";

test("admin creates a coupon; a shopper applies it through login and pays COD with a tip", async ({ page, request }, info) => {
  const noJs = isNoJs(info);
  const product = await findProduct(request, "atta", { minStock: 4 });
  const unit = discountedPrice(Math.round(product.price * 100), product.discount);
  expect(unit).toBeGreaterThanOrEqual(5000);
  // One unit is ₹20 short of the minimum; two are enough.
  const minOrder = Math.ceil(unit / 100) * 100 + 2000;
  const code = `E2E${noJs ? "N" : "J"}${Date.now().toString(36).toUpperCase()}`.slice(0, 20);

  // The admin's form.
  await login(page, "admin@example.com", "Admin@12345");
  await page.goto("/dashboard/coupons");
  const form = page.getByRole("form", { name: "New coupon" });
  await form.getByLabel("Code").fill(code);
  await form.getByLabel("Type").selectOption("flat");
  await form.getByLabel("Value (percent, or rupees for flat)").fill("50");
  await form.getByLabel("Minimum order (₹)").fill(String(minOrder / 100));
  await form.getByLabel("Uses per shopper (empty: no limit)").fill("1");
  await form.getByRole("button", { name: "Create coupon" }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: `Coupon ${code} created` })
      .first(),
  ).toBeVisible();
  const row = page.getByTestId(`coupon-${code}`);
  await expect(row).toContainText("₹50 off");
  await expect(row.getByTestId("coupon-uses")).toContainText("0");
  await logout(page);

  // A shopper's account (made outside this browser), with an address the default store serves.
  const email = uniqueEmail("coupon", info);
  const password = "Shopper@12345";
  expect((await request.post("/api/user/register", { data: { name: "Asha Rao", email, password, confirmPassword: password } })).ok()).toBe(true);
  const session = await (await request.post("/api/user/login", { data: { email, password } })).json();
  const headers = { Authorization: `Bearer ${session.data.accesstoken}` };
  const address = { address_line: "12 Lake Road", city: "Bengaluru", state: "Karnataka", country: "India", pincode: "560008", mobile: "9812345678" };
  expect((await request.post("/api/address/create", { data: address, headers })).ok()).toBe(true);

  // As a guest: one unit, and the code says why it does not apply yet.
  await page.goto(productUrl(product));
  await page.getByRole("button", { name: `Add ${product.name} to cart` }).click();
  await expect(page.getByLabel(`${product.name} quantity`)).toHaveText("1");
  await expect(page.getByRole("banner").getByRole("link", { name: /1 Item/ })).toBeVisible();
  await page.goto("/cart");
  await page.getByLabel("Coupon code").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  const short = `Add ${formatRupees(minOrder - unit)} more to use ${code}`;
  await expect(page.getByTestId("coupon-reason")).toHaveText(short);
  await expect(page.getByRole("listitem").filter({ hasText: code }).first()).toContainText(short);
  await expect(page.getByTestId("bill-coupon")).toHaveCount(0);

  // A second unit: now it applies, and the bill shows it.
  await page.getByRole("button", { name: `Add one more ${product.name}` }).click();
  await expect(page.getByLabel(`${product.name} quantity`)).toHaveText("2");
  if (noJs) await page.goto("/cart");
  await expect(page.getByTestId("bill-coupon")).toHaveText(`Coupon ${code}−₹50`);
  await expect(page.getByTestId("grand-total")).toHaveText(formatINR(unit * 2 - 5000));

  // Through login the code follows the cart.
  await page.getByRole("link", { name: /Proceed/ }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId("bill-coupon")).toHaveText(`Coupon ${code}−₹50`);

  // A ₹20 tip: without JavaScript "Update tip" saves it; with it, choosing sends it at once.
  await page.getByRole("radio", { name: "₹20" }).check();
  if (noJs) await page.getByRole("button", { name: "Update tip" }).click();
  await expect(page.getByTestId("bill-tip")).toHaveText("Tip for your delivery partner₹20");
  const total = formatINR(unit * 2 - 5000 + 2000);
  await expect(page.getByTestId("grand-total")).toHaveText(total);

  await page.getByRole("button", { name: "Cash on Delivery" }).click();
  await expect(page.getByRole("heading", { name: "Order Successfully" })).toBeVisible();

  // The order page agrees with the bill.
  await page.goto("/dashboard/myorders");
  await page
    .getByRole("link", { name: /View order/ })
    .first()
    .click();
  await expect(page.getByTestId("order-coupon")).toHaveText(`Coupon ${code}−₹50`);
  await expect(page.getByTestId("order-tip")).toHaveText("Tip for your delivery partner₹20");
  await expect(page.getByTestId("order-total")).toHaveText(`Total ${total}`);

  // Once used, the shopper is told; the admin's list counts the use.
  await page.goto("/cart");
  await expect(page.getByTestId("applied-coupon")).toHaveCount(0);
  const adminSession = await (await request.post("/api/user/login", { data: { email: "admin@example.com", password: "Admin@12345" } })).json();
  const list = await (await request.get("/api/coupon/list", { headers: { Authorization: `Bearer ${adminSession.data.accesstoken}` } })).json();
  expect(list.data.find((c: { code: string }) => c.code === code).uses).toBe(1);
});
