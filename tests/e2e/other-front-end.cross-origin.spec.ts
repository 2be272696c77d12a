import { expect, test, type Page } from "@playwright/test";
import { spaOrigin } from "../../playwright.config";
import { findProduct, uniqueEmail } from "./support";

/**
 * A front end on another origin (issue 13, decision 015): the stand-in page of
 * tests/support/spa-server.ts calls the store's /api with `credentials: "include"` and a bearer
 * token, as the original single-page client did. The store runs with CORS_ORIGINS = spaOrigin.
 */
const PASSWORD = "Shopper@12345";
// A pincode the default store serves (decision 020: an order's address must be served).
const ADDRESS = { address_line: "12 Lake Road", city: "Bengaluru", state: "Karnataka", country: "India", pincode: "560008", mobile: "9812345678" };
const listedOrigin = spaOrigin;
/** The same page under another name of this machine: an origin not on the list. */
const unlistedOrigin = spaOrigin.replace("127.0.0.1", "localhost");

type Result = { status: number; body?: any; error?: string };

async function openFrontEnd(page: Page, origin: string, store: string) {
  await page.goto(`${origin}/?api=${encodeURIComponent(store)}`);
  await expect(page.locator("body[data-ready=true]")).toBeAttached();
}

/** Runs one of the page's calls (`window.spa[name](...args)`) in the page. */
const spa = (page: Page, name: string, ...args: unknown[]) =>
  page.evaluate(([method, values]) => (window as any).spa[method](...values), [name, args] as const) as Promise<Result>;

test("a listed front end logs in, adds to the cart, orders cash on delivery, lists the order with its picture and logs out", async ({
  page,
  request,
  baseURL,
}, info) => {
  const email = uniqueEmail("spa", info);
  expect((await request.post("/api/user/register", { data: { name: "Spa Shopper", email, password: PASSWORD, confirmPassword: PASSWORD } })).status()).toBe(
    201,
  );
  const product = await findProduct(request, "milk");
  await openFrontEnd(page, listedOrigin, baseURL!);

  const login = await spa(page, "login", email, PASSWORD);
  expect(login.status).toBe(200);
  // The session cookie set for this front end (SameSite=None; Secure) works without the token too.
  expect((await spa(page, "userDetails", { bearer: false })).body?.data?.email).toBe(email);

  const address = await spa(page, "addAddress", ADDRESS);
  expect(address.status).toBe(201);
  expect((await spa(page, "addToCart", product._id)).status).toBe(200);
  const order = await spa(page, "cashOnDelivery", address.body.data._id);
  expect(order.status).toBe(201);

  const orders = await spa(page, "orders");
  expect(orders.status).toBe(200);
  expect(orders.body.data).toHaveLength(1);
  expect(orders.body.data[0]).toMatchObject({ orderId: order.body.data.orderId, productId: product._id, quantity: 1, product_details: { name: product.name } });
  // Rendered as the original client renders it: product_details.image[0], an absolute URL on the store.
  const picture = page.getByRole("img", { name: product.name });
  await expect(picture).toHaveAttribute("src", new RegExp(`^${baseURL}/images/`));
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole("listitem").filter({ hasText: order.body.data.orderId })).toBeVisible();

  expect((await spa(page, "logout")).status).toBe(200);
  // Both the token and the cookie are gone.
  expect((await spa(page, "userDetails", { bearer: false })).status).toBe(401);
});

test("the same calls from an origin not on the list are refused by the browser, and change nothing", async ({ page, request, baseURL }, info) => {
  const email = uniqueEmail("unlisted", info);
  expect((await request.post("/api/user/register", { data: { name: "Unlisted", email, password: PASSWORD, confirmPassword: PASSWORD } })).status()).toBe(201);
  const login = await request.post("/api/user/login", { data: { email, password: PASSWORD } });
  const token = (await login.json()).data.accesstoken as string;
  const product = await findProduct(request, "milk");
  await openFrontEnd(page, unlistedOrigin, baseURL!);

  const refused = (result: Result) => {
    expect(result.status).toBe(0);
    expect(result.error).toMatch(/Failed to fetch/);
  };
  refused(await spa(page, "login", email, PASSWORD));
  // Even holding a valid token, the page cannot use it: the preflight grants nothing.
  await spa(page, "useToken", token);
  refused(await spa(page, "addToCart", product._id));
  refused(await spa(page, "orders"));
  refused(await spa(page, "logout"));

  const headers = { Authorization: `Bearer ${token}` };
  expect((await (await request.get("/api/cart/get", { headers })).json()).data).toEqual([]);
  expect((await request.get("/api/user/user-details", { headers })).status()).toBe(200);
});
