/**
 * Reads that join tables with same-named columns (`users.name` and `stores.name`, `users.mobile`):
 * D1 returns a batch's rows keyed by column name, so two columns of one name would overwrite each
 * other and every later column would shift into the wrong field. A shopper, a rider and a store
 * whose names, phones and notes all differ must each appear in their own place on every staff and
 * admin view of the order, and "Needs attention" must show exactly when the order is flagged.
 */
import { env, SELF } from "cloudflare:test";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { stores, storeStaff, users } from "~/db/schema";
import { storeStockSummary } from "../../app/server/catalogue/admin-options.server";
import { getDb } from "../../app/server/db/db.server";
import { api, login, makeProduct, randomIp, VALID_ADDRESS } from "./api-client";
import { BASE } from "./fixtures";
import { completedEvent, sendWebhook, sessionCookie } from "../security/support-pay";
import { confirmAllLines } from "./pick-support";

const PASSWORD = "Test@12345";
const tag = crypto.randomUUID().slice(0, 6);
const SHOPPER = { name: `Asha Shopper ${tag}`, mobile: "9876543210", email: `asha-${tag}@example.com` };
const RIDER = { name: `Ravi Rider ${tag}`, mobile: "9000000002", email: `ravi-${tag}@example.com` };
/** The delivery address's own phone, apart from the shopper's account phone. */
const ADDRESS_MOBILE = VALID_ADDRESS.mobile;

let admin: string;
let storeId: string;
let storeName: string;
let shopper: string;
let rider: { token: string; id: string; cookie: string };

/** An account with its own name and phone (the phone set as the profile would). */
async function account({ name, mobile, email }: { name: string; mobile: string; email: string }) {
  const res = await api("/api/user/register", {
    method: "POST",
    body: { name, email, password: PASSWORD, confirmPassword: PASSWORD },
    headers: { "CF-Connecting-IP": randomIp() },
  });
  expect(res.status).toBeLessThan(300);
  const row = await env.DB.prepare("update users set mobile = ? where email = ? returning id").bind(mobile, email).first<{ id: string }>();
  return { id: row!.id, token: await login(email, PASSWORD) };
}

/** Page text as a reader sees it: scripts, tags and React's text separators out, spaces collapsed. */
function textOf(html: string) {
  return html
    .replace(/<script[^>]*>[\s\S]*?<\/script>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]*>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** The part of `html` from the `open` tag that contains `needle` up to the next such tag. */
function sectionOf(html: string, open: string, needle: string) {
  const part = html
    .split(open)
    .slice(1)
    .find((p) => p.includes(needle));
  expect(part, `${open} with ${needle}`).toBeDefined();
  return textOf(open + part!);
}

async function page(path: string, cookie: string) {
  const res = await SELF.fetch(`${BASE}${path}`, { headers: { Cookie: cookie } });
  expect(res.status, path).toBe(200);
  return res.text();
}

beforeAll(async () => {
  admin = await login("admin@example.com", "Admin@12345");
  ({ id: storeId, name: storeName } = (await env.DB.prepare("select id, name from stores where is_default = 1").first<{ id: string; name: string }>())!);
  shopper = (await account(SHOPPER)).token;
  const r = await account(RIDER);
  expect((await api("/api/store/staff", { method: "POST", token: admin, body: { storeId, email: RIDER.email } })).status).toBe(200);
  rider = { ...r, cookie: await sessionCookie(RIDER.email) };
  // Every name differs from every other, and so does every phone: a value in the wrong place shows.
  expect(new Set([SHOPPER.name, RIDER.name, storeName]).size).toBe(3);
  expect(new Set([SHOPPER.mobile, RIDER.mobile, ADDRESS_MOBILE]).size).toBe(3);
});

/** An online "Call me" order, paid with a payment Stripe will not refund (`pi_refuse…`). */
async function callMeOrder(productId: string) {
  const address = await api("/api/address/create", { method: "POST", token: shopper, body: VALID_ADDRESS });
  expect(address.status).toBe(201);
  const res = await api("/api/order/checkout", {
    method: "POST",
    token: shopper,
    body: { list_items: [{ productId, quantity: 2 }], addressId: address.body.data._id, replacementPreference: "call" },
  });
  expect(res.status).toBe(200);
  const order = (await env.DB.prepare("select id, order_id as number from orders where stripe_session_id = ?")
    .bind(res.body.id)
    .first<{ id: string; number: string }>())!;
  const pi = `pi_refuse_${crypto.randomUUID().replace(/-/g, "")}`;
  expect((await sendWebhook(await completedEvent(res.body.id, { payment_intent: pi }))).status).toBe(200);
  return order;
}

describe("an order's shopper, rider and store, each in its own place", () => {
  it("on the staff order page, the queue, the admin board and their /api answers; Needs attention once flagged", async () => {
    const product = await makeProduct({ stock: 6, price: 60 });
    const order = await callMeOrder(product.id);
    const orderPage = `/dashboard/stores/${storeId}/queue/${order.id}`;

    // Not flagged yet: no "Needs attention" anywhere staff look.
    let text = textOf(await page(orderPage, rider.cookie));
    expect(text).toContain(`Shopper: ${SHOPPER.name}, ${SHOPPER.mobile}`);
    expect(text).not.toContain("Needs attention");
    expect(sectionOf(await page(`/dashboard/stores/${storeId}/queue`, rider.cookie), "<tr", order.number)).not.toContain("Needs attention");

    // A short pick whose refund Stripe refuses flags the order; then it goes out with the rider.
    await confirmAllLines(order.id);
    const picked = await api("/api/order/pick", { method: "POST", token: rider.token, body: { _id: order.id, lines: [{ productId: product.id, picked: 1 }] } });
    expect(picked.status).toBe(200);
    expect(picked.body.refund).toBe("failed");
    expect((await api("/api/order/ready", { method: "POST", token: rider.token, body: { _id: order.id } })).status).toBe(200);
    const dispatched = await api("/api/order/dispatch", { method: "POST", token: rider.token, body: { _id: order.id, rider: { userId: rider.id } } });
    expect(dispatched.status).toBe(200);
    expect(dispatched.body.data).toMatchObject({
      rider: RIDER.name,
      needs_attention: true,
      attention_note: expect.stringMatching(/^Stripe refused the refund of a short pick/),
    });

    // The staff order page: the shopper's name and phone, the rider's name and phone, the address's phone, the flag and its note.
    text = textOf(await page(orderPage, rider.cookie));
    expect(text).toContain(`Shopper: ${SHOPPER.name}, ${SHOPPER.mobile}`);
    expect(text).toContain(`Rider: ${RIDER.name}, ${RIDER.mobile}`);
    expect(text).toContain(`Deliver to (Home) ${ADDRESS_MOBILE}`);
    expect(text).toMatch(/Needs attention: Stripe refused the refund of a short pick/);
    expect(text).toContain(`Out for delivery with ${RIDER.name}`);

    // The store's queue, as a page and over /api.
    expect(sectionOf(await page(`/dashboard/stores/${storeId}/queue`, rider.cookie), "<tr", order.number)).toContain("Needs attention");
    const queue = await api(`/api/store/queue?storeId=${storeId}`, { token: rider.token });
    expect(queue.status).toBe(200);
    expect(queue.body.data.store.name).toBe(storeName);
    expect(queue.body.data.orders.find((o: { _id: string }) => o._id === order.id)).toMatchObject({ orderId: order.number, needs_attention: true });

    // The admin board (searched by the order number and under "Needs attention") and its /api.
    const adminCookie = await sessionCookie("admin@example.com", "Admin@12345");
    for (const path of [`/dashboard/orders?q=${order.number}`, `/dashboard/orders?status=attention&q=${order.number}`]) {
      const card = sectionOf(await page(path, adminCookie), "<article", order.number);
      expect(card).toContain(`Shopper ${SHOPPER.name} · ${SHOPPER.email}`);
      expect(card).toContain(`Store ${storeName}`);
      expect(card).toContain(`· ${ADDRESS_MOBILE}`);
      expect(card).toMatch(/Needs attention: Stripe refused the refund of a short pick/);
      expect(card).toContain(`by ${RIDER.name} (Out for delivery with ${RIDER.name})`);
    }
    const list = await api(`/api/order/admin/list?q=${order.number}`, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({
        _id: order.id,
        rider: RIDER.name,
        needs_attention: true,
        shopper: { name: SHOPPER.name, email: SHOPPER.email, mobile: SHOPPER.mobile },
      }),
    ]);
  });
});

describe("a batch that would read two columns of one name", () => {
  const db = () => getDb({ cloudflare: { env } } as unknown as AppLoadContext);
  /** The rider of beforeAll is staff of the default store: at least one row. */
  const staffWithStore = () =>
    db()
      .select({ person: users.name, store: stores.name, since: storeStaff.createdAt })
      .from(storeStaff)
      .innerJoin(users, eq(users.id, storeStaff.userId))
      .innerJoin(stores, eq(stores.id, storeStaff.storeId))
      .where(eq(users.email, RIDER.email));

  it("is refused instead of handing back shifted rows", async () => {
    await expect(db().batch([staffWithStore()])).rejects.toThrow(/share a name/);
    // Outside a batch Drizzle reads rows as arrays, by position: the same select is right there.
    expect(await staffWithStore()).toEqual([{ person: RIDER.name, store: storeName, since: expect.any(Number) }]);
  });

  it("is refused when a column's name reads as a number (JavaScript lists such keys first)", async () => {
    const numbered = db()
      .select({ person: users.name, one: sql<number>`1` })
      .from(users)
      .where(eq(users.email, RIDER.email));
    await expect(db().batch([numbered])).rejects.toThrow(/reads as a number/);
  });

  it("reads the same select with its columns named apart", async () => {
    const named = db()
      .select({ person: users.name, store: sql<string>`${stores.name}`.as("store_name"), since: storeStaff.createdAt })
      .from(storeStaff)
      .innerJoin(users, eq(users.id, storeStaff.userId))
      .innerJoin(stores, eq(stores.id, storeStaff.storeId))
      .where(eq(users.email, RIDER.email));
    const [rows] = await db().batch([named]);
    expect(rows).toEqual([{ person: RIDER.name, store: storeName, since: expect.any(Number) }]);
  });
});

describe("the product page's stock across stores", () => {
  it("totals each in its own field, with and without a search (two counts, one expression)", async () => {
    const product = await makeProduct({ stock: 7, price: 40 });
    const context = { cloudflare: { env } } as unknown as AppLoadContext;
    const all = await env.DB.prepare("select count(*) as n, coalesce(sum(active = 1), 0) as active from stores").first<{ n: number; active: number }>();
    // Only the default store has stock (7): every other active store is out of it.
    const expected = { stores: all!.n, units: 7, outOfStock: all!.active - 1 };
    const whole = await storeStockSummary(context, product.id, { search: "", page: 1 });
    expect(whole.totals).toEqual(expected);
    expect(whole.totalPages).toBe(Math.ceil(all!.n / 10));
    const one = await storeStockSummary(context, product.id, { search: storeName, page: 1 });
    expect(one.totals).toEqual(expected);
    expect(one.stores.map((s) => [s.name, s.stock])).toEqual([[storeName, 7]]);
  });
});
