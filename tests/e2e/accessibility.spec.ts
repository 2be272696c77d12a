import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "./client-test";
import { listingPath } from "../../app/lib/slugs";
import { expectAccessible } from "./a11y";
import { expectMessage, findProduct, isNoJs, productUrl, uniqueEmail } from "./support";

/**
 * axe on every storefront, account, checkout and admin page (issue 15), with JavaScript on and
 * off (the no-js project checks the server's document as it is without scripts). Storefront and
 * account pages are checked on Lighthouse's mobile screen, admin pages on a desktop one; the
 * header's desktop variant, the dashboard side menu and the account dropdown once on desktop.
 * States that follow an action (errors, toasts, dialogs) are checked here when cheap and in the
 * journeys that reach them otherwise (accounts.spec.ts, shop.spec.ts).
 */
const MOBILE = { width: 412, height: 823 };
const DESKTOP = { width: 1280, height: 800 };

async function check(page: Page, path: string, what: string, screen = MOBILE) {
  await page.setViewportSize(screen);
  await page.goto(path);
  await expectAccessible(page, what);
}

/** A listing that has products, and a product with several pictures (the gallery's dots and strip). */
async function catalogue(request: APIRequestContext) {
  const subs = (await (await request.post("/api/subcategory/get")).json()).data as { _id: string; name: string; category: { _id: string; name: string }[] }[];
  const sub = subs.find((s) => s.category.length)!;
  const search = await request.post("/api/product/search-product", { data: { search: "bread" } });
  const products = (await search.json()).data as { _id: string; name: string; image: string[]; stock: number }[];
  const gallery = products.find((p) => p.image.length > 1 && p.stock > 5);
  expect(gallery, "a seeded product with several pictures").toBeTruthy();
  return { listing: listingPath({ name: sub.category[0].name, id: sub.category[0]._id }, { name: sub.name, id: sub._id }), gallery: gallery! };
}

/** Logs the page's browser in through the API (session cookie) and returns a bearer header for set-up calls. */
async function signIn(page: Page, email: string, password: string) {
  const res = await page.request.post("/api/user/login", { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return { Authorization: `Bearer ${(await res.json()).data.accesstoken}` };
}

test("storefront pages and the guest's account pages have no axe violations", async ({ page, request }) => {
  test.setTimeout(120_000); // about 15 pages; the home page alone is a few seconds of axe
  const { listing, gallery } = await catalogue(request);
  await check(page, "/", "home");
  await check(page, listing, "category listing");
  await check(page, productUrl(gallery), "product with several pictures");
  await check(page, "/search?q=milk", "search results");
  await check(page, "/search?q=qqqzzzxxy", "search without results");
  await check(page, "/cart", "empty cart");
  await check(page, "/login", "login (desktop header)", DESKTOP);
  await check(page, "/register", "register");
  await check(page, "/forgot-password", "forgot password");
  await check(page, "/verification-otp?email=someone%40example.com", "verification code");
  await check(page, "/cancel", "cancel");
  await check(page, "/no/such/page", "404");

  // A message after an action: a toast with JavaScript, the server's flash without.
  await page.goto(productUrl(gallery));
  await page.getByRole("button", { name: `Add ${gallery.name} to cart` }).click();
  await expectMessage(page, "Item added");
  await expectAccessible(page, "'Item added' message", { include: '[role="status"]' });
});

test("shopper pages: cart, checkout, dashboard and orders have no axe violations", async ({ page, request }, info) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("a11y", info);
  const password = "Shopper@12345";
  const registered = await request.post("/api/user/register", { data: { name: "Lata Menon", email, password, confirmPassword: password } });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  const headers = await signIn(page, email, password);

  // Empty states first.
  await check(page, "/dashboard/myorders", "my orders, none yet");
  await check(page, "/dashboard/address", "address book, empty");

  const product = await findProduct(request, "atta");
  expect((await page.request.post("/api/cart/create", { headers, data: { productId: product._id } })).ok()).toBe(true);
  const address = await page.request.post("/api/address/create", {
    headers,
    data: { address_line: "12 MG Road, Indiranagar", city: "Bengaluru", state: "Karnataka", country: "India", pincode: "560038", mobile: "9876501234" },
  });
  expect(address.status(), await address.text()).toBeLessThan(300);

  await check(page, "/cart", "cart with an item");
  await check(page, "/checkout", "checkout");
  await check(page, "/checkout?dialog=add-address", "checkout, add-address dialog");
  await check(page, "/dashboard/address", "address book");
  await check(page, "/dashboard/address?dialog=add-address", "address book, add-address dialog");
  await check(page, "/user", "account menu page");
  await check(page, "/dashboard/profile", "profile (desktop side menu)", DESKTOP);

  // The header's account dropdown (a <details>, so it opens with or without JavaScript).
  await page.getByRole("banner").locator("summary", { hasText: "Account" }).click();
  await expectAccessible(page, "account dropdown open");
  if (!isNoJs(info)) {
    // With JavaScript the header's cart button opens the side panel.
    await page
      .getByRole("banner")
      .getByRole("link", { name: /1 Item/ })
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAccessible(page, "cart side panel");
  }

  const order = await page.request.post("/api/order/cash-on-delivery", {
    headers,
    data: { list_items: [{ productId: product._id, quantity: 1 }], addressId: (await address.json()).data._id },
  });
  expect(order.status(), await order.text()).toBe(201);
  await check(page, "/dashboard/myorders", "my orders");
  await check(page, `/dashboard/myorders/${(await order.json()).data._id}`, "order details");
});

test("admin pages and their dialogs have no axe violations", async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, "admin@example.com", "Admin@12345");
  const category = ((await (await request.get("/api/category/get")).json()).data as { _id: string }[])[0];
  const product = await findProduct(request, "milk");
  await check(page, "/dashboard/category", "admin categories", DESKTOP);
  await check(page, "/dashboard/category?dialog=add-category", "add-category dialog", DESKTOP);
  await check(page, `/dashboard/category?dialog=delete-category&id=${category._id}`, "delete-category confirmation", DESKTOP);
  await check(page, "/dashboard/subcategory", "admin sub-categories", DESKTOP);
  await check(page, "/dashboard/subcategory?dialog=add-subcategory", "add-sub-category dialog", DESKTOP);
  await check(page, "/dashboard/upload-product", "upload product", DESKTOP);
  await check(page, "/dashboard/product", "admin products", DESKTOP);
  await check(page, `/dashboard/product?dialog=edit-product&id=${product._id}`, "edit-product dialog", DESKTOP);
  await check(page, "/dashboard/orders", "orders board", DESKTOP);
  await check(page, "/dashboard/coupons", "admin coupons", DESKTOP);
});
