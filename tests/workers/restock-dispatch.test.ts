import type { AppLoadContext } from "@remix-run/cloudflare";
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { dispatchRestocks, notifyUpkeep, RESTOCK_RETENTION_MS, type NotifyMessage, type NotifySender } from "../../app/server/notify/delivery.server";
import { adminCookie, formOf, pagePost } from "../security/support-admin";
import { api, login, newShopper, randomIp, VALID_ADDRESS } from "./api-client";
import { BASE } from "./fixtures";

/**
 * "Notify me" dispatch (decision 032): the write that raises stock from 0 claims the restock its
 * own batch recorded and hands it to the queue after answering; no other request asks D1 anything
 * about restocks; the cron prunes restock rows handed on long ago.
 */

let adminToken: string;
let adminPage: string;
beforeAll(async () => {
  [adminToken, adminPage] = await Promise.all([login("admin@example.com", "Admin@12345"), adminCookie()]);
});

const context = { cloudflare: { env } } as unknown as AppLoadContext;
const hex = () => crypto.getRandomValues(new Uint8Array(12)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "");
const nowhere: NotifySender = { async sendBatch() {} };

// Rows left pending by other tests are handed on (to nowhere) first, so each test sees its own.
beforeEach(async () => {
  await dispatchRestocks(context, nowhere);
});

// Real prefixes (Mizoram): an address takes its place from the pincode table (decision 035).
let nextPincode = 796_001;
async function newStore() {
  const id = hex();
  const pincode = nextPincode++;
  await env.DB.batch([
    env.DB.prepare("insert into stores (id, name, address, city, base_delivery_minutes) values (?, ?, 'Plot 1', 'Pune', 12)").bind(
      id,
      `Dispatch Store ${id.slice(0, 6)}`,
    ),
    env.DB.prepare("insert into store_pincode_ranges (store_id, from_pincode, to_pincode) values (?, ?, ?)").bind(id, pincode, pincode),
  ]);
  return { id, pincode: String(pincode) };
}

async function newProduct(name: string) {
  const id = hex();
  const refs = (await env.DB.prepare("select category_id as c, sub_category_id as s from sub_category_categories limit 1").first<{ c: string; s: string }>())!;
  await env.DB.batch([
    env.DB.prepare("insert into products (id, name, unit, price) values (?, ?, '200 g', 10000)").bind(id, `${name} ${id.slice(0, 6)}`),
    env.DB.prepare("insert into product_images (product_id, position, url) values (?, 0, '/images/seed/milk.webp')").bind(id),
    env.DB.prepare("insert into product_categories (product_id, category_id) values (?, ?)").bind(id, refs.c),
    env.DB.prepare("insert into product_sub_categories (product_id, sub_category_id) values (?, ?)").bind(id, refs.s),
  ]);
  return { id, name: `${name} ${id.slice(0, 6)}`, refs };
}

/** A shopper waiting for the product at the store serving `pincode`. */
async function waitFor(productId: string, pincode: string) {
  const shopper = await newShopper();
  const res = await api("/api/product/notify-me", {
    method: "POST",
    token: shopper.token,
    body: { productId, pincode },
    headers: { "CF-Connecting-IP": randomIp() },
  });
  expect(res.status).toBe(201);
}

/**
 * One request through the Worker with every SQL statement it prepares recorded and a queue that
 * records what it is sent. Returns once the request's waitUntil work has finished: anything the
 * request would hand on has been handed on by then.
 */
async function observed(path: string, init: RequestInit) {
  const statements: string[] = [];
  const sent: NotifyMessage[] = [];
  const recording = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, property) {
        if (property === "prepare")
          return (query: string) => {
            statements.push(query);
            return (t as unknown as D1Database).prepare(query);
          };
        if (property === "withSession") return (start?: string) => recording((t as unknown as D1Database).withSession(start));
        const value = Reflect.get(t, property) as unknown;
        return typeof value === "function" ? value.bind(t) : value;
      },
    });
  const queue = {
    async send(body: NotifyMessage) {
      sent.push(body);
    },
    async sendBatch(messages: Iterable<MessageSendRequest<NotifyMessage>>) {
      for (const m of messages) sent.push(m.body);
    },
  };
  const testEnv = new Proxy(env, {
    get(t, property) {
      if (property === "DB") return recording(t.DB);
      if (property === "NOTIFY_QUEUE") return queue;
      return Reflect.get(t, property) as unknown;
    },
  });
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`${BASE}${path}`, { redirect: "manual", ...init }) as never, testEnv, ctx);
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, body, statements, sent };
}

const pageForm = (fields: Record<string, string>, cookie: string): RequestInit => ({
  method: "POST",
  headers: { Origin: BASE, Host: new URL(BASE).host, "CF-Connecting-IP": randomIp(), Cookie: cookie },
  body: formOf(fields),
});
const apiJson = (method: string, body: unknown, token?: string): RequestInit => ({
  method,
  headers: { "Content-Type": "application/json", "CF-Connecting-IP": randomIp(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});

/** The product's restock rows at the store. */
const restocksOf = async (productId: string, storeId: string) =>
  (
    await env.DB.prepare("select id, queued_at from restock_events where product_id = ? and store_id = ? order by id")
      .bind(productId, storeId)
      .all<{ id: number; queued_at: number | null }>()
  ).results;

const defaultStore = async () =>
  (await env.DB.prepare(
    "select s.id, min(r.from_pincode) as pincode from stores s join store_pincode_ranges r on r.store_id = s.id where s.is_default = 1 group by s.id",
  ).first<{ id: string; pincode: number }>())!;

describe("the write that raises stock hands its restock to the queue", { timeout: 60_000 }, () => {
  const editPath = (id: string) => `/dashboard/product?${new URLSearchParams({ dialog: "edit-product", id })}`;

  type Observed = Awaited<ReturnType<typeof observed>>;
  const writers: { name: string; write: (p: Awaited<ReturnType<typeof newProduct>>, store: { id: string; pincode: string }) => Promise<Observed> }[] = [
    {
      name: "the product form's units received",
      write: async (p, store) => observed(editPath(p.id), pageForm({ intent: "add-store-stock", id: p.id, store: store.id, delta: "5" }, adminPage)),
    },
    {
      name: "the product form's stock set given the stock seen",
      write: async (p, store) => observed(editPath(p.id), pageForm({ intent: "set-store-stock", id: p.id, store: store.id, stock: "4", seen: "0" }, adminPage)),
    },
    {
      name: "/api/store/stock-sync",
      write: async (p, store) => observed("/api/store/stock-sync", apiJson("POST", { storeId: store.id, rows: [{ productId: p.id, stock: 12 }] }, adminToken)),
    },
    {
      name: "the CSV import's confirm",
      write: async (p, store) => {
        const path = `/dashboard/stores/${store.id}/stock`;
        const previewed = await pagePost(path, formOf({ intent: "preview", csv: `product,stock\n${p.id},9\n` }), { cookie: adminPage });
        expect(previewed.status).toBe(303);
        const importId = /[?&]import=([0-9a-f]{24})$/.exec(previewed.headers.get("Location")!)![1];
        return observed(`${path}?import=${importId}`, pageForm({ intent: "confirm", importId }, adminPage));
      },
    },
  ];

  for (const { name, write } of writers) {
    it(name, async () => {
      const store = await newStore();
      const product = await newProduct("Dispatch Ghee");
      await waitFor(product.id, store.pincode);
      const { response, body, sent } = await write(product, store);
      expect(response.status, body).toBeLessThan(400);
      const rows = await restocksOf(product.id, store.id);
      expect(rows).toHaveLength(1);
      expect(rows[0].queued_at).not.toBeNull();
      expect(sent).toContainEqual({ kind: "restock", restockId: rows[0].id });
    });
  }

  it("/api product update (the default store's stock given the stock seen)", async () => {
    const store = await defaultStore();
    const product = await newProduct("Dispatch Dal");
    await waitFor(product.id, String(store.pincode));
    const { version } = (await env.DB.prepare("select version from products where id = ?").bind(product.id).first<{ version: number }>())!;
    const { response, sent } = await observed(
      "/api/product/update-product-details",
      apiJson(
        "PUT",
        {
          _id: product.id,
          version,
          name: product.name,
          image: ["/images/seed/milk.webp"],
          category: [product.refs.c],
          subCategory: [product.refs.s],
          unit: "200 g",
          price: 100,
          discount: 0,
          description: "Lentils.",
          stock: 7,
          stockSeen: 0,
        },
        adminToken,
      ),
    );
    expect(response.status).toBe(200);
    const rows = await restocksOf(product.id, store.id);
    expect(rows).toHaveLength(1);
    expect(sent).toContainEqual({ kind: "restock", restockId: rows[0].id });
  });

  it("a raise nobody waits for records and sends nothing", async () => {
    const store = await newStore();
    const product = await newProduct("Dispatch Unwanted");
    const { response, sent } = await observed(
      editPath(product.id),
      pageForm({ intent: "add-store-stock", id: product.id, store: store.id, delta: "5" }, adminPage),
    );
    expect(response.status).toBe(303);
    expect(await restocksOf(product.id, store.id)).toEqual([]);
    expect(sent).toEqual([]);
  });
});

describe("other requests ask nothing about restocks", { timeout: 60_000 }, () => {
  /** A restock written straight to D1 (no request hands it on): pending until the cron. */
  async function pendingRestock() {
    const store = await newStore();
    const product = await newProduct("Pending Poha");
    await waitFor(product.id, store.pincode);
    await env.DB.prepare("insert into store_stock (store_id, product_id, stock) values (?, ?, 3)").bind(store.id, product.id).run();
    const rows = await restocksOf(product.id, store.id);
    expect(rows).toEqual([{ id: expect.any(Number), queued_at: null }]);
    return { store, product };
  }

  it("a refused (4xx) POST and an unrelated POST prepare no statement on restock_events and send nothing", async () => {
    const { store, product } = await pendingRestock();
    const shopper = await newShopper();
    const refused = await observed("/api/cart/create", apiJson("POST", { productId: "not-an-id" }, shopper.token));
    expect(refused.response.status).toBeGreaterThanOrEqual(400);
    expect(refused.response.status).toBeLessThan(500);
    const unrelated = await observed("/api/address/create", apiJson("POST", { ...VALID_ADDRESS, pincode: store.pincode }, shopper.token));
    expect(unrelated.response.status).toBeLessThan(300);
    const login = await observed("/api/user/login", apiJson("POST", { email: shopper.email, password: "Test@12345" }));
    expect(login.response.status).toBe(200);
    for (const { statements, sent } of [refused, unrelated, login]) {
      // The request did reach D1 (the observation sees its statements), but none about restocks.
      expect(statements.length).toBeGreaterThan(0);
      expect(statements.filter((q) => /restock_events/.test(q))).toEqual([]);
      expect(sent).toEqual([]);
    }
    // Still pending: the cron is the one to hand it on.
    expect((await restocksOf(product.id, store.id))[0].queued_at).toBeNull();
    const handed: NotifyMessage[] = [];
    expect(await dispatchRestocks(context, { sendBatch: async (ms) => void handed.push(...[...ms].map((m) => m.body)) })).toBeGreaterThan(0);
    expect(handed).toContainEqual({ kind: "restock", restockId: (await restocksOf(product.id, store.id))[0].id });
  });
});

describe("the cron prunes restock rows", () => {
  it(`removes rows handed on more than ${RESTOCK_RETENTION_MS / 86_400_000} days ago, keeps recent ones and pending ones`, async () => {
    const now = Date.now();
    const insert = (createdAt: number, queuedAt: number | null) =>
      env.DB.prepare("insert into restock_events (store_id, product_id, stock, created_at, queued_at) values ('s', ?, 1, ?, ?) returning id")
        .bind(hex(), createdAt, queuedAt)
        .first<{ id: number }>();
    const day = 24 * 60 * 60 * 1000;
    const old = (await insert(now - RESTOCK_RETENTION_MS - day, now - RESTOCK_RETENTION_MS - day))!.id;
    const recent = (await insert(now - RESTOCK_RETENTION_MS + day, now - RESTOCK_RETENTION_MS + day))!.id;
    const yesterday = (await insert(now - day, now - day))!.id;
    const oldPending = (await insert(now - RESTOCK_RETENTION_MS - day, null))!.id;
    const result = await notifyUpkeep(context, now);
    expect(result.pruned).toBeGreaterThanOrEqual(1);
    const left = (
      await env.DB.prepare("select id from restock_events where id in (?, ?, ?, ?) order by id").bind(old, recent, yesterday, oldPending).all<{ id: number }>()
    ).results.map((r) => r.id);
    // The old pending row is handed on by this run (not pruned before it was), and pruned later.
    expect(left).toEqual([recent, yesterday, oldPending]);
  });
});
