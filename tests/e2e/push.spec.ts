/**
 * Order notices over Web Push, end to end (docs/decisions/037-order-push.md): a local push service
 * (the `web-push-testing` package, in this process) issues a subscription for the store's VAPID key;
 * the shopper registers it through /api; the store's staff move the order through its steps; the
 * push service receives each notice from the store's queue consumer, checks its VAPID signature,
 * decrypts it, and the notices arrive in order with their title, body and link. A cancelled order
 * is told too; without JavaScript the order page offers no push button (push needs JavaScript).
 */
import { createRequire } from "node:module";
import { createServer, type Server } from "node:net";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { DEV_VAPID } from "../../app/server/platform/env.server";
import { ADMIN, apiLogin, isNoJs, newShopper, ownProduct } from "./support";

const require = createRequire(import.meta.url);

/** The local push service: the package's own server and model, on a free port of this process. */
interface PushService {
  origin: string;
  close(): void;
}
async function startPushService(): Promise<PushService> {
  const port = await new Promise<number>((resolve) => {
    const probe: Server = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
  const TestingServer = require("web-push-testing/src/server.js") as new (model: unknown, port: number) => { startServer(): void; _server: Server };
  const { PushApiModel } = require("web-push-testing/src/PushApiModel.js") as { PushApiModel: new () => unknown };
  const server = new TestingServer(new PushApiModel(), port);
  server.startServer();
  await new Promise<void>((resolve) => (server._server.listening ? resolve() : server._server.once("listening", () => resolve())));
  return { origin: `http://localhost:${port}`, close: () => server._server.close() };
}

let push: PushService;
test.beforeAll(async () => {
  push = await startPushService();
});
test.afterAll(() => push?.close());

type Notice = { title: string; body: string; url: string; tag?: string };

/** A browser's subscription as the push service issues it for the store's public key. */
async function pushSubscription(request: APIRequestContext) {
  const res = await request.post(`${push.origin}/subscribe`, { data: { userVisibleOnly: "true", applicationServerKey: DEV_VAPID.publicKey } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string };
}

/** What the push service received and decrypted for that subscription, in order. */
async function received(request: APIRequestContext, clientHash: string): Promise<Notice[]> {
  const res = await request.post(`${push.origin}/get-notifications`, { data: { clientHash } });
  if (res.status() === 400) return []; // nothing received yet
  return ((await res.json()).data.messages as string[]).map((m) => JSON.parse(m) as Notice);
}

test("each move of the order reaches the shopper's push subscription, decrypted, in order", async ({ page, request }, info) => {
  test.setTimeout(90_000);
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password);
  const staff = { Authorization: `Bearer ${await apiLogin(request, "staff@example.com", "Staff@12345")}` };
  const product = await ownProduct(request, admin, info, { name: "Push Paneer", stock: 5, price: 90 });
  const shopper = await newShopper(page.request, info, { prefix: "push" });

  const subscription = await pushSubscription(request);
  const registered = await request.post("/api/push/subscribe", {
    headers: shopper.headers,
    data: { endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys },
  });
  expect(registered.status(), await registered.text()).toBe(200);

  const notices = () => received(request, subscription.clientHash);
  /** Waits for the next notice and returns it: each move waits for the one before, so order is kept. */
  let seen = 0;
  const next = async () => {
    await expect.poll(async () => (await notices()).length, { timeout: 20_000 }).toBe(seen + 1);
    return (await notices())[seen++];
  };

  /** A cash order of one unit (each its own Idempotency-Key: the same basket twice is two orders here). */
  const placeOrder = async () => {
    const res = await request.post("/api/order/cash-on-delivery", {
      headers: { ...shopper.headers, "Idempotency-Key": crypto.randomUUID() },
      data: { list_items: [{ productId: product._id, quantity: 1 }], addressId: shopper.addressId },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).data as { _id: string; orderId: string };
  };
  const order = await placeOrder();
  const url = `/dashboard/myorders/${order._id}`;
  expect(await next()).toEqual({ title: "Order placed", body: expect.stringContaining(order.orderId), url, tag: `order-${order._id}` });

  const move = async (path: string, data: Record<string, unknown>) => {
    const res = await request.post(path, { headers: staff, data: { _id: order._id, ...data } });
    expect(res.status(), await res.text()).toBe(200);
  };
  // The line is confirmed first (decision 042): nothing is picked until it is.
  await move("/api/order/pick/confirm", { productId: product._id, manual: true });
  await move("/api/order/pick", { lines: [{ productId: product._id, picked: 1 }] });
  expect(await next()).toMatchObject({ title: "Order packed", body: expect.stringContaining(order.orderId), url });

  // Ready for pickup sends nothing of its own: the next notice is the dispatch, with the code.
  await move("/api/order/ready", {});
  await move("/api/order/dispatch", { rider: { name: "Imran", phone: "9811122233" } });
  const details = await page.request.get(`/api/order/details?_id=${order._id}`, { headers: shopper.headers });
  const code = (await details.json()).data.deliveryCode as string;
  expect(code).toMatch(/^\d{4}$/);
  const dispatched = await next();
  expect(dispatched).toMatchObject({ title: "Out for delivery", url });
  expect(dispatched.body).toContain(`delivery code ${code}`);

  await move("/api/order/deliver", { code });
  expect(await next()).toMatchObject({ title: "Delivered", body: expect.stringContaining(order.orderId), url });

  // A second order, cancelled by the shopper: told too.
  const second = await placeOrder();
  expect(await next()).toMatchObject({ title: "Order placed", url: `/dashboard/myorders/${second._id}` });
  expect((await request.post("/api/order/cancel", { headers: shopper.headers, data: { _id: second._id } })).status()).toBe(200);
  expect(await next()).toEqual({
    title: "Order cancelled",
    body: expect.stringContaining(second.orderId),
    url: `/dashboard/myorders/${second._id}`,
    tag: `order-${second._id}`,
  });

  // Turned off: the next order's notice never reaches the push service; the marker that comes after
  // it (a notice to a second subscription of the same shopper) proves the queue got that far.
  const marker = await pushSubscription(request);
  expect((await request.post("/api/push/unsubscribe", { headers: shopper.headers, data: { endpoint: subscription.endpoint } })).status()).toBe(200);
  expect((await request.post("/api/push/subscribe", { headers: shopper.headers, data: { endpoint: marker.endpoint, keys: marker.keys } })).status()).toBe(200);
  await placeOrder();
  await expect.poll(async () => (await received(request, marker.clientHash)).length, { timeout: 20_000 }).toBe(1);
  expect(await notices()).toHaveLength(seen);

  // Push needs JavaScript: without it the order page offers no button.
  await page.goto(url);
  await expect(page.getByTestId("order-status")).toHaveText("Delivered");
  if (isNoJs(info)) await expect(page.getByRole("button", { name: "Notify me when my order moves" })).toHaveCount(0);
});
