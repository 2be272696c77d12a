import { type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { expect, test } from "./client-test";
import { ADMIN, apiLogin, expectMessage, isNoJs, newShopper, ownProduct, productUrl } from "./support";

// Logins are rate-limited per IP, so the admin's API token is shared by the tests of this file.
let adminToken: Promise<string> | undefined;
const admin = (request: APIRequestContext) => (adminToken ??= apiLogin(request, ADMIN.email, ADMIN.password));

/** A product of the test's own with `stock` units (₹320, the API's GST defaults). */
const ghee = async (request: APIRequestContext, info: TestInfo, stock: number) =>
  ownProduct(request, await admin(request), info, { name: "Fulfilment Ghee", stock, price: 320 });

/**
 * A new shopper with a cash-on-delivery order for `quantity` of the product, placed through the API.
 * Pass a page's `request` to leave that page's browser logged in as the shopper.
 */
async function shopperWithOrder(request: APIRequestContext, info: TestInfo, productId: string, quantity: number) {
  const { email, headers, addressId } = await newShopper(request, info, { prefix: "orders" });
  const order = await request.post("/api/order/cash-on-delivery", { headers, data: { list_items: [{ productId, quantity }], addressId } });
  expect(order.status(), await order.text()).toBe(201);
  const body = (await order.json()).data as { _id: string; orderId: string };
  return { email, id: body._id, orderId: body.orderId };
}

/**
 * Without JavaScript the shopper reloads; with it the change is pushed over the order's live channel
 * (decision 028) and shows within 2 s, well inside the 5 s fallback poll's period.
 */
async function expectShopperSees(page: Page, info: TestInfo, status: string) {
  if (isNoJs(info)) await page.reload();
  await expect(page.getByTestId("order-status")).toHaveText(status, { timeout: isNoJs(info) ? 15_000 : 2_000 });
  await expect(page.getByRole("list", { name: "Order status" })).toContainText(status);
}

test("an admin takes an order from placed to delivered while the shopper's page shows each step", async ({ browser, page, request }, info) => {
  test.setTimeout(90_000);
  const product = await ghee(request, info, 5);

  // The shopper watches their order in their own browser.
  const shopperContext = await browser.newContext({ baseURL: info.project.use.baseURL, javaScriptEnabled: !isNoJs(info) });
  const shopper = await shopperContext.newPage();
  const order = await shopperWithOrder(shopper.request, info, product._id, 2);
  await shopper.goto("/dashboard/myorders");
  // With JavaScript the order page connects to its live channel; the notices it receives are counted.
  // The socket is open (the Durable Object holds it, so no notice can be missed) once the page has
  // re-read its data after the socket appeared: it does that from the socket's `open` (decision 028).
  const notices: string[] = [];
  let socketSeen = false;
  let connected!: () => void;
  const socketOpen = new Promise<void>((resolve) => (connected = resolve));
  shopper.on("websocket", (ws) => {
    if (!ws.url().endsWith(`/live/order/${order.id}`)) return;
    socketSeen = true;
    ws.on("framereceived", (frame) => void notices.push(String(frame.payload)));
  });
  shopper.on("request", (request) => {
    if (socketSeen && new URL(request.url()).pathname === `/dashboard/myorders/${order.id}.data`) connected();
  });
  await shopper.getByRole("link", { name: `View order ${order.orderId}` }).click();
  await expect(shopper.getByRole("heading", { name: `Order No : ${order.orderId}` })).toBeVisible();
  if (!isNoJs(info)) await socketOpen;
  await expect(shopper.getByTestId("order-status")).toHaveText("Placed");
  await expect(shopper.getByRole("timer")).toContainText(/Arriving in \d+:\d\d min/);
  await expect(shopper.getByRole("button", { name: "Cancel order" })).toBeVisible();

  // The admin finds it on the board by its number and moves it along.
  await apiLogin(page.request, ADMIN.email, ADMIN.password);
  await page.goto("/dashboard/orders");
  await page.getByLabel("Order no., email or mobile").fill(order.orderId);
  await page.getByRole("button", { name: "Filter" }).click();
  const card = page.getByRole("article", { name: `Order No : ${order.orderId}` });
  await expect(card).toContainText(order.email);
  await expect(card).toContainText("12 MG Road, Indiranagar");
  await expect(card).toContainText("Cash on Delivery");

  const steps: [string, string, string][] = [
    ["Mark packed", "packed", "Packed"],
    ["Ready for pickup", "ready for pickup", "Ready for pickup"],
    ["Send out for delivery", "out for delivery", "Out for delivery"],
    ["Mark delivered", "delivered", "Delivered"],
  ];
  for (const [button, message, label] of steps) {
    await card.getByRole("button", { name: `${button}: ${order.orderId}` }).click();
    await expectMessage(page, `Order ${order.orderId} is now ${message}`);
    await expect(card.getByRole("list", { name: "Order status" })).toContainText(label);
    await expectShopperSees(shopper, info, label);
  }
  // Each step arrived as a notice on the socket (not only by the fallback poll).
  if (!isNoJs(info)) expect(notices.filter((n) => n.includes(`"orderId":"${order.id}"`)).length).toBeGreaterThanOrEqual(steps.length);
  await expect(card.getByRole("list", { name: "Order status" })).toContainText("by Store Admin");
  await expect(card.getByRole("button")).toHaveCount(0);
  await expect(shopper.getByText(/^Delivered at /)).toBeVisible();
  await expect(shopper.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  await shopperContext.close();
});

test("a shopper cancels their order and sees the stock back on the product page, then buys again", async ({ page, request }, info) => {
  const product = await ghee(request, info, 2);
  // An anonymous visit first: that copy is cacheable, and must not be reused once the shopper has a cookie.
  await page.goto(productUrl(product));
  await expect(page.getByRole("button", { name: `Add ${product.name} to cart` })).toBeVisible();

  const order = await shopperWithOrder(page.request, info, product._id, 2);
  await page.goto(productUrl(product));
  await expect(page.getByText("Out of Stock")).toBeVisible();

  await page.goto(`/dashboard/myorders/${order.id}`);
  await page.getByRole("button", { name: "Cancel order" }).click();
  await expectMessage(page, "Order cancelled");
  await expect(page.getByTestId("order-status")).toHaveText("Cancelled");
  await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  await expect(page.getByRole("timer")).toHaveCount(0);

  await page.goto(productUrl(product));
  await expect(page.getByRole("button", { name: `Add ${product.name} to cart` })).toBeVisible();
  await expect(page.getByText("Out of Stock")).toHaveCount(0);

  await page.goto(`/dashboard/myorders/${order.id}`);
  await page.getByRole("button", { name: "Buy again" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expectMessage(page, "Added 1 item to your cart");
  await expect(page.getByRole("main").getByText(product.name)).toBeVisible();
});

test("a shopper cannot see another shopper's order, and only admins see the board", async ({ page, request }, info) => {
  const product = await ghee(request, info, 3);
  const theirs = await shopperWithOrder(request, info, product._id, 1);
  const mine = await shopperWithOrder(page.request, info, product._id, 1);
  await page.goto(`/dashboard/myorders/${mine.id}`);
  await expect(page.getByRole("heading", { name: `Order No : ${mine.orderId}` })).toBeVisible();
  const res = await page.goto(`/dashboard/myorders/${theirs.id}`);
  expect(res?.status()).toBe(404);
  const board = await page.goto("/dashboard/orders");
  expect(board?.status()).toBe(403);
  await expect(page.getByText("Do not have permission")).toBeVisible();
});

test("a step's message is shown even when the order's live notice comes while the board reloads after it", async ({ page, request }, info) => {
  const product = await ghee(request, info, 2);
  const order = await shopperWithOrder(request, info, product._id, 1);
  await apiLogin(page.request, ADMIN.email, ADMIN.password);
  // The live socket's notices about `held` reach the page's handler only when the test lets them go.
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    const live = window as unknown as { liveOpen: boolean; held: string; waiting: (() => void)[] };
    live.liveOpen = false;
    live.held = "";
    live.waiting = [];
    window.WebSocket = class extends Native {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        this.addEventListener("open", () => setTimeout(() => (live.liveOpen = true)));
      }
      set onmessage(handler: ((event: MessageEvent) => void) | null) {
        super.onmessage =
          handler && ((event) => (live.held && String(event.data).includes(live.held) ? live.waiting.push(() => handler(event)) : handler(event)));
      }
      get onmessage() {
        return super.onmessage;
      }
    };
  });
  await page.goto(`/dashboard/orders?q=${order.orderId}`);
  const card = page.getByRole("article", { name: `Order No : ${order.orderId}` });
  if (!isNoJs(info)) {
    await page.waitForFunction(() => (window as unknown as { liveOpen: boolean }).liveOpen);
    await page.evaluate((id) => ((window as unknown as { held: string }).held = id), order.id);
    // The first load after the step is answered by the server (which hands over the step's message
    // with it); before that answer reaches the page, the page handles the live notice of that step.
    let stage: "before" | "posted" | "held" = "before";
    await page.route(/\/dashboard\/orders\.data/, async (route) => {
      if (route.request().method() === "POST") stage = "posted";
      if (route.request().method() !== "GET" || stage !== "posted") return route.continue();
      stage = "held";
      const response = await route.fetch();
      await page.waitForFunction(() => (window as unknown as { waiting: unknown[] }).waiting.length > 0);
      await page.evaluate(() => {
        const live = window as unknown as { held: string; waiting: (() => void)[] };
        live.held = "";
        for (const handle of live.waiting.splice(0)) handle();
      });
      await route.fulfill({ response }).catch(() => undefined); // given up by the page meanwhile
    });
  }
  await card.getByRole("button", { name: `Mark packed: ${order.orderId}` }).click();
  await expectMessage(page, `Order ${order.orderId} is now packed`);
  await expect(card.getByRole("list", { name: "Order status" })).toContainText("Packed");
});
