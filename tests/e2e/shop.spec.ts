import { type Page } from "@playwright/test";
import { expect, test } from "./client-test";
import { discountedPrice } from "../../app/lib/pricing";
import { expectAccessible } from "./a11y";
import { expectMessage, findProduct, isNoJs, login, productUrl, uniqueEmail } from "./support";

async function addAddress(page: Page) {
  await page.getByRole("link", { name: "Add address" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Address" });
  await expect(dialog).toBeVisible();
  // Server-side validation first (native checks off): messages per field, values kept.
  await page.evaluate(() => document.querySelectorAll("form").forEach((f) => (f.noValidate = true)));
  await dialog.getByLabel("Street or area").fill("Lake View Apartments, 100 Feet Road");
  await dialog.getByLabel("Pincode").fill("12");
  // Leaving the field shows its error first, so the button is not moved under the pointer mid-click.
  await dialog.getByLabel("Pincode").press("Tab");
  await dialog.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByText("Pincode must be 6 digits")).toBeVisible();
  await expect(page.getByText("Recipient name is required")).toBeVisible();
  await expectAccessible(page, "add-address dialog with errors");
  const again = page.getByRole("dialog", { name: "Add Address" });
  await expect(again.getByLabel("Street or area")).toHaveValue("Lake View Apartments, 100 Feet Road");
  // A pincode the default store serves: the cart shows its stock (decision 020). City and state come from it.
  await again.getByLabel("Recipient name").fill("Kavya Rao");
  await again.getByLabel("House or flat number").fill("Flat 4B");
  await again.getByLabel("Pincode").fill("560008");
  await again.getByLabel("Recipient mobile").fill("9812345678");
  await again.getByRole("button", { name: "Save address" }).click();
  await expectMessage(page, "Address Created Successfully");
}

/**
 * Clicks a cart button and waits for the server's answer to it: the form's 303 without JavaScript,
 * the product's fetcher POST with it. The quantity shown while a fetcher is in flight is optimistic,
 * and the next click on the same product replaces (aborts) that fetcher: the next step waits for this.
 */
async function cartClick(page: Page, name: string) {
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && /^\/cart(\.data)?$/.test(new URL(r.url()).pathname));
  await page.getByRole("button", { name }).click();
  await answered;
}

test("guest fills a cart, logs in (cart merged), adds an address and pays cash on delivery", async ({ page, request }, info) => {
  // An existing account whose own cart already holds something, so the merge is visible.
  const email = uniqueEmail("buyer", info);
  const password = "Shopper@12345";
  const saved = await findProduct(request, "dal");
  expect((await request.post("/api/user/register", { data: { name: "Meera Iyer", email, password, confirmPassword: password } })).ok()).toBe(true);
  const session = await (await request.post("/api/user/login", { data: { email, password } })).json();
  const headers = { Authorization: `Bearer ${session.data.accesstoken}` };
  expect((await request.post("/api/cart/create", { data: { productId: saved._id }, headers })).ok()).toBe(true);

  const product = await findProduct(request, "atta");
  await page.goto(productUrl(product));
  await page.getByRole("button", { name: `Add ${product.name} to cart` }).click();
  await expectMessage(page, "Item added");
  await expect(page.getByRole("status", { name: `${product.name} quantity` }).or(page.getByLabel(`${product.name} quantity`))).toHaveText("1");
  // With JavaScript the "+" is an optimistic fetcher (the quantity and the header's count show 2 at
  // once): wait for the server's answer so navigating away cannot abort the request.
  await cartClick(page, `Add one more ${product.name}`);
  await expect(page.getByLabel(`${product.name} quantity`)).toHaveText("2");
  await expect(page.getByRole("banner").getByRole("link", { name: /2 Items/ })).toBeVisible();

  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "Cart" })).toBeVisible();
  await expect(page.getByText("Quantity total")).toBeVisible();
  await expect(page.getByRole("main").getByText("2 items", { exact: true })).toBeVisible();
  await expect(page.getByRole("main").getByText("Free", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: /Proceed/ }).click();

  // Guests must log in: 'Please Login', then back to checkout. The account exists already (made
  // through the API, outside this browser), so this is the real login form merging the guest cart.
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout/);
  await expectMessage(page, "Please Login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expectMessage(page, "Login successfully");

  // The guest's 2 joined the account's 1.
  await expect(page.getByRole("main").getByText("3 items", { exact: true })).toBeVisible();
  const cart = await (await page.request.get("/api/cart/get")).json();
  expect(new Map(cart.data.map((line: any) => [line.productId._id, line.quantity]))).toEqual(
    new Map([
      [saved._id, 1],
      [product._id, 2],
    ]),
  );
  await expect(page.getByText("You have no saved address yet")).toBeVisible();

  // No address yet: Cash on Delivery is refused with a clear message, no order.
  await page.getByRole("radio", { name: "Cash on Delivery" }).check();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByText(/Choose a delivery address/)).toBeVisible();
  // The refusal kept the shopper's choice of payment.
  await expect(page.getByRole("radio", { name: "Cash on Delivery" })).toBeChecked();

  await addAddress(page);
  await expect(page).toHaveURL(/\/checkout/);
  // The new address is chosen (the replacement choice beside it has radios of its own).
  await expect(page.getByRole("radio", { name: /Lake View Apartments/ })).toBeChecked();
  await page.getByRole("radio", { name: "Cash on Delivery" }).check();
  const payCash = page.getByRole("button", { name: "Place order" });
  if (isNoJs(info)) {
    // Without JavaScript the checkout is a plain form POST answered by a redirect to the order's
    // own page. (A second submit of the same form is answered the same way: see the workers test
    // "the checkout page submitted twice with its key".)
    const answer = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/checkout");
    await payCash.click();
    expect((await answer).status()).toBe(303);
    expect((await answer).headers().location).toMatch(/^\/dashboard\/myorders\/[0-9a-f]{24}$/);
  } else {
    // With JavaScript a double tap cannot send the order twice: while it is in flight (held here),
    // the pay button is disabled.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sent = 0;
    await page.route(/\/checkout\.data/, async (route) => {
      sent++;
      await held;
      await route.continue();
    });
    await payCash.click();
    await expect(page.getByRole("button", { name: "Placing order…" })).toBeDisabled();
    expect(sent).toBe(1);
    release();
  }
  // The shopper lands on the order's live page.
  await expect(page).toHaveURL(/\/dashboard\/myorders\/[0-9a-f]{24}$/);
  await expect(page.getByRole("heading", { name: /Order No :/ })).toBeVisible();
  await expectMessage(page, "Order placed: pay in cash when it arrives");

  await page.goto("/dashboard/myorders");
  await expect(page.getByRole("heading", { name: "Order" })).toBeVisible();
  const orders = page.getByRole("listitem").filter({ hasText: "Order No" });
  await expect(orders).toHaveCount(1);
  const order = orders.first();
  await expect(order).toContainText(`${product.name}`);
  await expect(order).toContainText(saved.name);
  await expect(order).toContainText("× 2");
  await expect(order.getByRole("list", { name: "Order status" })).toContainText("Placed");
  await expect(page.getByRole("banner").getByRole("link", { name: /My Cart/ })).toBeVisible();
});

test("quantity plus, minus and remove", async ({ page, request }) => {
  const product = await findProduct(request, "biscuit");
  await page.goto(productUrl(product));
  await cartClick(page, `Add ${product.name} to cart`);
  await expectMessage(page, "Item added");
  await cartClick(page, `Add one more ${product.name}`);
  await expect(page.getByLabel(`${product.name} quantity`)).toHaveText("2");
  await cartClick(page, `Remove one ${product.name}`);
  await expectMessage(page, "Item remove");
  await expect(page.getByLabel(`${product.name} quantity`)).toHaveText("1");
  await cartClick(page, `Remove one ${product.name}`);
  await expect(page.getByRole("button", { name: `Add ${product.name} to cart` })).toBeVisible();
  // Settled on the server: the header's cart shows empty again.
  await expect(page.getByRole("banner").getByRole("link", { name: /My Cart/ })).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await expect(page.getByRole("link", { name: "Shop Now" })).toBeVisible();
});

test("online payment through Stripe's hosted page, paid by the signed webhook", async ({ page, request }, info) => {
  await page.goto("/login");
  await page.getByRole("link", { name: "Register" }).click();
  await expect(page.getByRole("heading", { name: "Welcome to FreshDash" })).toBeVisible();
  await page.getByLabel("Name").fill("Kiran Das");
  const email = uniqueEmail("online", info);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Shopper@12345");
  await page.getByLabel("Confirm Password").fill("Shopper@12345");
  await page.getByRole("button", { name: "Register" }).click();
  await expectMessage(page, "User register successfully");
  // Registration signs no one in (decision 021): the login form comes next.
  await expect(page).toHaveURL(/\/login$/);
  await login(page, email, "Shopper@12345");

  const product = await findProduct(request, "chocolate");
  await page.goto(productUrl(product));
  await page.getByRole("button", { name: `Add ${product.name} to cart` }).click();
  await expectMessage(page, "Item added");
  await page.goto("/checkout");
  await addAddress(page);
  await page.getByRole("radio", { name: "Online Payment" }).check();
  await page.getByRole("button", { name: "Pay online" }).click();

  // The fake Stripe's hosted page, reached by a 303 from the checkout action, charging the
  // server's price: list price less the discount rounded up to a whole rupee.
  await expect(page.getByRole("heading", { name: "Fake Stripe Checkout" })).toBeVisible();
  await expect(page.getByText(product.name)).toBeVisible();
  const unitPrice = discountedPrice(Math.round(product.price * 100), product.discount);
  await page.getByRole("button", { name: `Pay INR ${(unitPrice / 100).toFixed(2)}` }).click();
  // Back on the order's own page, which says whether the payment is confirmed yet.
  await expect(page).toHaveURL(/\/dashboard\/myorders\/[0-9a-f]{24}$/);
  await expect(page.getByText(/Online Payment \((awaiting payment|paid)\)/)).toBeVisible();

  await page.goto("/dashboard/myorders");
  const order = page.getByRole("listitem").filter({ hasText: "Order No" }).first();
  await expect(order).toContainText("Online Payment (paid)");
  await expect(order.getByRole("list", { name: "Order status" })).toContainText("Paid");
});
