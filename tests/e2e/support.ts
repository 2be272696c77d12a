import { expect, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { productPath } from "../../app/lib/slugs";

export const isNoJs = (info: TestInfo) => info.project.name === "no-js";

/** An address served by the default (Bengaluru) store: the orders of the fulfilment, store-ops and metrics specs go there. */
export const BENGALURU_ADDRESS = {
  address_line: "12 MG Road, Indiranagar",
  city: "Bengaluru",
  state: "Karnataka",
  country: "India",
  pincode: "560038",
  mobile: "9876501234",
};

/** Logs in through the API: a bearer token, and the session cookie in `request`'s cookie jar. */
export async function apiLogin(request: APIRequestContext, email: string, password: string) {
  const res = await request.post("/api/user/login", { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.accesstoken as string;
}

/** The seeded admin (seed/). */
export const ADMIN = { email: "admin@example.com", password: "Admin@12345" };

/**
 * A product of the test's own, created through the admin API: its stock is the test's alone, and its
 * price (rupees), HSN code and GST rate are known to it (left out: the API's defaults, '' and 5 %).
 */
export async function ownProduct(
  request: APIRequestContext,
  adminToken: string,
  info: TestInfo,
  {
    name,
    stock,
    price,
    hsnCode,
    gstRate,
    storeStock,
  }: { name: string; stock: number; price: number; hsnCode?: string; gstRate?: number; storeStock?: { store: string; stock: number }[] },
) {
  const subs = (await (await request.post("/api/subcategory/get")).json()).data as { _id: string; category: { _id: string }[] }[];
  const sub = subs.find((s) => s.category.length)!;
  const fullName = `${name} ${info.project.name} ${Date.now()}`;
  const res = await request.post("/api/product/create", {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: {
      name: fullName,
      image: ["/images/seed/milk.webp"],
      category: [sub.category[0]._id],
      subCategory: [sub._id],
      unit: "500 ml",
      stock,
      price,
      discount: 0,
      description: "A test product",
      more_details: {},
      ...(hsnCode === undefined ? {} : { hsnCode }),
      ...(gstRate === undefined ? {} : { gstRate }),
      ...(storeStock === undefined ? {} : { storeStock }),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { _id: (await res.json()).data._id as string, name: fullName };
}

/**
 * A dark store of the test's own, open all day, serving only `pincode` (one no other store or spec
 * serves): the orders delivered there, its stock and its metrics are the test's alone, whatever runs
 * beside it. Created with the admin's form, as `request` (signed in as the admin: apiLogin).
 */
export async function ownStore(request: APIRequestContext, info: TestInfo, { name, pincode }: { name: string; pincode: string }) {
  const fullName = `${name} ${info.project.name} ${Date.now()}`;
  const res = await request.post("/dashboard/stores", {
    headers: { Origin: new URL(info.project.use.baseURL!).origin },
    form: {
      intent: "create-store",
      name: fullName,
      address: `${pincode} Test Road`,
      city: "Test City",
      opensAt: "00:00",
      closesAt: "00:00",
      baseDeliveryMinutes: "15",
      pincodes: pincode,
    },
    maxRedirects: 0,
  });
  expect(res.status(), await res.text()).toBe(303);
  const served = (await (await request.get(`/api/store/serviceability?pincode=${pincode}`)).json()).data.store as { _id: string; name: string };
  expect(served.name).toBe(fullName);
  return served;
}

/**
 * A new shopper, registered and logged in through the API, with an address the default store
 * serves (or `address`). Pass a page's `request` to leave that page's browser logged in as the shopper.
 */
export async function newShopper(
  request: APIRequestContext,
  info: TestInfo,
  { prefix = "shopper", name = "Kavya Rao", address = BENGALURU_ADDRESS }: { prefix?: string; name?: string; address?: typeof BENGALURU_ADDRESS } = {},
) {
  const email = uniqueEmail(prefix, info);
  const password = "Shopper@12345";
  const registered = await request.post("/api/user/register", { data: { name, email, password, confirmPassword: password } });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  const headers = { Authorization: `Bearer ${await apiLogin(request, email, password)}` };
  const created = await request.post("/api/address/create", { headers, data: address });
  expect(created.status(), await created.text()).toBeLessThan(300);
  return { email, password, headers, addressId: (await created.json()).data._id as string };
}

/** The admin's moves that take a placed order to delivered, through the API. */
export async function deliverAsAdmin(request: APIRequestContext, adminToken: string, orderId: string) {
  for (const status of ["packed", "ready", "out_for_delivery", "delivered"]) {
    const res = await request.post("/api/order/admin/update-status", { headers: { Authorization: `Bearer ${adminToken}` }, data: { _id: orderId, status } });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/**
 * The page is hydrated and its effects have run (the cart's submit listener among them): the
 * header's delivery link has become the button that opens the location dialog, which happens only
 * once `useHydrated` turns true. (Remix's router exists earlier, at the start of the hydration
 * render.) On home the JavaScript comes after the banner, so the load event does not imply this.
 */
export const waitForHydration = (page: Page) => expect(page.getByRole("banner").locator('button[aria-haspopup="dialog"]')).toHaveCount(1);

let seq = 0;
export function uniqueEmail(prefix: string, info: TestInfo) {
  return `${prefix}.${info.project.name}.${Date.now()}${seq++}@example.com`;
}

/** The flash/toast text: server-rendered without JavaScript, a toast with it. Both are role=status. */
export async function expectMessage(page: Page, text: string | RegExp) {
  await expect(page.getByRole("status").filter({ hasText: text }).first()).toBeVisible();
}

export async function register(page: Page, { name = "Test Shopper", email, password = "Shopper@12345" }: { name?: string; email: string; password?: string }) {
  await page.goto("/register");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password").fill(password);
  await page.getByRole("button", { name: "Register" }).click();
  await expectMessage(page, "User register successfully: log in to continue");
  // Registration signs no one in (decision 021): it leads to the login form.
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expectMessage(page, "Login successfully");
}

export async function login(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expectMessage(page, "Login successfully");
}

export async function logout(page: Page) {
  await page.goto("/user");
  await page.getByRole("button", { name: "Log Out" }).click();
  await expectMessage(page, "Logout successfully");
}

/** A product to shop for, found through the catalogue API (in stock, with a discount). */
export async function findProduct(request: APIRequestContext, search: string, { minStock = 5 } = {}) {
  const res = await request.post("/api/product/search-product", { data: { search } });
  const body = await res.json();
  const product = body.data.find((p: any) => p.stock >= minStock);
  expect(product, `an in-stock product for "${search}"`).toBeTruthy();
  return product as { _id: string; name: string; price: number; discount: number; stock: number };
}

/** The product page of an /api product, by the app's own slug rules (app/lib/slugs.ts). */
export const productUrl = (p: { _id: string; name: string }) => productPath({ name: p.name, id: p._id });

/** Opens the delivery location form: the header's dialog with JavaScript, the /location page without. */
export async function openLocation(page: Page, noJs: boolean, current: RegExp | string) {
  await page
    .getByRole("banner")
    .getByRole(noJs ? "link" : "button", { name: current })
    .click();
  if (noJs) {
    await expect(page).toHaveURL(/\/location\?redirectTo=/);
    return page.getByRole("main");
  }
  const dialog = page.getByRole("dialog", { name: "Choose your delivery location" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Pincode")).toBeFocused();
  return dialog;
}
