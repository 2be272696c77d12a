/**
 * Issue 30 (docs/decisions/027-store-operations.md), with JavaScript on and off: a shopper orders
 * with "Replace with a similar item"; staff of another store cannot open the order; the store's own
 * staff pick it with one line short and propose nothing, so the line is refunded (never swapped
 * without the shopper: tests/e2e/substitutions.spec.ts); the shopper sees the new total; the rider
 * needs the shopper's delivery code to mark it delivered; the shopper rates it; the store's metrics
 * page for today counts it (delivered, the short pick, the rating).
 */
import { type APIRequestContext, type TestInfo } from "@playwright/test";
import { expect, test } from "./client-test";
import { ADMIN, apiLogin, BENGALURU_ADDRESS, expectMessage, isNoJs, login, newShopper, ownProduct, uniqueEmail } from "./support";

const ADDRESS = BENGALURU_ADDRESS;

/** A sub-category of the test's own with three products (stock at the default store): the original, a similar one within its price, a dearer one. */
async function ownShelf(request: APIRequestContext, info: TestInfo) {
  const admin = { Authorization: `Bearer ${await apiLogin(request, "admin@example.com", "Admin@12345")}` };
  const categories = (await (await request.get("/api/category/get")).json()).data as { _id: string }[];
  const tag = `${info.project.name} ${Date.now()}`;
  const sub = await request.post("/api/subcategory/create", {
    headers: admin,
    data: { name: `Ops ${tag}`, image: "/images/seed/milk.webp", category: [categories[0]._id] },
  });
  expect(sub.status(), await sub.text()).toBe(201);
  const subId = (await sub.json()).data._id as string;
  const make = async (name: string, price: number) => {
    const res = await request.post("/api/product/create", {
      headers: admin,
      data: {
        name: `${name} ${tag}`,
        image: ["/images/seed/milk.webp"],
        category: [categories[0]._id],
        subCategory: [subId],
        unit: "1 kg",
        stock: 5,
        price,
        discount: 0,
        description: "Store operations test",
        more_details: {},
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return { _id: (await res.json()).data._id as string, name: `${name} ${tag}` };
  };
  return { original: await make("Ops Atta", 100), similar: await make("Ops Chakki Atta", 90), extra: await make("Ops Basmati", 150) };
}

/** A figure of the store's metrics CSV for today (other tests deliver orders there too: compare before and after). */
async function metricsFigure(request: APIRequestContext, storeId: string, metric: string) {
  const res = await request.get(`/dashboard/stores/${storeId}/metrics.csv`);
  expect(res.status()).toBe(200);
  const line = (await res.text()).split("\r\n").find((l) => l.startsWith(`${metric},`));
  return Number(line?.slice(metric.length + 1) || 0);
}

test("a short pick with no proposal is refunded, the shopper sees the new total, the rider needs the shopper's code, and the metrics count it", async ({
  browser,
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const noJs = isNoJs(info);
  const contextFor = () => browser.newContext({ baseURL: info.project.use.baseURL, javaScriptEnabled: !noJs });
  const { original, similar, extra } = await ownShelf(request, info);
  const store = (await (await request.get(`/api/store/serviceability?pincode=${ADDRESS.pincode}`)).json()).data.store as { _id: string; name: string };

  // The shopper fills a cart through the API, then checks out in the browser choosing a replacement.
  const email = uniqueEmail("ops", info);
  const password = "Shopper@12345";
  expect((await page.request.post("/api/user/register", { data: { name: "Meera Nair", email, password, confirmPassword: password } })).status()).toBeLessThan(
    300,
  );
  const shopper = { Authorization: `Bearer ${await apiLogin(page.request, email, password)}` };
  expect((await page.request.post("/api/address/create", { headers: shopper, data: ADDRESS })).status()).toBeLessThan(300);
  for (const product of [original, extra]) {
    expect((await page.request.post("/api/cart/create", { headers: shopper, data: { productId: product._id } })).status()).toBe(200);
  }
  await page.goto("/checkout");
  await page.getByRole("radio", { name: "Replace with a similar item" }).check();
  await page.getByRole("radio", { name: "Cash on Delivery" }).check();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/dashboard\/myorders\/[0-9a-f]{24}$/);
  const orders = (await (await page.request.get("/api/order/order-list?view=grouped", { headers: shopper })).json()).data as { _id: string; orderId: string }[];
  const order = orders[0];
  await page.goto(`/dashboard/myorders/${order._id}`);
  await expect(page.getByTestId("order-total")).toHaveText("Total ₹250");
  await expect(page.getByText("If an item is out of stock: Replace with a similar item")).toBeVisible();

  // Staff of another store: no way in.
  const outsider = await (await contextFor()).newPage();
  await login(outsider, "staff.saket@example.com", "Staff@12345");
  await outsider.goto(`/dashboard/stores/${store._id}/queue`);
  await expect(outsider.getByText("Do not have permission")).toBeVisible();
  await outsider.goto(`/dashboard/stores/${store._id}/queue/${order._id}`);
  await expect(outsider.getByText("Do not have permission")).toBeVisible();
  await expect(outsider.getByText(order.orderId)).toHaveCount(0);

  // The store's staff: from the account menu to the queue, then the pick list; one line short.
  const staff = await (await contextFor()).newPage();
  await login(staff, "staff@example.com", "Staff@12345");
  await staff.goto("/user");
  const before = {
    delivered: await metricsFigure(staff.request, store._id, "delivered"),
    short: await metricsFigure(staff.request, store._id, "order lines picked short"),
    ratings: await metricsFigure(staff.request, store._id, "ratings"),
  };
  await staff.getByRole("link", { name: "Store queue" }).click();
  await expect(staff.getByRole("heading", { name: `Queue: ${store.name}` })).toBeVisible();
  await staff.getByRole("link", { name: order.orderId }).click();
  await expect(staff.getByRole("heading", { name: "Pick list" })).toBeVisible();
  // Nothing is picked until confirmed (decision 042): the line found is confirmed by its code typed.
  const extraCode = (await (await request.post("/api/product/get-product-details", { data: { productId: extra._id } })).json()).data.barcode as string;
  const confirmExtra = staff.getByRole("form", { name: `Confirm ${extra.name}` });
  await confirmExtra.getByLabel("Code on the pack").fill(extraCode);
  await confirmExtra.getByRole("button", { name: "Confirm code" }).click();
  await expectMessage(staff, `${extra.name}: 1 of 1 confirmed (code typed)`);
  await staff.getByLabel(`Picked of ${original.name}`).fill("0");
  await staff.getByRole("button", { name: "Finish picking" }).click();
  await expectMessage(staff, `Order ${order.orderId} picked, 1 short, collect ₹150`);
  await expect(staff.getByTestId("store-order-status")).toHaveText("Packed");
  await staff.getByRole("button", { name: "Ready for pickup" }).click();
  await expect(staff.getByTestId("store-order-status")).toHaveText("Ready for pickup");
  await staff.getByLabel("Rider's name").fill("Imran");
  await staff.getByLabel("Rider's phone").fill("9811122233");
  await staff.getByRole("button", { name: "Send out for delivery" }).click();
  await expect(staff.getByTestId("store-order-status")).toHaveText("Out for delivery");

  // The shopper's page: nothing swapped, the new total and the code (reloaded without JavaScript).
  if (noJs) await page.reload();
  await expect(page.getByTestId("order-total")).toHaveText("Total ₹150", { timeout: 15_000 });
  await expect(page.getByText(`Replaced with ${similar.name}`)).toHaveCount(0);
  await expect(page.getByTestId("delivery-code")).toBeVisible();
  const code = (await page.getByTestId("delivery-code").locator("strong").textContent())!.trim();
  expect(code).toMatch(/^[0-9]{4}$/);

  // The rider cannot finish without it.
  const wrong = String((Number(code) + 1) % 10_000).padStart(4, "0");
  await staff.getByLabel("Delivery code from the shopper").fill(wrong);
  await staff.getByRole("button", { name: "Mark delivered" }).click();
  await expect(staff.getByRole("alert").filter({ hasText: "Wrong delivery code: 4 tries left" })).toBeVisible();
  await expect(staff.getByTestId("store-order-status")).toHaveText("Out for delivery");
  await staff.getByLabel("Delivery code from the shopper").fill(code);
  await staff.getByRole("button", { name: "Mark delivered" }).click();
  await expect(staff.getByTestId("store-order-status")).toHaveText("Delivered");

  if (noJs) await page.reload();
  await expect(page.getByTestId("order-status")).toHaveText("Delivered", { timeout: 15_000 });
  await expect(page.getByTestId("delivery-code")).toHaveCount(0);

  // The shopper rates it (a plain form: 303 back to the order with JavaScript off).
  const comment = `Atta swap was fine (${info.project.name} ${Date.now()})`;
  await page.getByRole("radio", { name: "5 – Excellent" }).check();
  await page.getByLabel(/^Comment/).fill(comment);
  await page.getByRole("button", { name: "Send rating" }).click();
  await expectMessage(page, "Thank you: you rated this order 5 of 5");
  await expect(page.getByTestId("order-rating")).toContainText(`5 of 5: “${comment}”`);

  // The store's metrics for today count it: delivered, the short line, the rating and its comment.
  await staff.goto(`/dashboard/stores/${store._id}/metrics`);
  const figure = async (key: string) => Number(/\d+/.exec((await staff.locator(`[data-metric="${key}"]`).textContent()) ?? "")?.[0]);
  expect(await figure("delivered")).toBeGreaterThanOrEqual(before.delivered + 1);
  const short = (await staff.locator('[data-metric="short-picks"] dd').textContent()) ?? "";
  expect(Number(/\((\d+) of \d+ lines/.exec(short)?.[1])).toBeGreaterThanOrEqual(before.short + 1);
  await expect(staff.locator('[data-metric="ratings"]')).toContainText(/orders? rated, average/);
  expect(Number((await staff.locator('[data-metric="ratings"] strong').first().textContent()) ?? 0)).toBeGreaterThanOrEqual(before.ratings + 1);
  await expect(staff.getByRole("listitem").filter({ hasText: `${order.orderId}, 5 of 5: ${comment}` })).toBeVisible();
});

/**
 * The queue calls the picker, on a phone: staff land on it after login under a compact staff header
 * (also on the pick page); a new order placed through the API badges the title and chimes once the
 * sound is on (with JavaScript), or shows up by the page's own refresh (without); each row shows its
 * clock against the store's promise.
 */
test("staff land on their queue, whose compact header, title badge, chime or self-refresh and promise clock call the picker", async ({
  browser,
  request,
}, info) => {
  test.setTimeout(90_000);
  const noJs = isNoJs(info);
  const store = (await (await request.get(`/api/store/serviceability?pincode=${BENGALURU_ADDRESS.pincode}`)).json()).data.store as {
    _id: string;
    name: string;
    etaMinutes: number;
  };
  const context = await browser.newContext({ baseURL: info.project.use.baseURL, javaScriptEnabled: !noJs, viewport: { width: 390, height: 844 } });
  const staff = await context.newPage();
  // Counts the chimes: every oscillator the page starts (no audio file is involved).
  await staff.addInitScript(() => {
    const w = window as unknown as { oscillatorStarts: number };
    w.oscillatorStarts = 0;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args: Parameters<typeof start>) {
      w.oscillatorStarts++;
      return start.apply(this, args);
    };
  });
  await login(staff, "staff@example.com", "Staff@12345");
  await expect(staff).toHaveURL(new RegExp(`/dashboard/stores/${store._id}/queue$`));
  await expect(staff.getByRole("heading", { name: `Queue: ${store.name}` })).toBeVisible();

  // The staff header: one short row with the store's name, no shopper search, delivery line or cart.
  const header = staff.locator("#staff-header");
  await expect(header.getByTestId("staff-header-store")).toHaveText(store.name);
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);
  await expect(staff.locator("#site-header")).toHaveCount(0);
  await expect(staff.locator('a[href="/search"]')).toHaveCount(0);

  // Playwright's text and role locators skip <noscript>: a CSS locator reads what the page shows there.
  if (noJs)
    await expect(staff.locator("noscript [data-testid=queue-autorefresh]")).toHaveText("This page refreshes itself every 15 seconds to show new orders.");
  else {
    await staff.getByRole("button", { name: "Sound on" }).click();
    await expect(staff.getByRole("button", { name: "Sound on" })).toHaveAttribute("aria-pressed", "true");
    await expect(staff).toHaveTitle(`Queue: ${store.name} | FreshDash`);
  }

  // A new order, placed through the API while the queue is open.
  const adminToken = await apiLogin(request, ADMIN.email, ADMIN.password);
  const product = await ownProduct(request, adminToken, info, { name: "Queue Dal", stock: 5, price: 120 });
  const shopper = await newShopper(request, info, { prefix: "queue" });
  const placed = await request.post("/api/order/cash-on-delivery", {
    headers: shopper.headers,
    data: { list_items: [{ productId: product._id, quantity: 1 }], addressId: shopper.addressId },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()).data as { _id: string; orderId: string };

  // Pushed live with JavaScript; by the page's own refresh without (no reload by the test).
  const row = staff.getByRole("row").filter({ has: staff.getByRole("link", { name: order.orderId }) });
  await expect(row).toBeVisible({ timeout: noJs ? 25_000 : 10_000 });
  await expect(row.getByTestId("queue-clock")).toHaveText(new RegExp(`^[01] min · promise ${store.etaMinutes} min$`));
  if (!noJs) {
    await expect(staff).toHaveTitle(new RegExp(`^\\(\\d+\\) Queue: ${store.name} \\| FreshDash$`));
    expect(await staff.evaluate(() => (window as unknown as { oscillatorStarts: number }).oscillatorStarts)).toBeGreaterThanOrEqual(1);
    // Back on the page (a tap): the badge goes.
    await staff.getByRole("heading", { name: `Queue: ${store.name}` }).click();
    await expect(staff).toHaveTitle(`Queue: ${store.name} | FreshDash`);
  }

  // The pick page keeps the compact header, with the way back to the queue.
  await row.getByRole("link", { name: order.orderId }).click();
  await expect(staff.getByRole("heading", { name: "Pick list" })).toBeVisible();
  await expect(header.getByTestId("staff-header-store")).toHaveText(store.name);
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);
  await expect(staff.locator('a[href="/search"]')).toHaveCount(0);
  await header.getByRole("link", { name: "Queue" }).click();
  await expect(staff).toHaveURL(new RegExp(`/dashboard/stores/${store._id}/queue$`));
  await context.close();
});
