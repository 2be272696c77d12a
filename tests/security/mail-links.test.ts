import type { AppLoadContext } from "@remix-run/cloudflare";
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { NOTIFY_GUEST_UNVERIFIED_LIMIT } from "../../app/lib/schemas/notify";
import { deliverRequest, dispatchRestocks, fanOut, type NotifyMessage, type NotifySender } from "../../app/server/notify/delivery.server";
import { productPath } from "../../app/lib/slugs";
import { api, newShopper, randomIp, VALID_ADDRESS } from "../workers/api-client";
import { envWith, STRONG_SECRET } from "./support-deploy";
import { stripeSession } from "./support-pay";

/**
 * Mail that cannot be turned against anyone (decision 046): absolute links only on PUBLIC_ORIGIN
 * whatever Host a request names; a guest's "Notify me" answers the same whether or not the email
 * already waits and never hands out or accepts a request id; address variants of one inbox count as
 * one mailbox; a shopper's own cancelled order is no "back in stock" news for a while.
 */

const PUBLIC = "https://shop.example";
const EVIL = "http://evil.example";
/** This store as deployed behind its public URL. */
const deployed = envWith({ PUBLIC_ORIGIN: PUBLIC });
const context = { cloudflare: { env: deployed } } as unknown as AppLoadContext;

const hex = () => crypto.getRandomValues(new Uint8Array(12)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "");

/** A request to the deployed worker whose URL (so its Host) is the attacker's. */
async function forged(path: string, init: RequestInit = {}, host = EVIL): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", randomIp());
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${host}${path}`, { ...init, headers }), deployed, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const json = (body: unknown, token?: string): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});

/** Every absolute URL in a text. */
const urlsIn = (text: string) => text.match(/https?:\/\/[^\s"'<>)]+/g) ?? [];

let nextPincode = 795_201;
async function newStore() {
  const id = hex();
  const pincode = nextPincode++;
  const name = `Mail Store ${id.slice(0, 6)}`;
  await env.DB.batch([
    env.DB.prepare("insert into stores (id, name, address, city, base_delivery_minutes) values (?, ?, 'Plot 1', 'Pune', 12)").bind(id, name),
    env.DB.prepare("insert into store_pincode_ranges (store_id, from_pincode, to_pincode) values (?, ?, ?)").bind(id, pincode, pincode),
  ]);
  return { id, name, pincode: String(pincode) };
}

async function newProduct(name: string, { store, stock = 0 }: { store?: string; stock?: number } = {}) {
  const id = hex();
  const fullName = `${name} ${id.slice(0, 6)}`;
  const refs = await env.DB.prepare("select category_id as c, sub_category_id as s from sub_category_categories limit 1").first<{ c: string; s: string }>();
  await env.DB.batch([
    env.DB.prepare("insert into products (id, name, unit, price) values (?, ?, '200 g', 10000)").bind(id, fullName),
    env.DB.prepare("insert into product_categories (product_id, category_id) values (?, ?)").bind(id, refs!.c),
    env.DB.prepare("insert into product_sub_categories (product_id, sub_category_id) values (?, ?)").bind(id, refs!.s),
    ...(store ? [env.DB.prepare("insert into store_stock (store_id, product_id, stock) values (?, ?, ?)").bind(store, id, stock)] : []),
  ]);
  return { id, name: fullName };
}

/** A guest asks through the API, on the attacker's Host. */
const guestAsks = (productId: string, pincode: string, email: string) => forged("/api/product/notify-me", json({ productId, pincode, email }));

const openOfMailbox = async (mailbox: string) =>
  (await env.DB.prepare("select count(*) as n from notify_requests where subscriber = ? and status = 'open'").bind(`e:${mailbox}`).first<{ n: number }>())!.n;

const requestOf = async (productId: string) =>
  (
    await env.DB.prepare("select id, status from notify_requests where product_id = ? order by created_at, id")
      .bind(productId)
      .all<{ id: string; status: string }>()
  ).results;

/** A restock row already handed on, for calling the mail step directly. */
async function restockRow(storeId: string, productId: string) {
  const row = await env.DB.prepare("insert into restock_events (store_id, product_id, stock, queued_at) values (?, ?, 3, 1) returning id")
    .bind(storeId, productId)
    .first<{ id: number }>();
  return row!.id;
}

const lastMailTo = async (to: string) =>
  (await env.DB.prepare('select subject, text from mail_outbox where "to" = ? order by created_at desc, rowid desc limit 1')
    .bind(to)
    .first<{ subject: string; text: string }>())!;

/** Headers that may differ between any two answers (time, per-request ids). */
const VOLATILE = new Set(["date", "server-timing", "cf-ray"]);
const stableHeaders = (res: Response) =>
  [...res.headers]
    .filter(([name]) => !VOLATILE.has(name))
    // A D1 bookmark names the database's position, which moves with every write of anyone: its value
    // is compared by shape (that it is set, and how), not by position.
    .map(([name, value]) => [name, name === "set-cookie" ? value.replace(/^__d1b=[^;]*/, "__d1b=<bookmark>") : value])
    .sort();

describe("absolute links only on PUBLIC_ORIGIN, whatever Host says", () => {
  it("robots.txt, the sitemaps and a product page's canonical link", async () => {
    const robots = await (await forged("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
    for (const path of ["/sitemap.xml", "/sitemaps/pages.xml"]) {
      const res = await forged(path);
      expect(res.status, path).toBe(200);
      const xml = await res.text();
      expect(urlsIn(xml).filter((u) => u.startsWith(PUBLIC)).length, path).toBeGreaterThan(0);
      expect(xml, path).not.toContain("evil.example");
    }
    expect(robots).not.toContain("evil.example");
    const product = await newProduct("Canonical Dal");
    const page = await (await forged(productPath(product))).text();
    expect(page).toContain(`<link rel="canonical" href="${PUBLIC}/product/`);
    expect(page).not.toContain("evil.example");
  });

  it("the back-in-stock mail asked for on a forged Host links only to the public origin (product, verify, cancel)", async () => {
    const store = await newStore();
    const product = await newProduct("Forged Host Ghee");
    const email = `host${hex().slice(0, 8)}@example.com`;
    expect((await guestAsks(product.id, store.pincode, email)).status).toBe(202);
    const [request] = await requestOf(product.id);
    expect(await deliverRequest(context, request.id, await restockRow(store.id, product.id))).toBe("sent");
    const mail = await lastMailTo(email);
    const urls = urlsIn(mail.text);
    expect(urls.some((u) => u.includes("/notify/verify?token="))).toBe(true);
    expect(urls.some((u) => u.includes("/notify/cancel?token="))).toBe(true);
    expect(urls.some((u) => u.includes("/product/"))).toBe(true);
    for (const url of urls) expect(url.startsWith(`${PUBLIC}/`), url).toBe(true);
  });

  it("a request stored with another origin (asked before this rule) is mailed on the public origin too", async () => {
    const store = await newStore();
    const product = await newProduct("Legacy Origin Atta");
    const shopper = await newShopper();
    const user = await env.DB.prepare("select id from users where email = ?").bind(shopper.email).first<{ id: string }>();
    const id = hex();
    await env.DB.prepare(
      "insert into notify_requests (id, subscriber, user_id, email, product_id, store_id, origin) values (?, ?, ?, ?, ?, ?, 'http://evil.example')",
    )
      .bind(id, `u:${user!.id}`, user!.id, shopper.email, product.id, store.id)
      .run();
    expect(await deliverRequest(context, id, await restockRow(store.id, product.id))).toBe("sent");
    const urls = urlsIn((await lastMailTo(shopper.email)).text);
    expect(urls.length).toBeGreaterThanOrEqual(2);
    for (const url of urls) expect(url.startsWith(`${PUBLIC}/`), url).toBe(true);
  });

  it("account mails (password reset code, someone registering with your email) name no other origin", async () => {
    const shopper = await newShopper();
    expect((await forged("/api/user/forgot-password", { ...json({ email: shopper.email }), method: "PUT" })).status).toBe(200);
    const password = "Another@12345";
    await forged("/api/user/register", json({ name: "Someone Else", email: shopper.email, password, confirmPassword: password }));
    const mails = (await env.DB.prepare('select subject, text from mail_outbox where "to" = ?').bind(shopper.email).all<{ subject: string; text: string }>())
      .results;
    expect(mails.map((m) => m.subject).sort()).toEqual(["Someone tried to register with your email at FreshDash", "Your FreshDash password reset code"]);
    for (const mail of mails) for (const url of urlsIn(mail.text)) expect(url.startsWith(`${PUBLIC}/`), url).toBe(true);
  });

  it("Stripe's success and cancel URLs", async () => {
    const product = await newProduct("Stripe Return Rice");
    await env.DB.prepare("insert into store_stock (store_id, product_id, stock) select id, ?, 5 from stores where is_default = 1").bind(product.id).run();
    const shopper = await newShopper();
    const address = await api("/api/address/create", { method: "POST", token: shopper.token, body: VALID_ADDRESS });
    expect(address.status).toBe(201);
    const res = await forged(
      "/api/order/checkout",
      json({ list_items: [{ productId: product.id, quantity: 1 }], addressId: address.body.data._id }, shopper.token),
    );
    const body = (await res.json()) as { id: string };
    expect(res.status, JSON.stringify(body)).toBe(200);
    const session = await stripeSession(body.id);
    expect(session.success_url.startsWith(`${PUBLIC}/`), session.success_url).toBe(true);
    expect(session.cancel_url.startsWith(`${PUBLIC}/`), session.cancel_url).toBe(true);
  });

  it("production refuses to serve without PUBLIC_ORIGIN (503 naming it)", async () => {
    const production = { ENVIRONMENT: "production", SESSION_SECRET: STRONG_SECRET };
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request("https://store.test/robots.txt"), envWith({ ...production, PUBLIC_ORIGIN: undefined }), ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("PUBLIC_ORIGIN");
    const again = createExecutionContext();
    const ok = await worker.fetch(new Request("https://store.test/robots.txt"), envWith({ ...production, PUBLIC_ORIGIN: "https://store.test" }), again);
    await waitOnExecutionContext(again);
    expect(ok.status).toBe(200);
  });
});

describe("a guest's notify-me reveals nothing and cancels nothing by id", () => {
  it("the same answer (status, body, headers) whether or not the email already waits, with no id", async () => {
    const store = await newStore();
    const product = await newProduct("Same Answer Poha");
    const email = `same${hex().slice(0, 8)}@example.com`;
    const ip = randomIp();
    const ask = () =>
      forged("/api/product/notify-me", {
        ...json({ productId: product.id, pincode: store.pincode, email }),
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
      });
    const first = await ask();
    const again = await ask();
    const [firstBody, againBody] = [await first.text(), await again.text()];
    expect([first.status, again.status]).toEqual([202, 202]);
    expect(againBody).toBe(firstBody);
    expect(stableHeaders(again)).toEqual(stableHeaders(first));
    const [request] = await requestOf(product.id);
    expect(firstBody).not.toContain(request.id);
    expect(JSON.parse(firstBody).data).not.toHaveProperty("_id");

    // The page form: the same redirect either way, with no id in it.
    const form = () =>
      forged("/notify", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": ip },
        body: new URLSearchParams({ intent: "notify-me", productId: product.id, email, redirectTo: productPath(product) }),
        redirect: "manual",
      });
    const [pageFirst, pageAgain] = [await form(), await form()];
    expect([pageFirst.status, pageAgain.status]).toEqual([303, 303]);
    expect(pageAgain.headers.get("Location")).toBe(pageFirst.headers.get("Location"));
    expect(pageFirst.headers.get("Location")).toBe(productPath(product));
  });

  it("a guest DELETE or cancel form by id is refused; another shopper's too; the owner signed in may", async () => {
    const store = await newStore();
    const product = await newProduct("Victim Muesli");
    expect((await guestAsks(product.id, store.pincode, `victim${hex().slice(0, 8)}@example.com`)).status).toBe(202);
    const [victim] = await requestOf(product.id);
    expect((await forged("/api/product/notify-me", { ...json({ id: victim.id }), method: "DELETE" })).status).toBe(401);
    const page = await forged("/notify", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "notify-cancel", id: victim.id, redirectTo: "/" }),
      redirect: "manual",
    });
    expect(page.status).toBe(303);
    const stranger = await newShopper();
    expect((await api("/api/product/notify-me", { method: "DELETE", token: stranger.token, body: { id: victim.id } })).status).toBe(404);
    expect((await requestOf(product.id)).map((r) => r.status)).toEqual(["open"]);

    const owner = await newShopper();
    const mine = await api("/api/product/notify-me", { method: "POST", token: owner.token, body: { productId: product.id, pincode: store.pincode } });
    expect(mine.status).toBe(201);
    expect((await api("/api/product/notify-me", { method: "DELETE", token: owner.token, body: { id: mine.body.data._id } })).status).toBe(200);
  });

  it("the mail's signed cancel link stops that mailbox's requests, and works for that purpose only", async () => {
    const store = await newStore();
    const [a, b] = await Promise.all([newProduct("Link Oats"), newProduct("Link Bran")]);
    const base = `link${hex().slice(0, 8)}`;
    expect((await guestAsks(a.id, store.pincode, `${base}@gmail.com`)).status).toBe(202);
    expect((await guestAsks(b.id, store.pincode, `${base}+b@gmail.com`)).status).toBe(202);
    const [request] = await requestOf(a.id);
    expect(await deliverRequest(context, request.id, await restockRow(store.id, a.id))).toBe("sent");
    const text = (await lastMailTo(`${base}@gmail.com`)).text;
    const tokenOf = (path: string) => decodeURIComponent(new RegExp(`${path}\\?token=(\\S+)`).exec(text)![1]);
    const [cancelToken, verifyToken] = [tokenOf("/notify/cancel"), tokenOf("/notify/verify")];
    const post = (path: string, token: string) =>
      forged(
        path,
        { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token }), redirect: "manual" },
        PUBLIC,
      );
    // A GET changes nothing (mail scanners follow links).
    expect((await forged(`/notify/cancel?token=${encodeURIComponent(cancelToken)}`, {}, PUBLIC)).status).toBe(200);
    // Each token for its own purpose only.
    expect((await post("/notify/cancel", verifyToken)).status).toBe(400);
    expect((await post("/notify/verify", cancelToken)).status).toBe(400);
    expect((await requestOf(b.id)).map((r) => r.status)).toEqual(["open"]);
    const verified = await env.DB.prepare("select verified_at from notify_emails where email = ?")
      .bind(`${base}@gmail.com`)
      .first<{ verified_at: number | null }>();
    expect(verified?.verified_at ?? null).toBeNull();
    expect((await post("/notify/cancel", cancelToken)).status).toBe(303);
    expect((await requestOf(b.id)).map((r) => r.status)).toEqual(["cancelled"]);
  });
});

describe("one inbox, however its address is written", () => {
  const variantsOf = (base: string) => [
    `${base}@gmail.com`,
    `${base}+1@gmail.com`,
    `${base.split("").join(".")}@gmail.com`,
    `${base.toUpperCase()}+x@googlemail.com`,
    `${base.slice(0, 3)}.${base.slice(3)}+deals@GMAIL.com`,
  ];

  it("variants count as one mailbox: a bounded number of unverified requests, and one mail before it is verified", async () => {
    const store = await newStore();
    const products = await Promise.all(Array.from({ length: NOTIFY_GUEST_UNVERIFIED_LIMIT + 3 }, (_, i) => newProduct(`Variant ${i}`)));
    const base = `victim${hex().slice(0, 6)}`;
    const variants = variantsOf(base);
    // Starting with a variant: the inbox's first mail must find the mailbox's slot, not the address's.
    for (const [i, p] of products.entries()) expect((await guestAsks(p.id, store.pincode, variants[(i + 1) % variants.length])).status).toBe(202);
    expect(await openOfMailbox(`${base}@gmail.com`)).toBe(NOTIFY_GUEST_UNVERIFIED_LIMIT);
    // Two variants' requests back in stock: only the first is mailed until the inbox confirms.
    const [r0] = await requestOf(products[0].id);
    const [r1] = await requestOf(products[1].id);
    expect(await deliverRequest(context, r0.id, await restockRow(store.id, products[0].id))).toBe("sent");
    expect(await deliverRequest(context, r1.id, await restockRow(store.id, products[1].id))).toBe("skipped");
  });

  it("the bound holds under 30 parallel requests from variants", async () => {
    const store = await newStore();
    const products = await Promise.all(Array.from({ length: 30 }, (_, i) => newProduct(`Parallel Variant ${i}`)));
    const base = `flood${hex().slice(0, 6)}`;
    const variants = variantsOf(base);
    const answers = await Promise.all(products.map((p, i) => guestAsks(p.id, store.pincode, i < 5 ? variants[i] : `${base}+${i}@gmail.com`)));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 202));
    expect(await openOfMailbox(`${base}@gmail.com`)).toBe(NOTIFY_GUEST_UNVERIFIED_LIMIT);
  });
});

describe("a shopper's own cancelled cash order", () => {
  it("is no back-in-stock news within the cool-down; after it, the waiting are told if the units are still there", async () => {
    const store = await newStore();
    const product = await newProduct("Own Cancel Jowar", { store: store.id, stock: 2 });
    const buyer = await newShopper();
    const address = await api("/api/address/create", { method: "POST", token: buyer.token, body: { ...VALID_ADDRESS, pincode: store.pincode } });
    expect(address.status, JSON.stringify(address.body)).toBe(201);
    const order = await api("/api/order/cash-on-delivery", {
      method: "POST",
      token: buyer.token,
      body: { list_items: [{ productId: product.id, quantity: 2 }], addressId: address.body.data._id },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const waiting = await Promise.all([newShopper(), newShopper()]);
    for (const s of waiting)
      expect((await api("/api/product/notify-me", { method: "POST", token: s.token, body: { productId: product.id, pincode: store.pincode } })).status).toBe(
        201,
      );
    expect((await api("/api/order/cancel", { method: "POST", token: buyer.token, body: { _id: order.body.data._id } })).status).toBe(200);

    const restockRows = env.DB.prepare("select id, queued_at as queuedAt, not_before as notBefore from restock_events where product_id = ? order by id").bind(
      product.id,
    );
    const held = (await restockRows.first<{ id: number; queuedAt: number | null; notBefore: number | null }>())!;
    const restock = async () =>
      (await env.DB.prepare("select queued_at as queuedAt from restock_events where id = ?").bind(held.id).first<{ queuedAt: number | null }>())!;
    expect(held.queuedAt).toBeNull();
    expect(held.notBefore).toBeGreaterThan(Date.now() + 20 * 60 * 1000);
    // The cron's drain leaves it: nothing handed on, nobody mailed.
    await dispatchRestocks(context);
    expect((await restock()).queuedAt).toBeNull();
    expect((await api("/api/product/notify-me", { token: waiting[0].token })).body.data.map((r: { status: string }) => r.status)).toEqual(["open"]);

    // Once due: the fan-out checks the units are still there.
    await env.DB.prepare("update restock_events set not_before = ? where id = ?")
      .bind(Date.now() - 1, held.id)
      .run();
    const sent: NotifyMessage[] = [];
    const recorder: NotifySender = {
      async sendBatch(messages) {
        for (const m of messages) sent.push(m.body);
      },
    };
    await env.DB.prepare("update store_stock set stock = 0 where store_id = ? and product_id = ?").bind(store.id, product.id).run();
    await fanOut(context, held.id, "", recorder);
    expect(sent).toEqual([]);
    await env.DB.prepare("update store_stock set stock = 2 where store_id = ? and product_id = ?").bind(store.id, product.id).run();
    await fanOut(context, held.id, "", recorder);
    expect(sent.filter((m) => m.kind === "mail")).toHaveLength(2);
    // And the cron hands it on now.
    await dispatchRestocks(context);
    expect((await restock()).queuedAt).not.toBeNull();
  });
});
