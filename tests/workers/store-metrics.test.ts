import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { parseMetricsDay } from "~/lib/metrics-day";
import { d1Counter } from "../../app/server/db/server-timing.server";
import { readStoreMetrics } from "../../app/server/stores/store-metrics.server";
import { newShopper } from "./api-client";
import { adminCookie, htmlText, pageGet, sessionCookie } from "../security/support-admin";

/**
 * Promise metrics per store (issue 30 part 6, decision 029): a day of orders with known times at a
 * store of the test's own, every figure checked exactly on the page and in the CSV, the day cut at
 * midnight IST, auth, bad dates, and the whole computation in one D1 round trip.
 */

const hex = () => crypto.getRandomValues(new Uint8Array(12)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "");
const MIN = 60_000;
/** 2026-03-10 00:00 IST. */
const DAY = "2026-03-10";
const MIDNIGHT = Date.parse("2026-03-10T00:00:00+05:30");

let admin: string;
let shopperCookie: string;
let userId: string;

beforeAll(async () => {
  admin = await adminCookie();
  const shopper = await newShopper();
  shopperCookie = await sessionCookie(shopper.email);
  userId = (await env.DB.prepare("select id from users where email = ?").bind(shopper.email).first<{ id: string }>())!.id;
});

async function newStore(minutes = 10, name = "Metrics Store") {
  const id = hex();
  await env.DB.prepare("insert into stores (id, name, address, city, base_delivery_minutes) values (?, ?, 'Plot 1', 'Pune', ?)")
    .bind(id, `${name} ${id.slice(0, 6)}`, minutes)
    .run();
  return id;
}

interface OrderSpec {
  /** Placed at, epoch ms. */
  at: number;
  status: "placed" | "paid" | "packed" | "out_for_delivery" | "delivered" | "cancelled";
  /** Minutes after placing that each status was reached (history rows). */
  moves?: [status: string, minutes: number][];
  total?: number;
  method?: "COD" | "ONLINE";
  payment?: "PENDING" | "PAID" | "FAILED";
  /** Order lines: [quantity, picked (null: not picked yet), refunded paise]. */
  lines?: [quantity: number, picked: number | null, refunded: number][];
}

/** Inserts an order at `store` with its history rows exactly as given. */
async function addOrder(store: string, o: OrderSpec) {
  const id = hex();
  const total = o.total ?? 10_000;
  const statements = [
    env.DB.prepare(
      `insert into orders (id, order_id, user_id, delivery_address, payment_method, payment_status, status, sub_total, total, store_id, created_at, updated_at)
       values (?, ?, ?, '{}', ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).bind(id, `ORD-M-${id}`, userId, o.method ?? "COD", o.payment ?? "PENDING", o.status, total, total, store, o.at, o.at),
    env.DB.prepare("insert into order_status_history (id, order_id, status, created_at) values (?, ?, 'placed', ?)").bind(hex(), id, o.at),
    ...(o.lines ?? []).map(([quantity, picked, refunded], i) =>
      env.DB.prepare(
        "insert into order_items (id, order_id, name, quantity, unit_price, unit_final_price, picked, refunded_amount) values (?, ?, ?, ?, 5000, 5000, ?, ?)",
      ).bind(hex(), id, `Line ${i}`, quantity, picked, refunded),
    ),
    ...(o.moves ?? []).map(([status, minutes]) =>
      env.DB.prepare("insert into order_status_history (id, order_id, status, created_at) values (?, ?, ?, ?)").bind(hex(), id, status, o.at + minutes * MIN),
    ),
  ];
  await env.DB.batch(statements);
  return id;
}

const delivered = (packed: number, out: number, done: number): [string, number][] => [
  ["packed", packed],
  ["out_for_delivery", out],
  ["delivered", done],
];

/**
 * The day at a 10-minute store. Delivered end to end: A 8, B 12, C 10 (exactly the promise: on
 * time), D 40, I 9 (delivered after midnight, still the day it was placed).
 */
async function seedDay(store: string) {
  const at = (h: number, m: number) => MIDNIGHT + (h * 60 + m) * MIN;
  // A: packed twice (the first time counts).
  await addOrder(store, {
    at: at(9, 0),
    status: "delivered",
    total: 10_000,
    moves: [...delivered(3, 5, 8), ["packed", 6]],
    lines: [
      [2, 2, 0],
      [1, 1, 0],
    ],
  });
  await addOrder(store, {
    at: at(9, 20),
    status: "delivered",
    total: 20_000,
    moves: delivered(4.5, 7, 12),
    lines: [
      [3, 1, 5_000],
      [1, 1, 0],
    ],
  });
  await addOrder(store, { at: at(9, 40), status: "delivered", total: 5_000, moves: delivered(2, 3, 10), lines: [[1, null, 0]] });
  await addOrder(store, { at: at(13, 40), status: "delivered", total: 7_000, moves: delivered(6, 9, 40), lines: [[2, 0, 8_000]] });
  await addOrder(store, { at: at(18, 0), status: "packed", moves: [["packed", 5]], lines: [[1, 1, 0]] });
  await addOrder(store, { at: at(18, 10), status: "cancelled", moves: [["cancelled", 1]] });
  await addOrder(store, { at: MIDNIGHT + 24 * 60 * MIN - 1, status: "cancelled", method: "ONLINE", payment: "FAILED", moves: [["cancelled", 30]] });
  await addOrder(store, { at: at(23, 50), status: "delivered", total: 3_000, moves: delivered(1, 2, 9) });
  // Not the day: a millisecond before it, the next day's first instant, and another store's order.
  await addOrder(store, { at: MIDNIGHT - 1, status: "delivered", moves: delivered(1, 1, 1), lines: [[5, 0, 99_900]] });
  await addOrder(store, { at: MIDNIGHT + 24 * 60 * MIN, status: "delivered", moves: delivered(1, 1, 1) });
  await addOrder(await newStore(), { at: at(10, 0), status: "delivered", moves: delivered(1, 1, 1) });
}

const metricsPath = (store: string, query = `?date=${DAY}`) => `/dashboard/stores/${store}/metrics${query}`;
const csvPath = (store: string, query = `?date=${DAY}`) => `/dashboard/stores/${store}/metrics.csv${query}`;

/** The text of the element carrying `attr` (e.g. `data-metric="orders"`) up to its closing tag. */
function block(html: string, attr: string, until = "</div>") {
  const start = html.indexOf(attr);
  expect(start, attr).toBeGreaterThan(-1);
  return html
    .slice(html.indexOf(">", start) + 1, html.indexOf(until, start))
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

describe("promise metrics: the figures", () => {
  let store: string;
  beforeAll(async () => {
    store = await newStore();
    await seedDay(store);
  });

  it("computes every figure of the day in SQL, in one D1 round trip", async () => {
    const context = { cloudflare: { env: { ...env, BENCH: "1" } } } as unknown as AppLoadContext;
    const m = (await readStoreMetrics(context, store, parseMetricsDay(DAY, Date.now())!))!;
    expect(d1Counter(context).count).toBe(1);
    expect(m.day).toEqual({ day: DAY, from: Date.parse("2026-03-09T18:30:00Z"), to: Date.parse("2026-03-10T18:30:00Z") });
    expect(m.store.promiseMinutes).toBe(10);
    expect({
      orders: m.orders,
      cancelled: m.cancelled,
      cancelledUnpaid: m.cancelledUnpaid,
      delivered: m.delivered,
      open: m.open,
      deliveredWithinPromise: m.deliveredWithinPromise,
      deliveredValue: m.deliveredValue,
    }).toEqual({ orders: 8, cancelled: 2, cancelledUnpaid: 1, delivered: 5, open: 1, deliveredWithinPromise: 3, deliveredValue: 45_000 });
    // Nearest rank: median = ⌈n/2⌉-th, p90 = ⌈9n/10⌉-th of the sorted durations.
    expect(m.steps).toEqual([
      // 1, 2, 3, 4.5, 5, 6 (A's second "packed" ignored)
      { step: "placed_packed", count: 6, medianMs: 3 * MIN, p90Ms: 6 * MIN },
      // 1, 1, 2, 2.5, 3
      { step: "packed_out", count: 5, medianMs: 2 * MIN, p90Ms: 3 * MIN },
      // 3, 5, 7, 7, 31
      { step: "out_delivered", count: 5, medianMs: 7 * MIN, p90Ms: 31 * MIN },
      // 8, 9, 10, 12, 40
      { step: "placed_delivered", count: 5, medianMs: 10 * MIN, p90Ms: 40 * MIN },
    ]);
    // Lines picked: A 2, B 2 (1 short), D 1 (short), E 1; C's line is not picked; the day before's short line is not counted.
    expect(m.picking).toEqual({ linesPicked: 6, linesShort: 2, ordersPicked: 4, ordersShort: 2, refunded: 13_000 });
    const hourly = Array.from({ length: 24 }, () => 0);
    Object.assign(hourly, { 9: 3, 13: 1, 18: 2, 23: 2 });
    expect(m.hourly).toEqual(hourly);
    // 2-minute buckets (a fifth of 10): 8 and 9 → 8–10, 10 → 10–12, 12 → 12–14, 40 → 30+.
    const counts = Array.from({ length: 16 }, () => 0);
    Object.assign(counts, { 4: 2, 5: 1, 6: 1, 15: 1 });
    expect(m.spread).toEqual({ bucketMinutes: 2, counts });
  });

  it("shows the figures, the step times and both charts with their tables", async () => {
    const res = await pageGet(metricsPath(store), admin);
    expect(res.status).toBe(200);
    const html = htmlText(await res.text());
    expect(html).toContain("Promise metrics: Metrics Store");
    expect(block(html, 'data-metric="orders"')).toBe("Orders placed 8");
    expect(block(html, 'data-metric="delivered"')).toBe("Delivered 5");
    expect(block(html, 'data-metric="within-promise"')).toBe("Delivered within 10 minutes 60.0 % (3 of 5)");
    expect(block(html, 'data-metric="open"')).toBe("Still open 1");
    expect(block(html, 'data-metric="cancelled"')).toBe("Cancelled 2 (1 unpaid online checkouts)");
    expect(block(html, 'data-metric="delivered-value"')).toBe("Value delivered ₹450");
    expect(block(html, 'data-metric="short-picks"')).toBe("Short picks (lines) 33.3 % (2 of 6 lines, 2 of 4 orders)");
    expect(block(html, 'data-metric="refunded"')).toBe("Refunded for short picks ₹130");
    expect(block(html, 'data-step="placed_packed"', "</tr>")).toBe("Placed → packed 6 3.0 6.0");
    expect(block(html, 'data-step="packed_out"', "</tr>")).toBe("Packed → out for delivery 5 2.0 3.0");
    expect(block(html, 'data-step="out_delivered"', "</tr>")).toBe("Out for delivery → delivered 5 7.0 31.0");
    expect(block(html, 'data-step="placed_delivered"', "</tr>")).toBe("Placed → delivered (end to end) 5 10.0 40.0");
    // Charts: SVG on the server with a title, one bar per non-zero value, and the same numbers as a table.
    for (const chart of ["hourly-chart", "spread-chart"]) expect(html).toMatch(new RegExp(`<svg[^>]*role="img"[^>]*aria-labelledby="${chart}-title"`));
    const hourlySvg = html.slice(html.indexOf('data-chart="hourly-chart"'), html.indexOf("</svg>", html.indexOf('data-chart="hourly-chart"')));
    expect([...hourlySvg.matchAll(/data-value="(\d+)"/g)].map((x) => Number(x[1]))).toEqual([3, 1, 2, 2]);
    const spreadSvg = html.slice(html.indexOf('data-chart="spread-chart"'), html.indexOf("</svg>", html.indexOf('data-chart="spread-chart"')));
    expect([...spreadSvg.matchAll(/<rect[^>]*fill="([^"]+)"[^>]*data-value="(\d+)"/g)].map((x) => [x[1], Number(x[2])])).toEqual([
      ["#15803d", 2],
      ["#b91c1c", 1],
      ["#b91c1c", 1],
      ["#b91c1c", 1],
    ]);
    expect(block(html, 'data-hour="9"', "</tr>")).toBe("09:00–10:00 3");
    expect(block(html, 'data-hour="10"', "</tr>")).toBe("10:00–11:00 0");
    expect(block(html, 'data-bucket="4"', "</tr>")).toBe("8–10 min 2");
    expect(block(html, 'data-bucket="15"', "</tr>")).toBe("30+ min 1");
    expect(html).toContain("Busiest hour: 09:00–10:00 with 3 orders");
    expect(html).toContain(`href="/dashboard/stores/${store}/metrics.csv?date=${DAY}"`);
    expect(html).not.toContain("No orders were placed");
  });

  it("downloads the same figures as CSV", async () => {
    const res = await pageGet(csvPath(store), admin);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="metrics-metrics-store-${store.slice(0, 6)}-${DAY}.csv"`);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const body = await res.text();
    expect(body.endsWith("\r\n")).toBe(true);
    const lines = body.trimEnd().split("\r\n");
    expect(lines.slice(0, 32)).toEqual([
      "metric,value",
      `store,Metrics Store ${store.slice(0, 6)}`,
      "city,Pune",
      `date,${DAY}`,
      'time zone,"IST (UTC+05:30), days cut at midnight"',
      "promised minutes,10",
      "orders,8",
      "cancelled,2",
      "cancelled unpaid online checkouts,1",
      "open,1",
      "delivered,5",
      "delivered within promise,3",
      "delivered within promise (%),60.0",
      "delivered value (INR),450.00",
      "order lines picked,6",
      "order lines picked short,2",
      "short-pick rate of lines (%),33.3",
      "orders picked,4",
      "orders with a short pick,2",
      "refunded for short picks (INR),130.00",
      "placed to packed: orders,6",
      "placed to packed: median minutes,3.0",
      "placed to packed: p90 minutes,6.0",
      "packed to out for delivery: orders,5",
      "packed to out for delivery: median minutes,2.0",
      "packed to out for delivery: p90 minutes,3.0",
      "out for delivery to delivered: orders,5",
      "out for delivery to delivered: median minutes,7.0",
      "out for delivery to delivered: p90 minutes,31.0",
      "placed to delivered: orders,5",
      "placed to delivered: median minutes,10.0",
      "placed to delivered: p90 minutes,40.0",
    ]);
    expect(lines).toContain("orders placed 09:00-10:00,3");
    expect(lines).toContain("orders placed 23:00-24:00,2");
    expect(lines).toContain("delivered in 8-10 min,2");
    expect(lines).toContain("delivered in 30+ min,1");
    // Ratings (decision 027): none on this day, so no average and no comments.
    expect(lines.slice(32, 39)).toEqual([
      "ratings,0",
      "average rating (1-5),",
      "rated 1 of 5,0",
      "rated 2 of 5,0",
      "rated 3 of 5,0",
      "rated 4 of 5,0",
      "rated 5 of 5,0",
    ]);
    // Then the day's reports (decision 050: 9 counts, 3 rows per reason, none reported here), then the
    // till (decision 048; an admin sees it): these orders name no rider, and nothing was handed over.
    expect(lines[1 + 31 + 7 + 24 + 16]).toBe("reports,0");
    const till = lines.slice(1 + 31 + 7 + 24 + 16 + 9 + 3 * 5).map((line) => line.split(","));
    expect(till.map(([metric]) => metric)).toEqual([
      "till: Unknown rider (no rider account): cash orders delivered",
      "till: Unknown rider (no rider account): cash collected (INR)",
      "till: Unknown rider (no rider account): cash handed over (INR)",
      "till: Unknown rider (no rider account): difference (INR)",
      "till: cash orders delivered",
      "till: cash collected (INR)",
      "till: cash handed over (INR)",
      "till: difference (INR)",
    ]);
    expect(till[2][1]).toBe("0.00");
    expect(till[3][1]).toBe(till[1][1]);
  });

  it("rounds minutes to a tenth and keeps the median the lower middle of an even count", async () => {
    const s = await newStore(15);
    // End to end 7.25 and 11.75 minutes: median is the 1st (⌈2/2⌉), p90 the 2nd (⌈18/10⌉).
    await addOrder(s, { at: MIDNIGHT + MIN, status: "delivered", moves: delivered(1, 2, 7.25) });
    await addOrder(s, { at: MIDNIGHT + 2 * MIN, status: "delivered", moves: delivered(1, 2, 11.75) });
    const html = htmlText(await (await pageGet(metricsPath(s), admin)).text());
    expect(block(html, 'data-step="placed_delivered"', "</tr>")).toBe("Placed → delivered (end to end) 2 7.3 11.8");
    expect(block(html, 'data-metric="within-promise"')).toBe("Delivered within 15 minutes 100.0 % (2 of 2)");
    // 15 minutes: 3-minute buckets.
    expect(block(html, 'data-bucket="2"', "</tr>")).toBe("6–9 min 1");
    expect(block(html, 'data-bucket="3"', "</tr>")).toBe("9–12 min 1");
  });
});

describe("promise metrics: days, empty days and refusals", () => {
  it("defaults to today in IST and says so when no order was placed", async () => {
    const store = await newStore();
    const res = await pageGet(metricsPath(store, ""), admin);
    expect(res.status).toBe(200);
    const html = htmlText(await res.text());
    const today = new Date(Date.now() + 330 * MIN).toISOString().slice(0, 10);
    expect(html).toContain(`No orders were placed at this store on ${today}.`);
    expect(html).toContain(`value="${today}"`);
    expect(html).not.toContain("data-chart=");
    const csv = await pageGet(csvPath(store, ""), admin);
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).split("\r\n");
    expect(lines).toContain(`date,${today}`);
    expect(lines).toContain("orders,0");
    expect(lines).toContain("delivered within promise (%),");
    expect(lines).toContain("placed to delivered: median minutes,");
  });

  it("refuses a date that is not a real day with 400 and the message", async () => {
    const store = await newStore();
    for (const date of ["2026-02-30", "10-03-2026", "2026-3-10", "yesterday", "2026-03-10T00:00", "1999-12-31"]) {
      const res = await pageGet(metricsPath(store, `?date=${encodeURIComponent(date)}`), admin);
      expect(res.status, date).toBe(400);
      expect(htmlText(await res.text())).toContain("Choose a date as YYYY-MM-DD between 2020-01-01 and 2099-12-31");
      const csv = await pageGet(csvPath(store, `?date=${encodeURIComponent(date)}`), admin);
      expect(csv.status, date).toBe(400);
      expect(await csv.text()).toBe("Choose a date as YYYY-MM-DD between 2020-01-01 and 2099-12-31");
    }
  });

  it("answers 404 for a store that does not exist or a malformed id", async () => {
    for (const id of [hex(), "not-an-id"]) {
      expect((await pageGet(metricsPath(id), admin)).status).toBe(404);
      expect((await pageGet(csvPath(id), admin)).status).toBe(404);
    }
  });

  it("sends guests to sign in and refuses shoppers", async () => {
    const store = await newStore();
    await addOrder(store, { at: MIDNIGHT + MIN, status: "placed" });
    for (const path of [metricsPath(store), csvPath(store)]) {
      const guest = await pageGet(path);
      expect(guest.status).toBe(302);
      expect(guest.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
    const page = await pageGet(metricsPath(store), shopperCookie);
    expect(page.status).toBe(403);
    const html = await page.text();
    expect(html).toContain("Do not have permission");
    expect(html).not.toContain("Orders placed");
    const csv = await pageGet(csvPath(store), shopperCookie);
    expect(csv.status).toBe(403);
    expect(csv.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
  });

  it("lets a store's staff see their own store's metrics and CSV, not another store's", async () => {
    const store = await newStore();
    const other = await newStore();
    await addOrder(store, { at: MIDNIGHT + MIN, status: "placed" });
    const staff = await newShopper();
    const staffId = (await env.DB.prepare("select id from users where email = ?").bind(staff.email).first<{ id: string }>())!.id;
    await env.DB.prepare("insert into store_staff (user_id, store_id) values (?, ?)").bind(staffId, store).run();
    const cookie = await sessionCookie(staff.email);
    const own = await pageGet(metricsPath(store), cookie);
    expect(own.status).toBe(200);
    const html = htmlText(await own.text());
    expect(block(html, 'data-metric="orders"')).toBe("Orders placed 1");
    expect(html).not.toContain('href="/dashboard/stores"');
    expect((await pageGet(csvPath(store), cookie)).status).toBe(200);
    const page = await pageGet(metricsPath(other), cookie);
    expect(page.status).toBe(403);
    expect(await page.text()).not.toContain("Orders placed");
    expect((await pageGet(csvPath(other), cookie)).status).toBe(403);
  });

  it("is linked from the stores page", async () => {
    const store = await newStore();
    const html = await (await pageGet("/dashboard/stores", admin)).text();
    expect(html).toContain(`href="/dashboard/stores/${store}/metrics"`);
  });
});
