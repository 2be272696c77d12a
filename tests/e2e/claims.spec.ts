/**
 * A picker's claim on an order (docs/decisions/047-order-claims.md) on a phone, with JavaScript on
 * and off: picker A starts picking from the queue, picker B opens the order and is told who has it
 * (and cannot pick it), the store's manager releases the claim with a reason, and B then sees it
 * free (live with JavaScript, on reload without). The store is the test's own, so its queue holds
 * only this test's order.
 */
import { type Browser, type TestInfo } from "@playwright/test";
import { expect, test } from "./client-test";
import { ADMIN, apiLogin, BENGALURU_ADDRESS, isNoJs, newShopper, ownProduct, ownStore } from "./support";

/** A pincode no seeded store and no other spec serves, one per project. */
const pincodeFor = (project: string) => (project === "no-js" ? "795012" : "795011");
const PHONE = { width: 390, height: 844 };

/** A signed-in phone browser of `email` (session cookie from the login API). */
async function phoneOf(browser: Browser, info: TestInfo, email: string, password: string) {
  const context = await browser.newContext({ baseURL: info.project.use.baseURL, javaScriptEnabled: !isNoJs(info), viewport: PHONE });
  await apiLogin(context.request, email, password);
  return context.newPage();
}

test("picker A claims an order, picker B sees who has it, the manager releases it", async ({ browser, playwright }, info) => {
  test.setTimeout(120_000);
  const noJs = isNoJs(info);
  const api = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  const adminToken = await apiLogin(api, ADMIN.email, ADMIN.password);
  const admin = { Authorization: `Bearer ${adminToken}` };
  const pincode = pincodeFor(info.project.name);
  const store = await ownStore(api, info, { name: "Claims Store", pincode });
  const product = await ownProduct(api, adminToken, info, { name: "Claims Ghee", stock: 0, price: 80, storeStock: [{ store: store._id, stock: 5 }] });
  const address = { ...BENGALURU_ADDRESS, city: "Test City", pincode };

  // Three staff of the store: two pickers and a manager.
  const staff = async (name: string, role: string) => {
    const person = await newShopper(api, info, { prefix: "claims", name, address });
    const res = await api.post("/api/store/staff", { headers: admin, data: { storeId: store._id, email: person.email, role } });
    expect(res.status(), await res.text()).toBe(200);
    return person;
  };
  const asha = await staff("Asha Picker", "picker");
  const bilal = await staff("Bilal Picker", "picker");
  const meera = await staff("Meera Manager", "manager");

  const shopper = await newShopper(api, info, { prefix: "claims-shopper", name: "Kavya Rao", address });
  const placed = await api.post("/api/order/cash-on-delivery", {
    headers: shopper.headers,
    data: { list_items: [{ productId: product._id, quantity: 2 }], addressId: shopper.addressId },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()).data as { _id: string; orderId: string };
  const orderPage = `/dashboard/stores/${store._id}/queue/${order._id}`;

  // A starts picking from the queue: the claim opens the pick list.
  const a = await phoneOf(browser, info, asha.email, asha.password);
  await a.goto(`/dashboard/stores/${store._id}/queue`);
  const row = a.getByRole("row").filter({ hasText: order.orderId });
  await row.getByRole("button", { name: "Start picking" }).click();
  await expect(a).toHaveURL(new RegExp(`${orderPage}$`));
  await expect(a.getByTestId("claim-notice")).toContainText("You are picking this order since");

  // B opens it: told who has it, no release for a picker, and B's pick is refused.
  const b = await phoneOf(browser, info, bilal.email, bilal.password);
  await b.goto(`/dashboard/stores/${store._id}/queue`);
  await expect(b.getByRole("row").filter({ hasText: order.orderId }).getByTestId("queue-claim")).toHaveText("Picking: Asha Picker");
  await b.goto(orderPage);
  await expect(b.getByTestId("claim-notice")).toContainText("Being picked by Asha Picker since");
  await expect(b.getByRole("button", { name: "Release claim" })).toHaveCount(0);
  await b.getByRole("button", { name: "Finish picking" }).click();
  await expect(b.getByText(`Order ${order.orderId}: being picked by Asha Picker`)).toBeVisible();

  // The manager releases it with a reason; the history keeps it.
  const m = await phoneOf(browser, info, meera.email, meera.password);
  await m.goto(orderPage);
  await expect(m.getByTestId("claim-notice")).toContainText("Being picked by Asha Picker since");
  await m.getByLabel("Reason (kept in the order's history)").fill("Asha is on a break");
  await m.getByRole("button", { name: "Release claim" }).click();
  await expect(m.getByText("Nobody is picking this order yet.")).toBeVisible();
  await expect(m.getByRole("list", { name: "Order status" }).getByText("Claim of Asha Picker released: Asha is on a break")).toBeVisible();

  // B sees it free: pushed with JavaScript, on reload without; then B claims it.
  if (noJs) await b.goto(orderPage);
  await expect(b.getByText("Nobody is picking this order yet.")).toBeVisible({ timeout: 10_000 });
  await b.getByRole("button", { name: "Start picking" }).click();
  await expect(b.getByTestId("claim-notice")).toContainText("You are picking this order since");
  // A, on the page meanwhile, now sees B has it (live with JavaScript).
  if (noJs) await a.goto(orderPage);
  await expect(a.getByTestId("claim-notice")).toContainText("Being picked by Bilal Picker since", { timeout: 10_000 });
});
