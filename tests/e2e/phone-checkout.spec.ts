/**
 * The checkout on a phone (390×844 and 360×740), with JavaScript on and off: the pay bar stays on the
 * screen with the total and the one pay button, nothing covers that button, the bill, coupon and tip
 * come before it; an order refused because an item sold out meanwhile keeps the shopper's payment
 * and short-pick choices; a cash order lands on the order's own page. Geometry, not pixels.
 *
 * With UPDATE_SCREENS=1 it also saves docs/screens/cart.png and checkout.png (JavaScript on) and
 * checkout-nojs.png, for people to see.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./client-test";
import { ADMIN, apiLogin, isNoJs, newShopper, ownProduct } from "./support";

const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
];

test.use({ viewport: PHONES[0] });

const ORDER_PAGE = /\/dashboard\/myorders\/[0-9a-f]{24}$/;

/** What is drawn at the centre of `selector`'s box is the element itself (or inside it): nothing covers it. */
async function drawnOnTop(page: Page, selector: string) {
  return page.locator(selector).evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

const PAY = '[data-testid="pay-bar"] button[type="submit"]';

test("the checkout fits a phone, keeps the shopper's choices when refused, and lands on the order", async ({ page, request }, info) => {
  test.setTimeout(120_000);
  const adminToken = await apiLogin(request, ADMIN.email, ADMIN.password);
  const lastOne = await ownProduct(request, adminToken, info, { name: "Last Mango", stock: 1, price: 120 });
  const plenty = await ownProduct(request, adminToken, info, { name: "Phone Curd", stock: 20, price: 48 });
  const shopper = await newShopper(page.request, info, { prefix: "phone" });
  for (const product of [lastOne, plenty]) {
    const added = await page.request.post("/api/cart/create", { headers: shopper.headers, data: { productId: product._id } });
    expect(added.status(), await added.text()).toBe(200);
  }

  // The cart: the coupon box and the tip come before "Proceed".
  await page.goto("/cart");
  const proceed = page.getByRole("link", { name: /Proceed/ });
  await expect(proceed).toBeVisible();
  const before = (first: string, then: string) =>
    page.evaluate(
      ([a, b]) => Boolean(document.querySelector(a)!.compareDocumentPosition(document.querySelector(b)!) & Node.DOCUMENT_POSITION_FOLLOWING),
      [first, then],
    );
  expect(await before("#coupon-title", 'main a[href="/checkout"]'), "coupon before Proceed").toBe(true);
  expect(await before('main input[name="tipChoice"]', 'main a[href="/checkout"]'), "tip before Proceed").toBe(true);
  // "Proceed" stays on the screen and nothing covers it.
  await expect(proceed).toBeInViewport();
  expect(await drawnOnTop(page, 'main a[href="/checkout"]'), "nothing covers Proceed").toBe(true);
  if (process.env.UPDATE_SCREENS === "1" && !isNoJs(info)) await page.screenshot({ path: "docs/screens/cart.png" });

  await page.goto("/checkout");
  const payBar = page.getByTestId("pay-bar");
  for (const phone of PHONES) {
    await page.setViewportSize(phone);
    await page.evaluate(() => window.scrollTo(0, 0));
    // At the top of the page the pay bar is on the screen, with the total and the pay button.
    await expect(payBar).toBeInViewport();
    await expect(payBar.getByTestId("pay-total")).toHaveText(await page.getByTestId("grand-total").innerText());
    const button = await page.locator(PAY).boundingBox();
    expect(button!.y + button!.height, `the pay button within ${phone.height} px`).toBeLessThanOrEqual(phone.height);
    expect(button!.height).toBeGreaterThanOrEqual(44);
    expect(await drawnOnTop(page, PAY), "nothing covers the pay button").toBe(true);
    // No sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  }
  await page.setViewportSize(PHONES[0]);
  await page.evaluate(() => window.scrollTo(0, 0));
  // Bill, coupon and tip come before the pay action in the document.
  expect(await before("#bill-title", PAY), "bill before pay").toBe(true);
  expect(await before("#coupon-title", PAY), "coupon before pay").toBe(true);
  expect(await before('input[name="tipChoice"]', PAY), "tip before pay").toBe(true);
  // Scrolled to the end, the bar covers nothing: the last thing above it is fully visible.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const bar = await payBar.boundingBox();
  const payment = await page.getByRole("group", { name: "Payment" }).boundingBox();
  expect(payment!.y + payment!.height).toBeLessThanOrEqual(bar!.y);
  await page.evaluate(() => window.scrollTo(0, 0));
  if (process.env.UPDATE_SCREENS === "1") await page.screenshot({ path: isNoJs(info) ? "docs/screens/checkout-nojs.png" : "docs/screens/checkout.png" });

  // The shopper chooses cash and "Call me"; meanwhile someone else buys the last mango.
  await page.getByRole("radio", { name: "Cash on Delivery" }).check();
  await page.getByRole("radio", { name: "Call me" }).check();
  await expect(page.getByRole("button", { name: "Place order" })).toBeVisible();
  const rival = await newShopper(request, info, { prefix: "rival" });
  const bought = await request.post("/api/order/cash-on-delivery", {
    headers: rival.headers,
    data: { list_items: [{ productId: lastOne._id, quantity: 1 }], addressId: rival.addressId },
  });
  expect(bought.status(), await bought.text()).toBe(201);

  await page.getByRole("button", { name: "Place order" }).click();
  await expect(payBar.getByRole("alert")).toHaveText(`${lastOne.name} just sold out`);
  await expect(payBar.getByTestId("short-lines")).toContainText(`Not enough in stock at your store: ${lastOne.name}`);
  await expect(page.getByRole("radio", { name: "Cash on Delivery" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Call me" })).toBeChecked();
  await expect(payBar).toBeInViewport();
  expect(await drawnOnTop(page, PAY), "nothing covers the pay button after a refusal").toBe(true);

  // Without the sold-out line the order goes through and the shopper lands on its live page.
  const cart = (await (await page.request.get("/api/cart/get", { headers: shopper.headers })).json()).data as { _id: string; productId: { _id: string } }[];
  const gone = cart.find((line) => line.productId._id === lastOne._id)!;
  expect((await page.request.delete("/api/cart/delete-cart-item", { headers: shopper.headers, data: { _id: gone._id } })).status()).toBe(200);
  await page.goto("/checkout");
  await page.getByRole("radio", { name: "Cash on Delivery" }).check();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(ORDER_PAGE);
  await expect(page.getByRole("heading", { name: /Order No :/ })).toBeVisible();
});
