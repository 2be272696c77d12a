/**
 * Live order updates (decision 028): the channels' authorisation, a change reaching every connected
 * page through the Durable Objects, and a publish that fails leaving the order's write alone.
 */
import { env, SELF } from "cloudflare:test";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { api, login, makeProduct, newShopper, VALID_ADDRESS } from "./api-client";
import { BASE } from "./fixtures";
import { moveOrder } from "../../app/server/orders/fulfilment.server";
import { completedEvent, sendWebhook } from "../security/support-pay";

let admin: string;
let adminId: string;
beforeAll(async () => {
  admin = await login("admin@example.com", "Admin@12345");
  adminId = (await env.DB.prepare("select id from users where email = 'admin@example.com'").first<{ id: string }>())!.id;
});

async function codOrder(token: string) {
  const address = await api("/api/address/create", { method: "POST", token, body: VALID_ADDRESS });
  const product = await makeProduct({ stock: 10, price: 50 });
  const res = await api("/api/order/cash-on-delivery", {
    method: "POST",
    token,
    body: { list_items: [{ productId: product.id, quantity: 1 }], addressId: address.body.data._id },
  });
  expect(res.status).toBe(201);
  const id = res.body.data._id as string;
  const { storeId } = (await env.DB.prepare("select store_id as storeId from orders where id = ?").bind(id).first<{ storeId: string }>())!;
  return { id, storeId };
}

function connect(path: string, { token, headers = {} }: { token?: string; headers?: Record<string, string> } = {}) {
  return SELF.fetch(`${BASE}${path}`, { headers: { Upgrade: "websocket", ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers } });
}

/** An open socket and the messages it has received so far. */
async function listen(path: string, token: string) {
  const res = await connect(path, { token });
  expect(res.status).toBe(101);
  const socket = res.webSocket!;
  socket.accept();
  const messages: { type: string; orderId: string; status: string }[] = [];
  socket.addEventListener("message", (event) => {
    if (event.data !== "pong") messages.push(JSON.parse(event.data as string));
  });
  return { socket, messages };
}

async function until(check: () => boolean, ms = 2000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const move = (id: string, status: string) => api("/api/order/admin/update-status", { method: "POST", token: admin, body: { _id: id, status } });

describe("live channels", () => {
  it("one order change reaches every connected page: the shopper's two tabs, the store's queue and the admin board", { timeout: 20_000 }, async () => {
    const shopper = await newShopper();
    const { id, storeId } = await codOrder(shopper.token);
    const pages = [
      await listen(`/live/order/${id}`, shopper.token),
      await listen(`/live/order/${id}`, shopper.token),
      await listen(`/live/store/${storeId}`, admin),
      await listen("/live/stores", admin),
    ];
    expect((await move(id, "packed")).status).toBe(200);
    await until(() => pages.every((page) => page.messages.length > 0));
    for (const page of pages) expect(page.messages).toEqual([{ type: "order", orderId: id, status: "packed", at: expect.any(Number) }]);

    // A cancel made by the shopper is pushed the same way; a keep-alive is answered.
    const other = await codOrder(shopper.token);
    const tab = await listen(`/live/order/${other.id}`, shopper.token);
    const pong = new Promise((resolve) => tab.socket.addEventListener("message", (event) => event.data === "pong" && resolve(true)));
    tab.socket.send("ping");
    expect(await pong).toBe(true);
    const cancelled = await api("/api/order/cancel", { method: "POST", token: shopper.token, body: { _id: other.id } });
    expect(cancelled.status).toBe(200);
    await until(() => tab.messages.some((m) => m.status === "cancelled"));
    // The first order's pages heard nothing of the second order.
    expect(pages[0].messages).toHaveLength(1);
    for (const page of [...pages, tab]) page.socket.close();
  });

  it("placing an order (cash or online) and Stripe's payment are pushed to the store's channel", { timeout: 20_000 }, async () => {
    const board = await listen("/live/stores", admin);
    const shopper = await newShopper();
    const cash = await codOrder(shopper.token);
    await until(() => board.messages.some((m) => m.orderId === cash.id && m.status === "placed"));

    const address = await api("/api/address/create", { method: "POST", token: shopper.token, body: VALID_ADDRESS });
    const product = await makeProduct({ stock: 5, price: 80 });
    const checkout = await api("/api/order/checkout", {
      method: "POST",
      token: shopper.token,
      body: { list_items: [{ productId: product.id, quantity: 1 }], addressId: address.body.data._id },
    });
    expect(checkout.status).toBe(200);
    const { id, storeId } = (await env.DB.prepare("select id, store_id as storeId from orders where stripe_session_id = ?")
      .bind(checkout.body.id)
      .first<{ id: string; storeId: string }>())!;
    await until(() => board.messages.some((m) => m.orderId === id && m.status === "placed"));
    const queue = await listen(`/live/store/${storeId}`, admin);
    const hook = await sendWebhook(await completedEvent(checkout.body.id, { payment_intent: `pi_live_${id}` }));
    expect(hook.status).toBe(200);
    await until(() => queue.messages.some((m) => m.orderId === id && m.status === "paid"));
    board.socket.close();
    queue.socket.close();
  });

  it("pages may connect to their own origin's WebSocket (connect-src)", async () => {
    const res = await SELF.fetch(`${BASE}/`);
    await res.body?.cancel();
    expect(res.headers.get("Content-Security-Policy")).toMatch(/connect-src 'self' ws:\/\/store\.test[ ;]/);
  });

  it("lets in the order's shopper, that store's staff and admins; refuses guests, other shoppers, other stores' staff and other sites", async () => {
    const shopper = await newShopper();
    const stranger = await newShopper();
    const { id, storeId } = await codOrder(shopper.token);
    const otherStore = (await env.DB.prepare("select id from stores where id <> ? limit 1").bind(storeId).first<{ id: string }>())!.id;
    const staffOf = async (store: string) => {
      const user = await newShopper();
      await env.DB.prepare("insert into store_staff (user_id, store_id) select id, ? from users where email = ?").bind(store, user.email).run();
      return user.token;
    };
    const ourStaff = await staffOf(storeId);
    const theirStaff = await staffOf(otherStore);
    const statusOf = async (path: string, options: Parameters<typeof connect>[1] = {}) => {
      const res = await connect(path, options);
      if (res.webSocket) {
        res.webSocket.accept();
        res.webSocket.close();
      } else await res.body?.cancel();
      return res.status;
    };
    expect(await statusOf(`/live/order/${id}`)).toBe(401);
    expect(await statusOf(`/live/order/${id}`, { token: stranger.token })).toBe(404);
    expect(await statusOf(`/live/order/${"0".repeat(24)}`, { token: admin })).toBe(404);
    expect(await statusOf(`/live/order/not-an-id`, { token: admin })).toBe(404);
    expect(await statusOf(`/live/store/${storeId}`, { token: shopper.token })).toBe(403);
    expect(await statusOf(`/live/order/${id}`, { token: theirStaff })).toBe(404);
    expect(await statusOf(`/live/store/${storeId}`, { token: theirStaff })).toBe(403);
    expect(await statusOf("/live/stores", { token: ourStaff })).toBe(403);
    expect(await statusOf(`/live/order/${id}`, { token: ourStaff })).toBe(101);
    expect(await statusOf(`/live/store/${storeId}`, { token: ourStaff })).toBe(101);
    expect(await statusOf(`/live/store/${otherStore}`, { token: theirStaff })).toBe(101);
    expect(await statusOf("/live/stores", { token: shopper.token })).toBe(403);
    expect(await statusOf(`/live/order/${id}`, { token: shopper.token, headers: { Origin: "https://evil.example" } })).toBe(403);
    expect(await statusOf(`/live/order/${id}`, { token: shopper.token })).toBe(101);
    expect(await statusOf(`/live/order/${id}`, { token: admin })).toBe(101);
    expect(await statusOf(`/live/store/${storeId}`, { token: admin })).toBe(101);
    // Not a WebSocket: told so, and never cached.
    const plain = await SELF.fetch(`${BASE}/live/order/${id}`, { headers: { Authorization: `Bearer ${shopper.token}` } });
    expect(plain.status).toBe(426);
    expect(plain.headers.get("Cache-Control")).toBe("no-store");
    await plain.body?.cancel();
    const post = await SELF.fetch(`${BASE}/live/order/${id}`, { method: "POST", headers: { Authorization: `Bearer ${shopper.token}` } });
    expect(post.status).toBe(405);
    await post.body?.cancel();
  });

  it("a publish that fails is logged, and the order's write stands", async () => {
    const shopper = await newShopper();
    const { id, storeId } = await codOrder(shopper.token);
    const pending: Promise<unknown>[] = [];
    const errors = vi.spyOn(console, "error");
    const brokenNamespaces = {
      throwing: { idFromName: () => ({}), get: () => ({ fetch: () => Promise.reject(new Error("Durable Object unavailable")) }) },
      refusing: {
        idFromName: () => {
          throw new Error("no such namespace");
        },
      },
    };
    let version = 0;
    for (const [i, LIVE] of Object.values(brokenNamespaces).entries()) {
      const context = { cloudflare: { env: { ...env, LIVE }, ctx: { waitUntil: (p: Promise<unknown>) => void pending.push(p) } } } as unknown as AppLoadContext;
      const to = i === 0 ? "packed" : "ready";
      const result = await moveOrder(context, { id, to, actor: { id: adminId, as: "admin" }, expectedVersion: version++ });
      expect(result.message).toMatch(/is now/);
      const row = await env.DB.prepare("select status, store_id as storeId from orders where id = ?").bind(id).first();
      expect(row).toEqual({ status: to, storeId });
    }
    // The namespace that throws at once sends nothing and logs at once; the other hands its three
    // sends (order, store, all stores) to waitUntil as one promise that settles, never rejects.
    expect(await Promise.all(pending)).toEqual([undefined]);
    const logged = errors.mock.calls.filter((call) => call[0] === "live: could not publish order change" && call[1] === id);
    expect(logged.map((call) => `${call[2]}: ${call[3]}`).sort()).toEqual([
      "packed: Durable Object unavailable",
      "packed: Durable Object unavailable",
      "packed: Durable Object unavailable",
      "ready: no such namespace",
    ]);
    errors.mockRestore();
  });
});

describe("limits on live sockets", () => {
  /** The code of a socket's close event, once it comes. */
  function closed(socket: WebSocket) {
    return new Promise<number>((resolve) => socket.addEventListener("close", (event) => resolve(event.code)));
  }

  it("removing a staff member closes their store socket at once: it hears no later notice, another member's does", { timeout: 20_000 }, async () => {
    const shopper = await newShopper();
    const { storeId } = await codOrder(shopper.token);
    const removed = await newShopper();
    const kept = await newShopper();
    for (const member of [removed, kept]) {
      expect((await api("/api/store/staff", { method: "POST", token: admin, body: { storeId, email: member.email } })).status).toBe(200);
    }
    const gone = await listen(`/live/store/${storeId}`, removed.token);
    const stays = await listen(`/live/store/${storeId}`, kept.token);
    const goneClosed = closed(gone.socket);
    const res = await api("/api/store/staff", { method: "DELETE", token: admin, body: { storeId, email: removed.email } });
    expect(res.status).toBe(200);
    expect(await goneClosed).toBe(4403);
    // A change made after the removal reaches the member who stays, and never the removed one.
    const later = await codOrder(shopper.token);
    await until(() => stays.messages.some((m) => m.orderId === later.id));
    expect(gone.messages).toEqual([]);
    // Nor can they connect again.
    const again = await connect(`/live/store/${storeId}`, { token: removed.token });
    expect(again.status).toBe(403);
    await again.body?.cancel();
    stays.socket.close();
  });

  it("one user holds at most five sockets on a channel: the sixth connect is refused, others and other channels are not", { timeout: 20_000 }, async () => {
    const shopper = await newShopper();
    const { id } = await codOrder(shopper.token);
    const other = await codOrder(shopper.token);
    const sockets: WebSocket[] = [];
    for (let i = 0; i < 5; i++) sockets.push((await listen(`/live/order/${id}`, shopper.token)).socket);
    const sixth = await connect(`/live/order/${id}`, { token: shopper.token });
    expect(sixth.status).toBe(429);
    expect(await sixth.text()).toMatch(/Too many open live connections/);
    // Another channel of the same user, and another user on the same channel, still connect.
    const elsewhere = await listen(`/live/order/${other.id}`, shopper.token);
    const byAdmin = await listen(`/live/order/${id}`, admin);
    // The channel still carries the order's changes to the others.
    expect((await api("/api/order/cancel", { method: "POST", token: shopper.token, body: { _id: id } })).status).toBe(200);
    await until(() => byAdmin.messages.length > 0);
    // Closing one frees its place.
    sockets.shift()!.close();
    let reopened: Response | null = null;
    for (let i = 0; i < 100 && reopened?.status !== 101; i++) {
      reopened = await connect(`/live/order/${id}`, { token: shopper.token });
      if (reopened.status !== 101) {
        await reopened.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    expect(reopened!.status).toBe(101);
    reopened!.webSocket!.accept();
    for (const socket of [...sockets, reopened!.webSocket!, elsewhere.socket, byAdmin.socket]) socket.close();
  });

  it("20 parallel connects of one user to one channel: exactly five open", { timeout: 20_000 }, async () => {
    const shopper = await newShopper();
    const { id } = await codOrder(shopper.token);
    // A leading request first, so the burst below arrives together.
    const lead = await connect(`/live/order/${id}`, { token: shopper.token });
    expect(lead.status).toBe(101);
    lead.webSocket!.accept();
    const burst = await Promise.all(Array.from({ length: 19 }, () => connect(`/live/order/${id}`, { token: shopper.token })));
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 101)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    for (const r of burst) {
      if (r.webSocket) {
        r.webSocket.accept();
        r.webSocket.close();
      } else await r.body?.cancel();
    }
    lead.webSocket!.close();
  });

  it("a browser cannot name another user to the channel", async () => {
    const shopper = await newShopper();
    const { id } = await codOrder(shopper.token);
    const sockets: WebSocket[] = [];
    for (let i = 0; i < 5; i++) sockets.push((await listen(`/live/order/${id}`, shopper.token)).socket);
    // The header a page might send is replaced by the Worker with the caller's own id: still the sixth.
    const spoofed = await connect(`/live/order/${id}`, { token: shopper.token, headers: { "X-Live-User": "someone-else" } });
    expect(spoofed.status).toBe(429);
    await spoofed.body?.cancel();
    for (const socket of sockets) socket.close();
  });
});
