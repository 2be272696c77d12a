import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { parseMetricsDay } from "~/lib/metrics-day";
import { d1Counter } from "../../app/server/db/server-timing.server";
import { readStoreMetrics } from "../../app/server/stores/store-metrics.server";
import { api, login, newShopper } from "./api-client";
import { adminCookie, htmlText, pageGet, pagePost, sessionCookie } from "../security/support-admin";

/**
 * Ratings after delivery (issue 30 item 7, decision 027 "Ratings"): only the order's shopper, only
 * once delivered, 1–5 with an optional comment of at most 500 characters, one rating per order that
 * the shopper may change; over /api and the order page (no JavaScript: plain form posts); and the
 * store's metrics page and CSV count them for the day, still in one D1 round trip.
 */

const hex = () => crypto.getRandomValues(new Uint8Array(12)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "");

interface Shopper {
  token: string;
  email: string;
  userId: string;
  cookie: string;
}

async function shopper(): Promise<Shopper> {
  const s = await newShopper();
  const userId = (await env.DB.prepare("select id from users where email = ?").bind(s.email).first<{ id: string }>())!.id;
  return { ...s, userId, cookie: await sessionCookie(s.email) };
}

let defaultStore: string;
let alice: Shopper;
let bob: Shopper;

beforeAll(async () => {
  defaultStore = (await env.DB.prepare("select id from stores where is_default = 1").first<{ id: string }>())!.id;
  alice = await shopper();
  bob = await shopper();
});

/** An order of `user` at `store` in `status`, placed at `at`. */
async function addOrder(user: string, status: string, { store = defaultStore, at = Date.now() }: { store?: string; at?: number } = {}) {
  const id = hex();
  await env.DB.prepare(
    `insert into orders (id, order_id, user_id, delivery_address, payment_method, payment_status, status, sub_total, total, store_id, created_at, updated_at)
     values (?, ?, ?, '{}', 'COD', 'PENDING', ?, 10000, 10000, ?, ?, ?)`,
  )
    .bind(id, `ORD-R-${id}`, user, status, store, at, at)
    .run();
  return id;
}

const rate = (token: string | undefined, body: unknown) => api("/api/order/rate", { method: "POST", token, body });

async function ratingRows(orderId: string) {
  const { results } = await env.DB.prepare(
    "select user_id as userId, rating, comment, created_at as createdAt, updated_at as updatedAt from order_ratings where order_id = ?",
  )
    .bind(orderId)
    .all<{ userId: string; rating: number; comment: string | null; createdAt: number; updatedAt: number }>();
  return results;
}

describe("rating an order over /api", () => {
  it("rates a delivered order, shows it in the order's details, and lets the shopper change it (one row)", async () => {
    const id = await addOrder(alice.userId, "delivered");
    const before = await api(`/api/order/details?_id=${id}`, { token: alice.token });
    expect(before.body.data.rating).toBeNull();

    const first = await rate(alice.token, { _id: id, rating: 4, comment: "  Quick and fresh\r\nthanks  " });
    expect(first.status).toBe(200);
    expect(first.body.data.rating).toEqual({ rating: 4, comment: "Quick and fresh\nthanks" });
    expect((await api(`/api/order/details?_id=${id}`, { token: alice.token })).body.data.rating).toEqual({ rating: 4, comment: "Quick and fresh\nthanks" });

    const [row] = await ratingRows(id);
    const changed = await rate(alice.token, { _id: id, rating: "2" });
    expect(changed.status).toBe(200);
    expect(changed.body.data.rating).toEqual({ rating: 2, comment: null });
    const rows = await ratingRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: alice.userId, rating: 2, comment: null, createdAt: row.createdAt });
    expect(rows[0].updatedAt).toBeGreaterThanOrEqual(row.updatedAt);
  });

  it("keeps exactly one rating per order under 10 parallel submissions", async () => {
    const id = await addOrder(alice.userId, "delivered");
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => rate(alice.token, { _id: id, rating: (i % 5) + 1, comment: `try ${i}` })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const rows = await ratingRows(id);
    expect(rows).toHaveLength(1);
    // The row is one of the submissions, whole (rating and comment from the same one).
    const i = Number(rows[0].comment!.slice(4));
    expect(rows[0].rating).toBe((i % 5) + 1);
  });

  it("is the order's shopper's alone: anyone else's order or an unknown one is 404, a guest 401", async () => {
    const id = await addOrder(alice.userId, "delivered");
    const other = await rate(bob.token, { _id: id, rating: 1, comment: "not mine" });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe("Order not found");
    expect((await rate(bob.token, { _id: hex(), rating: 1 })).status).toBe(404);
    expect((await rate(undefined, { _id: id, rating: 1 })).status).toBe(401);
    const admin = await login("admin@example.com", "Admin@12345");
    expect((await rate(admin, { _id: id, rating: 1 })).status).toBe(404);
    expect(await ratingRows(id)).toEqual([]);
  });

  it("only once delivered: every other state is 409 and writes nothing", async () => {
    for (const status of ["placed", "paid", "packed", "ready", "out_for_delivery", "cancelled"]) {
      const id = await addOrder(alice.userId, status);
      const res = await rate(alice.token, { _id: id, rating: 5 });
      expect(res.status, status).toBe(409);
      expect(res.body.message).toMatch(/once it is delivered/);
      expect(await ratingRows(id)).toEqual([]);
    }
  });

  it("refuses bad input with 400 and a message, and writes nothing", async () => {
    const id = await addOrder(alice.userId, "delivered");
    const cases: [unknown, RegExp][] = [
      [{ _id: id }, /rating from 1 to 5/],
      [{ _id: id, rating: 0 }, /rating from 1 to 5/],
      [{ _id: id, rating: 6 }, /rating from 1 to 5/],
      [{ _id: id, rating: 4.5 }, /rating from 1 to 5/],
      [{ _id: id, rating: "4.5" }, /rating from 1 to 5/],
      [{ _id: id, rating: "five" }, /rating from 1 to 5/],
      [{ _id: id, rating: true }, /rating from 1 to 5/],
      [{ _id: id, rating: null }, /rating from 1 to 5/],
      [{ _id: id, rating: 3, comment: "x".repeat(501) }, /at most 500 characters/],
      [{ _id: id, rating: 3, comment: "bad\u0000byte" }, /control characters/],
      [{ _id: id, rating: 3, comment: "bell\u0007" }, /control characters/],
      [{ _id: id, rating: 3, comment: "tab\there" }, /control characters/],
      [{ _id: id, rating: 3, comment: 42 }, /must be text/],
      [{ _id: "not-an-id", rating: 3 }, /not a valid order id/],
      [{ rating: 3 }, /Order id is required/],
    ];
    for (const [body, message] of cases) {
      const res = await rate(alice.token, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.message + JSON.stringify(res.body.errors ?? "")).toMatch(message);
    }
    expect((await rate(alice.token, "{not json")).status).toBe(400);
    expect((await api("/api/order/rate", { token: alice.token })).status).toBe(405);
    expect(await ratingRows(id)).toEqual([]);
    // 500 characters (counted as characters, an emoji is one) is fine.
    const ok = await rate(alice.token, { _id: id, rating: 3, comment: "🙂".repeat(500) });
    expect(ok.status).toBe(200);
    expect([...(await ratingRows(id))[0].comment!]).toHaveLength(500);
  });
});

describe("rating an order on its page, without JavaScript", () => {
  const page = (id: string) => `/dashboard/myorders/${id}`;
  const post = (id: string, fields: Record<string, string>, cookie = alice.cookie) =>
    pagePost(page(id), new URLSearchParams({ intent: "rate", ...fields }), { cookie });

  it("shows the form once delivered, saves with a 303 back to the order, then shows the rating", async () => {
    const open = await addOrder(alice.userId, "out_for_delivery");
    expect(await (await pageGet(page(open), alice.cookie)).text()).not.toContain("Rate this order");

    const id = await addOrder(alice.userId, "delivered");
    const html = await (await pageGet(page(id), alice.cookie)).text();
    expect(html).toContain("Rate this order");
    expect(html).toMatch(/<textarea[^>]*name="comment"[^>]*maxLength="500"/);

    const res = await post(id, { rating: "5", comment: "Rider was <b>polite</b>" });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(page(id));
    expect(await ratingRows(id)).toMatchObject([{ rating: 5, comment: "Rider was <b>polite</b>" }]);
    const after = htmlText(await (await pageGet(page(id), alice.cookie)).text());
    expect(after).toContain("You rated this order <strong>5 of 5</strong>");
    expect(after).toContain("Rider was &lt;b&gt;polite&lt;/b&gt;");
    expect(after).toContain("Change rating");

    expect((await post(id, { rating: "3", comment: "" })).status).toBe(303);
    expect(await ratingRows(id)).toMatchObject([{ rating: 3, comment: null }]);
  });

  it("answers bad input 400 with the message and what was typed, another's order 404, an undelivered one 409", async () => {
    const id = await addOrder(alice.userId, "delivered");
    const bad = await post(id, { rating: "9", comment: "keep this text" });
    expect(bad.status).toBe(400);
    const badHtml = htmlText(await bad.text());
    expect(badHtml).toContain("Choose a rating from 1 to 5");
    expect(badHtml).toContain("keep this text</textarea>");
    const long = await post(id, { rating: "4", comment: "y".repeat(501) });
    expect(long.status).toBe(400);
    expect(htmlText(await long.text())).toContain("The comment must be at most 500 characters");
    expect((await post(id, { rating: "4", comment: "a\u0001b" })).status).toBe(400);
    expect((await post(id, { rating: "4" }, bob.cookie)).status).toBe(404);
    expect(await ratingRows(id)).toEqual([]);

    const packed = await addOrder(alice.userId, "packed");
    const early = await post(packed, { rating: "4" });
    expect(early.status).toBe(409);
    expect(htmlText(await early.text())).toContain("You can rate an order once it is delivered: this one is packed");
    expect(await ratingRows(packed)).toEqual([]);
  });
});

describe("ratings on the store's metrics", () => {
  const DAY = "2026-04-14";
  const MIDNIGHT = Date.parse("2026-04-14T00:00:00+05:30");
  let store: string;

  beforeAll(async () => {
    store = hex();
    await env.DB.prepare("insert into stores (id, name, address, city, base_delivery_minutes) values (?, ?, 'Plot 9', 'Pune', 10)")
      .bind(store, `Ratings Store ${store.slice(0, 6)}`)
      .run();
    // The day's orders rated 5, 4, 4, 2 (three comments) and one not rated; one the day before (rated 1) is not counted.
    const rated: [number, string | null, number][] = [
      [5, "Super fast", 1],
      [4, null, 2],
      [4, "=cmd|' /C calc'!A0", 3],
      [2, "Milk, was warm", 4],
    ];
    for (const [stars, comment, n] of rated) {
      const id = await addOrder(alice.userId, "delivered", { store, at: MIDNIGHT + n * 3_600_000 });
      await env.DB.prepare("insert into order_ratings (order_id, user_id, rating, comment, updated_at) values (?, ?, ?, ?, ?)")
        .bind(id, alice.userId, stars, comment, MIDNIGHT + n * 3_600_000 + 60_000)
        .run();
    }
    await addOrder(alice.userId, "delivered", { store, at: MIDNIGHT + 5 * 3_600_000 });
    const before = await addOrder(alice.userId, "delivered", { store, at: MIDNIGHT - 60_000 });
    await env.DB.prepare("insert into order_ratings (order_id, user_id, rating, comment) values (?, ?, 1, 'yesterday')").bind(before, alice.userId).run();
  });

  it("counts, averages and spreads the day's ratings in SQL, with the latest comments, in the same one round trip", async () => {
    const context = { cloudflare: { env: { ...env, BENCH: "1" } } } as unknown as AppLoadContext;
    const m = (await readStoreMetrics(context, store, parseMetricsDay(DAY, Date.now())!))!;
    expect(d1Counter(context).count).toBe(1);
    expect(m.ratings.count).toBe(4);
    expect(m.ratings.average).toBe(3.75);
    expect(m.ratings.byStars).toEqual([0, 1, 0, 2, 1]);
    expect(m.ratings.latestComments.map((c) => [c.rating, c.comment])).toEqual([
      [2, "Milk, was warm"],
      [4, "=cmd|' /C calc'!A0"],
      [5, "Super fast"],
    ]);
  });

  it("shows them on the page and in the CSV", async () => {
    const admin = await adminCookie();
    const html = htmlText(await (await pageGet(`/dashboard/stores/${store}/metrics?date=${DAY}`, admin)).text());
    expect(html).toContain("<strong>4</strong> orders rated, average <strong>3.75 of 5</strong>");
    expect(html).toMatch(/data-stars="4"><th[^>]*>4 of 5<\/th><td[^>]*>2<\/td>/);
    expect(html).toContain("Super fast");

    const csv = await (await pageGet(`/dashboard/stores/${store}/metrics.csv?date=${DAY}`, admin)).text();
    const lines = csv.split("\r\n");
    expect(lines).toEqual(
      expect.arrayContaining(["ratings,4", "average rating (1-5),3.75", "rated 1 of 5,0", "rated 2 of 5,1", "rated 4 of 5,2", "rated 5 of 5,1"]),
    );
    expect(lines.some((l) => l.endsWith(`,"Milk, was warm"`))).toBe(true);
    expect(lines.some((l) => l.endsWith(`,'=cmd|' /C calc'!A0`))).toBe(true);
  });
});
