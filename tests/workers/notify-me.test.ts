import type { AppLoadContext } from "@remix-run/cloudflare";
import { createExecutionContext, createMessageBatch, createScheduledController, env, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../workers/app";
import {
  deliverRequest,
  dispatchRestocks,
  fanOut,
  FAN_OUT_PAGE,
  SEND_BATCH_MAX,
  type NotifyMessage,
  type NotifySender,
} from "../../app/server/notify/delivery.server";
import { adminCookie, formOf, pagePost } from "../security/support-admin";
import { api, login, newShopper, randomIp, VALID_ADDRESS } from "./api-client";

/**
 * "Notify me" (issue 32, decision 032): every writer of stock triggers exactly one mail per
 * waiting shopper through the queue; parallel restocks and redeliveries never mail twice; a restock
 * with 10,000 waiting is fanned out in batches of at most 100; the limits.
 */

let adminToken: string;
let adminPage: string;
beforeAll(async () => {
  [adminToken, adminPage] = await Promise.all([login("admin@example.com", "Admin@12345"), adminCookie()]);
});

const context = { cloudflare: { env } } as unknown as AppLoadContext;
const hex = () => crypto.getRandomValues(new Uint8Array(12)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Real prefixes (Manipur): an address takes its place from the pincode table (decision 035).
let nextPincode = 795_001;
/** A store of the test's own serving a pincode of its own. */
async function newStore() {
  const id = hex();
  const pincode = nextPincode++;
  const name = `Notify Store ${id.slice(0, 6)}`;
  await env.DB.batch([
    env.DB.prepare("insert into stores (id, name, address, city, base_delivery_minutes) values (?, ?, 'Plot 1', 'Pune', 12)").bind(id, name),
    env.DB.prepare("insert into store_pincode_ranges (store_id, from_pincode, to_pincode) values (?, ?, ?)").bind(id, pincode, pincode),
  ]);
  return { id, name, pincode: String(pincode) };
}

/** A product in the first sub-category, out of stock everywhere unless `stock` puts some at `store`. */
async function newProduct(name = "Notify Paneer", { store, stock = 0, price = 100 }: { store?: string; stock?: number; price?: number } = {}) {
  const id = hex();
  const fullName = `${name} ${id.slice(0, 6)}`;
  const refs = await env.DB.prepare("select category_id as c, sub_category_id as s from sub_category_categories limit 1").first<{ c: string; s: string }>();
  await env.DB.batch([
    env.DB.prepare("insert into products (id, name, unit, price) values (?, ?, '200 g', ?)").bind(id, fullName, price * 100),
    env.DB.prepare("insert into product_images (product_id, position, url) values (?, 0, '/images/seed/milk.webp')").bind(id),
    env.DB.prepare("insert into product_categories (product_id, category_id) values (?, ?)").bind(id, refs!.c),
    env.DB.prepare("insert into product_sub_categories (product_id, sub_category_id) values (?, ?)").bind(id, refs!.s),
    ...(store ? [env.DB.prepare("insert into store_stock (store_id, product_id, stock) values (?, ?, ?)").bind(store, id, stock)] : []),
  ]);
  return { id, name: fullName };
}

async function ask(productId: string, pincode: string, auth: { token: string } | { email: string }) {
  return api("/api/product/notify-me", {
    method: "POST",
    token: "token" in auth ? auth.token : undefined,
    body: { productId, pincode, ...("email" in auth ? { email: auth.email } : {}) },
    headers: { "CF-Connecting-IP": randomIp() },
  });
}

/** Two shoppers waiting for the product at the store. */
async function twoWaiting(productId: string, pincode: string) {
  const shoppers = await Promise.all([newShopper(), newShopper()]);
  for (const s of shoppers) expect((await ask(productId, pincode, s)).status).toBe(201);
  return shoppers;
}

const mailsFor = async (productName: string) =>
  (
    await env.DB.prepare('select "to", subject, text from mail_outbox where subject like ? order by created_at')
      .bind(`%${productName}`)
      .all<{ to: string; subject: string; text: string }>()
  ).results;

/**
 * Waits until the product's restocks are handed on and no request of it is being sent, then until
 * the queue has worked through everything queued so far (`queueDrained`): a mail that is not there
 * then is not coming.
 */
async function settle(productId: string, { timeoutMs = 15_000, drain = true } = {}) {
  const started = Date.now();
  for (;;) {
    const row = await env.DB.prepare(
      `select (select count(*) from restock_events where product_id = ?1 and queued_at is null) as pending,
        (select count(*) from notify_requests where product_id = ?1 and status = 'sending') as sending`,
    )
      .bind(productId)
      .first<{ pending: number; sending: number }>();
    if (!row!.pending && !row!.sending) break;
    if (Date.now() - started > timeoutMs) throw new Error(`not settled: ${JSON.stringify(row)}`);
    await sleep(100);
  }
  if (drain) await queueDrained();
}

/**
 * The event that ends a wait for mails that must NOT come: a restock of a marker product, queued
 * after everything the test queued, whose one mail must arrive. The queue hands its messages to
 * the consumer in order, one batch at a time, and the consumer handles a batch in order; so once
 * the marker's mail is in the outbox, every message queued before it (and the mail messages those
 * fanned out, queued before the marker's own) has been handled.
 */
async function queueDrained({ timeoutMs = 15_000 } = {}) {
  const store = await newStore();
  const marker = await newProduct("Queue Marker", { store: store.id, stock: 0 });
  expect((await ask(marker.id, store.pincode, { email: `marker${hex().slice(0, 8)}@example.com` })).status).toBe(202);
  await env.DB.prepare("update store_stock set stock = 1 where store_id = ? and product_id = ?").bind(store.id, marker.id).run();
  await dispatchRestocks(context);
  const started = Date.now();
  while ((await mailsFor(marker.name)).length < 1) {
    if (Date.now() - started > timeoutMs) throw new Error("the queue's marker mail never came");
    await sleep(100);
  }
}

/** Waits for `count` mails about the product (the queue delivers within ~1-3 s), then (unless `drain` is false) that no more come. */
async function expectMails(product: { id: string; name: string }, count: number, { drain = true } = {}) {
  const started = Date.now();
  while ((await mailsFor(product.name)).length < count && Date.now() - started < 15_000) await sleep(150);
  await settle(product.id, { drain });
  return mailsFor(product.name);
}

const statusesOf = async (productId: string) =>
  (await env.DB.prepare("select status from notify_requests where product_id = ? order by id").bind(productId).all<{ status: string }>()).results.map(
    (r) => r.status,
  );

async function runCron() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "*/5 * * * *", scheduledTime: Date.now() }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("each writer of stock: one mail per waiting shopper", { timeout: 90_000 }, () => {
  it("the admin's product page form (units received), and not for another store", async () => {
    const [store, other] = await Promise.all([newStore(), newStore()]);
    const product = await newProduct("Form Restock Ghee");
    const shoppers = await twoWaiting(product.id, store.pincode);
    const path = `/dashboard/product?${new URLSearchParams({ dialog: "edit-product", id: product.id })}`;
    // Restocked at another store: nobody there waits, no mail.
    expect((await pagePost(path, formOf({ intent: "add-store-stock", id: product.id, store: other.id, delta: "5" }), { cookie: adminPage })).status).toBe(303);
    await queueDrained();
    expect(await mailsFor(product.name)).toHaveLength(0);
    expect((await pagePost(path, formOf({ intent: "add-store-stock", id: product.id, store: store.id, delta: "5" }), { cookie: adminPage })).status).toBe(303);
    const mails = await expectMails(product, 2);
    expect(mails.map((m) => m.to).sort()).toEqual(shoppers.map((s) => s.email).sort());
    expect(mails[0].subject).toBe(`Back in stock at ${store.name}: ${product.name}`);
    expect(mails[0].text).toContain("while stocks last");
    expect(mails[0].text).toMatch(/\/product\/form-restock-ghee-[0-9a-f]{6}-[0-9a-f]{24}$/im);
    expect(await statusesOf(product.id)).toEqual(["sent", "sent"]);
    // A second restock later (sold out, back again) mails nobody: the requests are closed.
    await env.DB.prepare("update store_stock set stock = 0 where store_id = ? and product_id = ?").bind(store.id, product.id).run();
    expect((await pagePost(path, formOf({ intent: "add-store-stock", id: product.id, store: store.id, delta: "2" }), { cookie: adminPage })).status).toBe(303);
    expect(await expectMails(product, 2)).toHaveLength(2);
  });

  it("/api product update (stock given the stock seen)", async () => {
    const product = await newProduct("Api Restock Dal");
    const def = (await env.DB.prepare(
      "select pincode_from from (select from_pincode as pincode_from from store_pincode_ranges r join stores s on s.id = r.store_id where s.is_default = 1) limit 1",
    ).first<{ pincode_from: number }>())!;
    await twoWaiting(product.id, String(def.pincode_from));
    const row = (await env.DB.prepare("select version from products where id = ?").bind(product.id).first<{ version: number }>())!;
    const refs = await env.DB.prepare("select category_id as c, sub_category_id as s from sub_category_categories limit 1").first<{ c: string; s: string }>();
    const res = await api("/api/product/update-product-details", {
      method: "PUT",
      token: adminToken,
      body: {
        _id: product.id,
        version: row.version,
        name: product.name,
        image: ["/images/seed/milk.webp"],
        category: [refs!.c],
        subCategory: [refs!.s],
        unit: "200 g",
        price: 100,
        discount: 0,
        description: "Lentils.",
        stock: 7,
        stockSeen: 0,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await expectMails(product, 2)).toHaveLength(2);
  });

  it("/api/store/stock-sync", async () => {
    const store = await newStore();
    const product = await newProduct("Sync Restock Atta");
    await twoWaiting(product.id, store.pincode);
    const res = await api("/api/store/stock-sync", {
      method: "POST",
      token: adminToken,
      body: { storeId: store.id, rows: [{ productId: product.id, stock: 12 }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await expectMails(product, 2)).toHaveLength(2);
  });

  it("the CSV stock import (preview, confirm)", async () => {
    const store = await newStore();
    const product = await newProduct("Csv Restock Poha");
    await twoWaiting(product.id, store.pincode);
    const path = `/dashboard/stores/${store.id}/stock`;
    const previewed = await pagePost(path, formOf({ intent: "preview", csv: `product,stock\n${product.id},9\n` }), { cookie: adminPage });
    expect(previewed.status).toBe(303);
    const importId = /[?&]import=([0-9a-f]{24})$/.exec(previewed.headers.get("Location")!)![1];
    expect((await pagePost(`${path}?import=${importId}`, formOf({ intent: "confirm", importId }), { cookie: adminPage })).status).toBe(303);
    expect(await expectMails(product, 2)).toHaveLength(2);
  });

  it("a shopper's own cancelled order returning the last units: after the cool-down (decision 046)", async () => {
    const store = await newStore();
    const product = await newProduct("Cancel Restock Ragi", { store: store.id, stock: 2 });
    const buyer = await newShopper();
    const address = await api("/api/address/create", { method: "POST", token: buyer.token, body: { ...VALID_ADDRESS, pincode: store.pincode } });
    const order = await api("/api/order/cash-on-delivery", {
      method: "POST",
      token: buyer.token,
      body: { list_items: [{ productId: product.id, quantity: 2 }], addressId: address.body.data._id },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    await twoWaiting(product.id, store.pincode);
    expect((await api("/api/order/cancel", { method: "POST", token: buyer.token, body: { _id: order.body.data._id } })).status).toBe(200);
    // The cancel's batch holds the restock it recorded (not handed on by it, nor by the cron) …
    await runCron();
    const held = await env.DB.prepare("select id, queued_at as queuedAt from restock_events where product_id = ?")
      .bind(product.id)
      .first<{ id: number; queuedAt: number | null }>();
    expect(held?.queuedAt).toBeNull();
    // … until the cool-down has passed: the cron then hands it on.
    await env.DB.prepare("update restock_events set not_before = ? where id = ?")
      .bind(Date.now() - 1, held!.id)
      .run();
    await runCron();
    expect(await expectMails(product, 2)).toHaveLength(2);
  });

  it("an expired online checkout (the cron's sweep)", async () => {
    const store = await newStore();
    const product = await newProduct("Expiry Restock Jaggery", { store: store.id, stock: 1 });
    const buyer = await newShopper();
    const address = await api("/api/address/create", { method: "POST", token: buyer.token, body: { ...VALID_ADDRESS, pincode: store.pincode } });
    const res = await api("/api/order/checkout", {
      method: "POST",
      token: buyer.token,
      body: { list_items: [{ productId: product.id, quantity: 1 }], addressId: address.body.data._id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await twoWaiting(product.id, store.pincode);
    await env.DB.prepare("update orders set reservation_expires_at = ? where stripe_session_id = ?")
      .bind(Date.now() - 60 * 60 * 1000, res.body.id)
      .run();
    await runCron();
    expect(await expectMails(product, 2)).toHaveLength(2);
  });
});

describe("never twice", { timeout: 90_000 }, () => {
  it("a product sold out again before its mail goes still sends it, saying while stocks last", async () => {
    const store = await newStore();
    const product = await newProduct("Brief Restock Dal");
    const shoppers = await twoWaiting(product.id, store.pincode);
    // Back in stock and sold out again before anything hands the restock on: written straight to
    // D1 (no request follows it to dispatch), the trigger's restock row waits for the cron.
    await env.DB.prepare("insert into store_stock (store_id, product_id, stock) values (?, ?, 3) on conflict do update set stock = 3")
      .bind(store.id, product.id)
      .run();
    await env.DB.prepare("update store_stock set stock = 0 where store_id = ? and product_id = ?").bind(store.id, product.id).run();
    expect(await mailsFor(product.name)).toHaveLength(0);
    await runCron();
    const mails = await expectMails(product, 2);
    expect(mails.map((m) => m.to).sort()).toEqual(shoppers.map((s) => s.email).sort());
    expect(mails.every((m) => m.text.includes("while stocks last"))).toBe(true);
    expect(await statusesOf(product.id)).toEqual(["sent", "sent"]);
  });

  it("10 parallel restocks of one product: one mail to each shopper", async () => {
    const store = await newStore();
    const product = await newProduct("Parallel Restock Honey");
    const shoppers = await twoWaiting(product.id, store.pincode);
    const path = `/dashboard/product?${new URLSearchParams({ dialog: "edit-product", id: product.id })}`;
    const adds = await Promise.all(
      Array.from({ length: 10 }, () =>
        pagePost(path, formOf({ intent: "add-store-stock", id: product.id, store: store.id, delta: "3" }), { cookie: adminPage }),
      ),
    );
    expect(adds.map((r) => r.status)).toEqual(Array(10).fill(303));
    const mails = await expectMails(product, 2);
    expect(mails.map((m) => m.to).sort()).toEqual(shoppers.map((s) => s.email).sort());
  });

  it("10 products restocked in parallel: one mail each", async () => {
    const store = await newStore();
    const products = await Promise.all(Array.from({ length: 10 }, (_, i) => newProduct(`Parallel Many ${i}`)));
    const shopper = await newShopper();
    for (const p of products) expect((await ask(p.id, store.pincode, shopper)).status).toBe(201);
    const res = await Promise.all(
      products.map((p) =>
        api("/api/store/stock-sync", { method: "POST", token: adminToken, body: { storeId: store.id, rows: [{ productId: p.id, stock: 4 }] } }),
      ),
    );
    expect(res.map((r) => r.status)).toEqual(Array(10).fill(200));
    // Each one's mail, then one wait for the queue to drain: no product gets a second.
    for (const p of products) await expectMails(p, 1, { drain: false });
    await queueDrained();
    for (const p of products) expect(await mailsFor(p.name)).toHaveLength(1);
  });

  it("a redelivered or duplicated mail message sends nothing more", async () => {
    const store = await newStore();
    const product = await newProduct("Redelivery Chana");
    const [shopper] = await Promise.all([newShopper()]);
    expect((await ask(product.id, store.pincode, shopper)).status).toBe(201);
    const { id } = (await env.DB.prepare("select id from notify_requests where product_id = ?").bind(product.id).first<{ id: string }>())!;
    // The restock, without the queue: a row as the trigger writes it, marked handed on.
    const event = await env.DB.prepare("insert into restock_events (store_id, product_id, stock, queued_at) values (?, ?, 3, 1) returning id")
      .bind(store.id, product.id)
      .first<{ id: number }>();
    const message: NotifyMessage = { kind: "mail", requestId: id, restockId: event!.id };
    // The same message twice in one batch, then redelivered in another: one mail.
    const batch = createMessageBatch("grocery-store-notify", [
      { id: "m1", timestamp: new Date(), attempts: 1, body: message },
      { id: "m2", timestamp: new Date(), attempts: 1, body: message },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(["m1", "m2"]);
    expect(result.retryMessages).toEqual([]);
    const again = createMessageBatch("grocery-store-notify", [{ id: "m3", timestamp: new Date(), attempts: 2, body: message }]);
    const ctx2 = createExecutionContext();
    await worker.queue(again, env, ctx2);
    await getQueueResult(again, ctx2);
    expect(await mailsFor(product.name)).toHaveLength(1);
    expect(await statusesOf(product.id)).toEqual(["sent"]);
    // Two consumers at once: one sends.
    const other = await newProduct("Redelivery Twin");
    expect((await ask(other.id, store.pincode, shopper)).status).toBe(201);
    const twin = (await env.DB.prepare("select id from notify_requests where product_id = ?").bind(other.id).first<{ id: string }>())!;
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => deliverRequest(context, twin.id, event!.id)));
    expect(outcomes.filter((o) => o === "sent")).toHaveLength(1);
    expect(await mailsFor(other.name)).toHaveLength(1);
  });

  it("a mail the transport refuses goes back to waiting and is retried by the queue; the retry sends it once", async () => {
    const store = await newStore();
    const product = await newProduct("Failing Mail Ghee");
    const shopper = await newShopper();
    expect((await ask(product.id, store.pincode, shopper)).status).toBe(201);
    const { id } = (await env.DB.prepare("select id from notify_requests where product_id = ?").bind(product.id).first<{ id: string }>())!;
    const refusing = async () => "failed" as const;
    expect(await deliverRequest(context, id, 1, refusing)).toBe("failed");
    expect(await statusesOf(product.id)).toEqual(["open"]);
    expect(await deliverRequest(context, id, 1)).toBe("sent");
    expect(await deliverRequest(context, id, 1)).toBe("skipped");
    expect(await mailsFor(product.name)).toHaveLength(1);
  });
});

describe("10,000 waiting", { timeout: 90_000 }, () => {
  it("are fanned out in sendBatch calls of at most 100 messages, one message each", async () => {
    const store = await newStore();
    const product = await newProduct("Popular Mango");
    const TOTAL = 10_000;
    // Waiting shoppers (guests), written directly: 10,000 rows in statements of 500 through json_each.
    for (let start = 0; start < TOTAL; start += 500) {
      const rows = Array.from({ length: Math.min(500, TOTAL - start) }, (_, i) => {
        const n = start + i;
        return { id: hex(), email: `fan${n}.${product.id.slice(0, 6)}@example.com` };
      });
      await env.DB.prepare(
        `insert into notify_requests (id, subscriber, email, product_id, store_id, origin)
         select json_extract(value, '$.id'), 'e:' || json_extract(value, '$.email'), json_extract(value, '$.email'), ?, ?, 'http://store.test' from json_each(?)`,
      )
        .bind(product.id, store.id, JSON.stringify(rows))
        .run();
    }
    const event = await env.DB.prepare("insert into restock_events (store_id, product_id, stock, queued_at) values (?, ?, 5, 1) returning id")
      .bind(store.id, product.id)
      .first<{ id: number }>();
    const sizes: number[] = [];
    const mail = new Set<string>();
    const continuations: NotifyMessage[] = [];
    const recorder: NotifySender = {
      async sendBatch(messages) {
        const list = [...messages];
        sizes.push(list.length);
        for (const { body } of list) {
          if (body.kind === "mail") mail.add(body.requestId);
          else continuations.push(body);
        }
      },
    };
    let next: NotifyMessage | undefined = { kind: "restock", restockId: event!.id };
    let steps = 0;
    while (next?.kind === "restock") {
      await fanOut(context, next.restockId, next.after ?? "", recorder);
      next = continuations.shift();
      steps++;
    }
    expect(mail.size).toBe(TOTAL);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(SEND_BATCH_MAX);
    expect(steps).toBe(TOTAL / FAN_OUT_PAGE + 1);
  });
});

describe("limits", { timeout: 90_000 }, () => {
  it("one open request per product and store; at most 50 per shopper, even asked in parallel", async () => {
    const store = await newStore();
    const shopper = await newShopper();
    const products = await Promise.all(Array.from({ length: 55 }, (_, i) => newProduct(`Limit ${i}`)));
    const first = await ask(products[0].id, store.pincode, shopper);
    const again = await ask(products[0].id, store.pincode, shopper);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.data._id).toBe(first.body.data._id);
    const answers = await Promise.all(products.slice(1).map((p) => ask(p.id, store.pincode, shopper)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(49);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(5);
    expect(refused[0].body.message).toContain("50 products already");
    const mine = await api("/api/product/notify-me", { token: shopper.token });
    expect(mine.body.data).toHaveLength(50);
    // Cancelling one makes room.
    expect((await api("/api/product/notify-me", { method: "DELETE", token: shopper.token, body: { id: first.body.data._id } })).status).toBe(200);
    const refusedProduct = products.find((p) => !mine.body.data.some((r: any) => r.product._id === p.id))!;
    expect((await ask(refusedProduct.id, store.pincode, shopper)).status).toBe(201);
  });

  it("refuses a product in stock at the store, bad input and an unknown product with clear 4xx", async () => {
    const store = await newStore();
    const inStock = await newProduct("In Stock Curd", { store: store.id, stock: 3 });
    const shopper = await newShopper();
    const res = await ask(inStock.id, store.pincode, shopper);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`${inStock.name} is in stock at ${store.name}: add it to your cart`);
    expect((await ask("0".repeat(24), store.pincode, shopper)).status).toBe(404);
    expect((await api("/api/product/notify-me", { method: "POST", body: { productId: "nope" } })).status).toBe(400);
    expect((await api("/api/product/notify-me", { method: "POST", body: { productId: inStock.id } })).status).toBe(400);
    expect((await api("/api/product/notify-me")).status).toBe(401);
    expect((await api("/api/product/notify-me", { method: "DELETE", token: shopper.token, body: { id: hex() } })).status).toBe(404);
  });

  it("a guest's email gets one mail until its link is followed; then the rest", async () => {
    const store = await newStore();
    const [a, b] = await Promise.all([newProduct("Guest First"), newProduct("Guest Second")]);
    const email = `guest${hex().slice(0, 8)}@example.com`;
    // A guest's answer is the same whatever was there (decision 046): 202, no id.
    expect((await ask(a.id, store.pincode, { email })).status).toBe(202);
    expect((await ask(b.id, store.pincode, { email })).status).toBe(202);
    const sync = (id: string) =>
      api("/api/store/stock-sync", { method: "POST", token: adminToken, body: { storeId: store.id, rows: [{ productId: id, stock: 4 }] } });
    await sync(a.id);
    const [first] = await expectMails(a, 1);
    expect(first.to).toBe(email);
    const link = /(\/notify\/verify\?token=\S+)/.exec(first.text)?.[1];
    expect(link).toBeTruthy();
    await sync(b.id);
    expect(await expectMails(b, 0)).toHaveLength(0);
    expect(await statusesOf(b.id)).toEqual(["open"]);
    // The link shows a confirm button (no change on GET); pressing it verifies and sends what is back.
    const { SELF } = await import("cloudflare:test");
    const page = await SELF.fetch(`http://store.test${link}`);
    expect(page.status).toBe(200);
    expect(await statusesOf(b.id)).toEqual(["open"]);
    const token = decodeURIComponent(/token=(\S+)/.exec(link!)![1]);
    const confirmed = await pagePost("/notify/verify", new URLSearchParams({ token }), {});
    expect(confirmed.status).toBe(303);
    expect(await expectMails(b, 1)).toHaveLength(1);
  });

  it("requests older than 90 days expire (the cron)", async () => {
    const store = await newStore();
    const product = await newProduct("Old Request Saffron");
    const shopper = await newShopper();
    expect((await ask(product.id, store.pincode, shopper)).status).toBe(201);
    await runCron();
    expect(await statusesOf(product.id)).toEqual(["open"]);
    await env.DB.prepare("update notify_requests set created_at = ? where product_id = ?")
      .bind(Date.now() - 91 * 24 * 60 * 60 * 1000, product.id)
      .run();
    await runCron();
    expect(await statusesOf(product.id)).toEqual(["expired"]);
  });
});

describe("similar items", () => {
  it("/api product details include up to 6 in stock at the store, nearest in price, while the product is out", async () => {
    const store = await newStore();
    const out = await newProduct("Similar Target", { price: 100 });
    const near = await Promise.all([97, 104, 110, 80, 130, 60, 200].map((price, i) => newProduct(`Similar ${i}`, { store: store.id, stock: 2, price })));
    await newProduct("Similar Sold Out", { store: store.id, stock: 0, price: 100 });
    const res = await api("/api/product/get-product-details", { method: "POST", body: { productId: out.id, pincode: store.pincode } });
    expect(res.status).toBe(200);
    const similar = res.body.data.similar as { _id: string; price: number; stock: number }[];
    expect(similar.length).toBeLessThanOrEqual(6);
    const mine = similar.filter((s) => near.some((n) => n.id === s._id));
    // Others of the seeded catalogue may share the sub-category (none of them stocked at this new store).
    expect(mine.map((s) => s.price)).toEqual([97, 104, 110, 80, 130, 60]);
    const inStock = await api("/api/product/get-product-details", { method: "POST", body: { productId: near[0].id, pincode: store.pincode } });
    expect(inStock.body.data.similar).toBeUndefined();
  });
});
