import type { AppLoadContext } from "@remix-run/cloudflare";
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { parseMetricsDay } from "~/lib/metrics-day";
import { d1Counter } from "../../app/server/db/server-timing.server";
import { submitReport } from "../../app/server/reports/submit.server";
import { readStoreMetrics } from "../../app/server/stores/store-metrics.server";
import { api, newShopper, randomIp } from "./api-client";
import { BASE, outcomeOf, TINY_PNG } from "./fixtures";
import { adminCookie, formOf, htmlText, imageFile, pageGet, pagePost, sessionCookie } from "../security/support-admin";

/**
 * Reports of a delivered order's items (issue 43 items 1 and 6, decision 050): only the shopper's
 * own delivered order, within the store's window after delivery; never more units than were
 * delivered minus those approved in earlier reports; one open report per order line, also under 30
 * parallel submissions; a photo checked by its bytes and size, private to the shopper, the store's
 * staff and admins; the /api (JSON and multipart), the order page's form without JavaScript, and the
 * day's reports on the store's metrics page and CSV.
 */

const hex = () => crypto.getRandomValues(new Uint8Array(12)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "");
const HOUR = 3_600_000;
const context = () => ({ cloudflare: { env } }) as unknown as AppLoadContext;

interface Person {
  token: string;
  email: string;
  userId: string;
  cookie: string;
}

async function person(): Promise<Person> {
  const s = await newShopper();
  const userId = (await env.DB.prepare("select id from users where email = ?").bind(s.email).first<{ id: string }>())!.id;
  return { ...s, userId, cookie: await sessionCookie(s.email) };
}

async function newStore({ windowHours = 48, name = "Report Store" } = {}) {
  const id = hex();
  await env.DB.prepare("insert into stores (id, name, address, city, report_window_hours) values (?, ?, 'Plot 9', 'Pune', ?)")
    .bind(id, `${name} ${id.slice(0, 6)}`, windowHours)
    .run();
  return id;
}

/** A staff member (picker) of `store`. */
async function staffOf(store: string): Promise<Person> {
  const p = await person();
  await env.DB.prepare("insert into store_staff (user_id, store_id) values (?, ?)").bind(p.userId, store).run();
  return p;
}

async function product(name: string) {
  const id = hex();
  await env.DB.prepare("insert into products (id, name, unit, price, discount) values (?, ?, '1 pc', 5000, 0)")
    .bind(id, `${name} ${id.slice(0, 6)}`)
    .run();
  return id;
}

interface LineSpec {
  productId: string;
  name?: string;
  quantity: number;
  /** Units picked (null: never picked; the line counts as delivered in full). */
  picked?: number | null;
  /** Final price per unit, paise. */
  price?: number;
  replacedBy?: { productId: string; name: string; quantity: number; unitPrice: number };
}

interface OrderSpec {
  store: string;
  status?: string;
  /** When the "delivered" history row was written (null: none). */
  deliveredAt?: number | null;
  method?: "COD" | "ONLINE";
  discount?: number;
  lines: LineSpec[];
}

/** An order of `user` exactly as given: its lines, its status and the history row of its delivery. */
async function addOrder(user: string, o: OrderSpec) {
  const id = hex();
  const now = Date.now();
  const itemIds = o.lines.map(() => hex());
  const subTotal = o.lines.reduce(
    (sum, l) => sum + (l.picked ?? l.quantity) * (l.price ?? 5000) + (l.replacedBy ? l.replacedBy.quantity * l.replacedBy.unitPrice : 0),
    0,
  );
  const deliveredAt = o.deliveredAt === undefined ? now - HOUR : o.deliveredAt;
  await env.DB.batch([
    env.DB.prepare(
      `insert into orders (id, order_id, user_id, delivery_address, payment_method, payment_status, status, sub_total, discount, total, store_id, created_at, updated_at)
       values (?, ?, ?, '{}', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).bind(
      id,
      `ORD-X-${id}`,
      user,
      o.method ?? "COD",
      o.method === "ONLINE" ? "PAID" : "PENDING",
      o.status ?? "delivered",
      subTotal,
      o.discount ?? 0,
      subTotal - (o.discount ?? 0),
      o.store,
      now - 2 * HOUR,
      now,
    ),
    ...o.lines.map((l, i) =>
      env.DB.prepare(
        `insert into order_items (id, order_id, product_id, name, unit, quantity, unit_price, unit_final_price, picked,
           replaced_by_product_id, replaced_by_name, replaced_by_quantity, replaced_by_unit_price)
         values (?, ?, ?, ?, '1 pc', ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(
        itemIds[i],
        id,
        l.productId,
        l.name ?? `Item ${i}`,
        l.quantity,
        l.price ?? 5000,
        l.price ?? 5000,
        l.picked === undefined ? l.quantity : l.picked,
        l.replacedBy?.productId ?? null,
        l.replacedBy?.name ?? null,
        l.replacedBy?.quantity ?? 0,
        l.replacedBy?.unitPrice ?? 0,
      ),
    ),
    ...(deliveredAt === null
      ? []
      : [env.DB.prepare("insert into order_status_history (id, order_id, status, created_at) values (?, ?, 'delivered', ?)").bind(hex(), id, deliveredAt)]),
  ]);
  return { id, itemIds };
}

const report = (token: string | undefined, body: unknown) => api("/api/order/report", { method: "POST", token, body });

/** A multipart /api report (fields as given, `lines` as JSON text) with an optional photo. */
function multipartReport(token: string, fields: Record<string, string>, photo?: File) {
  const form = formOf(fields);
  if (photo) form.append("photo", photo);
  return SELF.fetch(`${BASE}/api/order/report`, { method: "POST", headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": randomIp() }, body: form });
}

async function reportsOf(orderId: string) {
  const { results } = await env.DB.prepare(
    "select id, status, claimed_amount as claimed, refund_to as refundTo, comment, photo_key as photoKey, store_id as storeId from order_reports where order_id = ? order by created_at",
  )
    .bind(orderId)
    .all<{ id: string; status: string; claimed: number; refundTo: string; comment: string | null; photoKey: string | null; storeId: string }>();
  return results;
}

async function linesOf(orderId: string) {
  const { results } = await env.DB.prepare(
    "select report_id as reportId, order_item_id as itemId, product_id as productId, quantity, reason, amount, open from order_report_lines where order_id = ? order by rowid",
  )
    .bind(orderId)
    .all<{ reportId: string; itemId: string; productId: string; quantity: number; reason: string; amount: number; open: number }>();
  return results;
}

/** Decides a report as the support queue would (not this part's work): approved with `units` per line, or declined. */
async function decide(reportId: string, decision: { approve: number | null } | { decline: string }) {
  if ("decline" in decision) {
    await env.DB.prepare("update order_reports set status = 'declined', decision_reason = ? where id = ?").bind(decision.decline, reportId).run();
    return;
  }
  const claimed = (await env.DB.prepare("select claimed_amount as c from order_reports where id = ?").bind(reportId).first<{ c: number }>())!.c;
  await env.DB.batch([
    env.DB.prepare("update order_report_lines set approved_quantity = ? where report_id = ?").bind(decision.approve, reportId),
    env.DB.prepare("update order_reports set status = 'approved', approved_amount = ? where id = ?").bind(claimed, reportId),
  ]);
}

let alice: Person;
let bob: Person;
let store: string;

beforeAll(async () => {
  [alice, bob] = [await person(), await person()];
  store = await newStore();
});

describe("reporting an item over /api", () => {
  it("reports a delivered item (201), values it at the price paid, lists it on the order, and the rules approve a first small claim at once", async () => {
    const [bread, eggs] = [await product("Bread"), await product("Eggs")];
    const order = await addOrder(alice.userId, {
      store,
      lines: [
        { productId: bread, name: "Bread", quantity: 2, price: 4500 },
        { productId: eggs, name: "Eggs", quantity: 1, price: 9000 },
      ],
    });
    const res = await report(alice.token, {
      _id: order.id,
      lines: [{ productId: bread, quantity: 2, reason: "missing" }],
      comment: "  Not in the bag \r\n at all ",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ reportId: expect.stringMatching(/^[0-9a-f]{24}$/), status: "approved", claimedAmount: 90, refundTo: "wallet" });
    const [row] = await reportsOf(order.id);
    expect(row).toMatchObject({
      id: res.body.data.reportId,
      status: "approved",
      claimed: 9000,
      refundTo: "wallet",
      comment: "Not in the bag \n at all",
      photoKey: null,
      storeId: store,
    });
    expect(await linesOf(order.id)).toEqual([
      { reportId: row.id, itemId: order.itemIds[0], productId: bread, quantity: 2, reason: "missing", amount: 9000, open: 0 },
    ]);

    const listed = await api(`/api/order/reports?_id=${order.id}`, { token: alice.token });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        _id: row.id,
        status: "approved",
        claimedAmount: 90,
        photo: null,
        lines: [expect.objectContaining({ productId: bread, name: "Bread", quantity: 2, reason: "missing", amount: 90 })],
      }),
    ]);
    expect((await api(`/api/order/reports?_id=${order.id}`, { token: bob.token })).status).toBe(404);
    // Alice's first claim (₹90, within the rules out of the box) is already in her wallet.
    const wallet = await api("/api/wallet", { token: alice.token });
    expect(wallet.status).toBe(200);
    expect(wallet.body.data.entries).toEqual([expect.objectContaining({ kind: "refund", order_ref: order.id })]);
  });

  it("values a unit at what was paid for it: the coupon's share taken off, rounded up", async () => {
    const [a, b] = [await product("Atta"), await product("Dal")];
    // Items ₹300 (₹100 + ₹200) with ₹31 off: a ₹100 unit was paid ₹100 − ⌈31 × 100 / 300⌉ = ₹89.66.
    const order = await addOrder(alice.userId, {
      store,
      discount: 3100,
      lines: [
        { productId: a, quantity: 1, price: 10000 },
        { productId: b, quantity: 1, price: 20000 },
      ],
    });
    const res = await report(alice.token, { _id: order.id, lines: [{ productId: a, quantity: 1, reason: "damaged" }] });
    expect(res.status).toBe(201);
    expect((await reportsOf(order.id))[0].claimed).toBe(10000 - 1034);
  });

  it("is the order's shopper's alone: anyone else's or an unknown order is 404, a guest 401", async () => {
    const bread = await product("Bread");
    const order = await addOrder(alice.userId, { store, lines: [{ productId: bread, quantity: 1 }] });
    const body = { _id: order.id, lines: [{ productId: bread, quantity: 1, reason: "missing" }] };
    const other = await report(bob.token, body);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe("Order not found");
    expect((await report(alice.token, { ...body, _id: hex() })).status).toBe(404);
    expect((await report(undefined, body)).status).toBe(401);
    expect(await reportsOf(order.id)).toEqual([]);
  });

  it("only once delivered: every other state, and a delivered order without its delivery time, is 409", async () => {
    const bread = await product("Bread");
    for (const status of ["placed", "packed", "out_for_delivery", "cancelled"]) {
      const order = await addOrder(alice.userId, { store, status, deliveredAt: null, lines: [{ productId: bread, quantity: 1 }] });
      const res = await report(alice.token, { _id: order.id, lines: [{ productId: bread, quantity: 1, reason: "missing" }] });
      expect(res.status, status).toBe(409);
      expect(res.body.message).toMatch(/once your order is delivered/);
      expect(await reportsOf(order.id)).toEqual([]);
    }
    const noTime = await addOrder(alice.userId, { store, deliveredAt: null, lines: [{ productId: bread, quantity: 1 }] });
    const res = await report(alice.token, { _id: noTime.id, lines: [{ productId: bread, quantity: 1, reason: "missing" }] });
    expect(res.status).toBe(409);
    expect(await reportsOf(noTime.id)).toEqual([]);
  });

  it("only within the store's window after delivery, up to its last millisecond", async () => {
    const bread = await product("Bread");
    const short = await newStore({ windowHours: 2 });
    const deliveredAt = Date.now() - HOUR;
    const lines = [{ productId: bread, quantity: 1, reason: "missing" as const }];
    const input = (orderId: string) => ({ orderId, lines, comment: null, refundTo: "wallet" as const });

    const last = await addOrder(alice.userId, { store: short, deliveredAt, lines: [{ productId: bread, quantity: 1 }] });
    expect(await outcomeOf(submitReport(context(), { id: alice.userId }, input(last.id), deliveredAt + 2 * HOUR))).toEqual({ ok: true });

    const late = await addOrder(alice.userId, { store: short, deliveredAt, lines: [{ productId: bread, quantity: 1 }] });
    const refused = await outcomeOf(submitReport(context(), { id: alice.userId }, input(late.id), deliveredAt + 2 * HOUR + 1));
    expect(refused).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringMatching(/^Items can be reported within 2 hours of delivery: the time to report this order ended on /),
    });
    expect(await reportsOf(late.id)).toEqual([]);

    // Over /api, with the store's own window: 3 hours after delivery is past 2 hours, not past 48.
    const old = await addOrder(alice.userId, { store: short, deliveredAt: Date.now() - 3 * HOUR, lines: [{ productId: bread, quantity: 1 }] });
    expect((await report(alice.token, { _id: old.id, lines })).status).toBe(409);
    const roomy = await addOrder(alice.userId, { store, deliveredAt: Date.now() - 3 * HOUR, lines: [{ productId: bread, quantity: 1 }] });
    expect((await report(alice.token, { _id: roomy.id, lines })).status).toBe(201);
  });

  it("never more than was delivered: picked units, replacement units, minus units approved before", async () => {
    const [milk, oatMilk, curd] = [await product("Milk"), await product("Oat milk"), await product("Curd")];
    // Milk: 3 ordered, 1 picked, the 2 missing replaced by oat milk; curd: 2 ordered, 0 picked (refunded at the pick).
    const order = await addOrder(alice.userId, {
      store,
      lines: [
        {
          productId: milk,
          name: "Milk",
          quantity: 3,
          picked: 1,
          price: 3000,
          replacedBy: { productId: oatMilk, name: "Oat milk", quantity: 2, unitPrice: 2800 },
        },
        { productId: curd, name: "Curd", quantity: 2, picked: 0, price: 4000 },
      ],
    });
    const one = (productId: string, quantity: number) => report(alice.token, { _id: order.id, lines: [{ productId, quantity, reason: "damaged" }] });

    const tooMany = await one(milk, 2);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe("You can report at most 1 of Milk: 1 delivered");
    expect(tooMany.body.errors).toEqual({ "lines.0.quantity": ["You can report at most 1 of Milk: 1 delivered"] });
    const none = await one(curd, 1);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe("Nothing more of Curd can be reported: 0 delivered");
    expect((await one(oatMilk, 3)).status).toBe(409);
    expect(await reportsOf(order.id)).toEqual([]);

    // The replacement by its own productId: the replacement's units and price.
    const oat = await one(oatMilk, 2);
    expect(oat.status).toBe(201);
    expect(await linesOf(order.id)).toMatchObject([{ itemId: order.itemIds[0], productId: oatMilk, quantity: 2, amount: 5600 }]);
    // One approved (of 2): one oat milk is left; the line's own milk is apart.
    await decide(oat.body.data.reportId, { approve: 1 });
    const again = await one(oatMilk, 2);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("You can report at most 1 of Oat milk: 2 delivered, 1 already refunded by earlier reports");
    expect((await one(oatMilk, 1)).status).toBe(201);
    // A line's own product and its replacement are one line: one at a time.
    const both = await report(alice.token, {
      _id: order.id,
      lines: [
        { productId: milk, quantity: 1, reason: "missing" },
        { productId: oatMilk, quantity: 1, reason: "missing" },
      ],
    });
    expect(both.status).toBe(400);
    expect(both.body.message).toMatch(/one at a time/);
  });

  it("keeps one open report per item: a second one is 409 until the first is answered", async () => {
    const [bread, eggs] = [await product("Bread"), await product("Eggs")];
    const order = await addOrder(alice.userId, {
      store,
      lines: [
        { productId: bread, name: "Bread", quantity: 4 },
        { productId: eggs, name: "Eggs", quantity: 6 },
      ],
    });
    const first = await report(alice.token, { _id: order.id, lines: [{ productId: bread, quantity: 1, reason: "damaged" }] });
    expect(first.status).toBe(201);
    const second = await report(alice.token, {
      _id: order.id,
      lines: [
        { productId: eggs, quantity: 1, reason: "damaged" },
        { productId: bread, quantity: 1, reason: "missing" },
      ],
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe("Bread already has a report under review: you can report it again once that report is answered");
    // Refused as a whole: the eggs were not reported either.
    expect(await reportsOf(order.id)).toHaveLength(1);
    expect((await report(alice.token, { _id: order.id, lines: [{ productId: eggs, quantity: 1, reason: "damaged" }] })).status).toBe(201);
    // Declined: the bread can be reported again (declined units do not count as refunded).
    await decide(first.body.data.reportId, { decline: "The photo shows a whole loaf" });
    expect((await report(alice.token, { _id: order.id, lines: [{ productId: bread, quantity: 4, reason: "missing" }] })).status).toBe(201);
  });

  it("gives exactly one report of 30 parallel submissions for one item", async () => {
    const bread = await product("Bread");
    const order = await addOrder(alice.userId, { store, lines: [{ productId: bread, name: "Bread", quantity: 5 }] });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => report(alice.token, { _id: order.id, lines: [{ productId: bread, quantity: (i % 5) + 1, reason: "missing" }] })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(29).fill(409)]);
    expect(results.filter((r) => r.status === 409).every((r) => /under review/.test(r.body.message))).toBe(true);
    expect(await reportsOf(order.id)).toHaveLength(1);
    expect(await linesOf(order.id)).toHaveLength(1);
  });

  it("never refunds more units than delivered under 30 parallel submissions after earlier approvals", async () => {
    const bread = await product("Bread");
    const order = await addOrder(alice.userId, { store, lines: [{ productId: bread, name: "Bread", quantity: 3 }] });
    const first = await report(alice.token, { _id: order.id, lines: [{ productId: bread, quantity: 2, reason: "missing" }] });
    await decide(first.body.data.reportId, { approve: null });
    // One unit is left: 30 parallel asks for 2 are all refused, whichever runs first.
    const results = await Promise.all(
      Array.from({ length: 30 }, () => report(alice.token, { _id: order.id, lines: [{ productId: bread, quantity: 2, reason: "damaged" }] })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(30).fill(409));
    expect(new Set(results.map((r) => r.body.message))).toEqual(
      new Set(["You can report at most 1 of Bread: 3 delivered, 2 already refunded by earlier reports"]),
    );
    expect((await linesOf(order.id)).map((l) => l.quantity)).toEqual([2]);
    expect((await report(alice.token, { _id: order.id, lines: [{ productId: bread, quantity: 1, reason: "damaged" }] })).status).toBe(201);
  });

  it("refunds a cash order to the wallet only; an online order may choose its original payment", async () => {
    const bread = await product("Bread");
    const cash = await addOrder(alice.userId, { store, lines: [{ productId: bread, quantity: 1 }] });
    const lines = [{ productId: bread, quantity: 1, reason: "missing" }];
    const refused = await report(alice.token, { _id: cash.id, lines, refundTo: "original" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("This order was paid in cash: its refund goes to your FreshDash wallet");
    const online = await addOrder(alice.userId, { store, method: "ONLINE", lines: [{ productId: bread, quantity: 1 }] });
    expect((await report(alice.token, { _id: online.id, lines, refundTo: "original" })).status).toBe(201);
    expect((await reportsOf(online.id))[0].refundTo).toBe("original");
  });

  it("refuses bad input with 400 and a message, and writes nothing", async () => {
    const bread = await product("Bread");
    const order = await addOrder(alice.userId, { store, lines: [{ productId: bread, quantity: 2 }] });
    const line = { productId: bread, quantity: 1, reason: "missing" };
    const cases: [unknown, RegExp][] = [
      [{ _id: order.id }, /lines/],
      [{ _id: order.id, lines: [] }, /at least one item/],
      [{ _id: order.id, lines: [{ ...line, quantity: 0 }] }, /whole number of at least 1/],
      [{ _id: order.id, lines: [{ ...line, quantity: 1.5 }] }, /whole number of at least 1/],
      [{ _id: order.id, lines: [{ ...line, quantity: "two" }] }, /whole number of at least 1/],
      [{ _id: order.id, lines: [{ ...line, reason: "stolen" }] }, /Choose what went wrong/],
      [{ _id: order.id, lines: [{ ...line, productId: "nope" }] }, /not a valid product id/],
      [{ _id: order.id, lines: [{ ...line, productId: hex() }] }, /not on this order/],
      [{ _id: order.id, lines: [line, line] }, /Name each item once/],
      [{ _id: order.id, lines: [line], comment: "x".repeat(501) }, /at most 500 characters/],
      [{ _id: order.id, lines: [line], comment: "bad\u0000byte" }, /control characters/],
      [{ _id: order.id, lines: [line], comment: "bell\u0007" }, /control characters/],
      [{ _id: order.id, lines: [line], comment: 7 }, /must be text/],
      [{ _id: order.id, lines: [line], refundTo: "cash" }, /Choose where the refund goes/],
      [{ _id: "not-an-id", lines: [line] }, /not a valid order id/],
      [{ lines: [line] }, /Order id is required/],
    ];
    for (const [body, message] of cases) {
      const res = await report(alice.token, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message + JSON.stringify(res.body.errors ?? "")).toMatch(message);
    }
    expect((await report(alice.token, "{not json")).status).toBe(400);
    expect((await api("/api/order/report", { token: alice.token })).status).toBe(405);
    const badLines = await multipartReport(alice.token, { _id: order.id, lines: "[{not json" });
    expect(badLines.status).toBe(400);
    expect(await reportsOf(order.id)).toEqual([]);
    // 500 characters (an emoji is one) is fine.
    expect((await report(alice.token, { _id: order.id, lines: [line], comment: "🥚".repeat(500) })).status).toBe(201);
  });
});

describe("a report's photo", () => {
  const PNG_ONLY_BY_NAME = new TextEncoder().encode("this is not an image at all, only a name that says so".repeat(4));

  async function reportWithPhoto(owner: Person, orderStore: string, photo: File) {
    const bread = await product("Bread");
    const order = await addOrder(owner.userId, { store: orderStore, lines: [{ productId: bread, quantity: 1 }] });
    const res = await multipartReport(
      owner.token,
      { _id: order.id, lines: JSON.stringify([{ productId: bread, quantity: 1, reason: "damaged" }]), comment: "See the photo" },
      photo,
    );
    return { order, res, body: (await res.json()) as any };
  }

  it("takes a PNG by its bytes over multipart and keeps it under the private prefix", async () => {
    const { order, res, body } = await reportWithPhoto(alice, store, imageFile(TINY_PNG, "broken.png"));
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.data.photo).toBe(`/report-photo/${body.data.reportId}`);
    const [row] = await reportsOf(order.id);
    expect(row.photoKey).toBe(`private/reports/${row.id}.png`);
    const object = await env.IMAGES.get(row.photoKey!);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(TINY_PNG);
    expect(object!.httpMetadata?.contentType).toBe("image/png");
  });

  it("refuses a file named .jpg whose bytes are no image (415) and one over 5 MB (413): no report, no object", async () => {
    const fake = await reportWithPhoto(alice, store, imageFile(PNG_ONLY_BY_NAME as Uint8Array<ArrayBuffer>, "eggs.jpg", "image/jpeg"));
    expect(fake.res.status).toBe(415);
    expect(fake.body.message).toBe("The photo must be a JPEG, PNG or WebP image");
    expect(await reportsOf(fake.order.id)).toEqual([]);

    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(TINY_PNG);
    const large = await reportWithPhoto(alice, store, imageFile(big, "huge.png"));
    expect(large.res.status).toBe(413);
    expect(large.body.message).toBe("The photo is too large: at most 5 MB");
    expect(await reportsOf(large.order.id)).toEqual([]);
    const left = await env.IMAGES.list({ prefix: "private/reports/" });
    const keys = new Set(left.objects.map((o) => o.key));
    const reported = await env.DB.prepare("select photo_key as k from order_reports where photo_key is not null").all<{ k: string }>();
    // Every stored photo belongs to a report: the refused ones left nothing behind.
    expect([...keys].every((key) => reported.results.some((r) => r.k === key))).toBe(true);
  });

  it("removes the photo again when the report is refused after it was stored", async () => {
    const bread = await product("Bread");
    const order = await addOrder(alice.userId, { store, deliveredAt: Date.now() - 49 * HOUR, lines: [{ productId: bread, quantity: 1 }] });
    const before = (await env.IMAGES.list({ prefix: "private/reports/" })).objects.length;
    const res = await multipartReport(
      alice.token,
      { _id: order.id, lines: JSON.stringify([{ productId: bread, quantity: 1, reason: "damaged" }]) },
      imageFile(TINY_PNG),
    );
    expect(res.status).toBe(409);
    expect((await env.IMAGES.list({ prefix: "private/reports/" })).objects.length).toBe(before);
  });

  it("shows the photo to the shopper, the store's staff and admins only (private, no-store); others get 404", async () => {
    const { body } = await reportWithPhoto(alice, store, imageFile(TINY_PNG));
    const path = `/report-photo/${body.data.reportId}`;
    const staff = await staffOf(store);
    const otherStaff = await staffOf(await newStore());
    const admin = await adminCookie();
    for (const [who, cookie] of [
      ["shopper", alice.cookie],
      ["staff", staff.cookie],
      ["admin", admin],
    ] as const) {
      const res = await pageGet(path, cookie);
      expect(res.status, who).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("image/png");
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(TINY_PNG);
    }
    // A bearer token works too (an /api client showing its own report).
    expect((await SELF.fetch(`${BASE}${path}`, { headers: { Authorization: `Bearer ${alice.token}` } })).status).toBe(200);
    for (const [who, cookie] of [
      ["another shopper", bob.cookie],
      ["another store's staff", otherStaff.cookie],
      ["a guest", undefined],
    ] as const) {
      const res = await pageGet(path, cookie);
      expect(res.status, who).toBe(404);
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      await res.arrayBuffer();
    }
    expect((await pageGet(`/report-photo/${hex()}`, admin)).status).toBe(404);
    // The public images route never serves it, whoever asks.
    const [row] = await env.DB.prepare("select photo_key as k from order_reports where id = ?")
      .bind(body.data.reportId)
      .all<{ k: string }>()
      .then((r) => r.results);
    expect((await pageGet(`/images/${row.k}`, admin)).status).toBe(404);
    expect((await pageGet(`/images/${row.k}`)).status).toBe(404);
  });
});

describe("reporting on the order page, without JavaScript", () => {
  const page = (id: string) => `/dashboard/myorders/${id}`;

  it("shows the form while the window is open, takes a plain multipart post with a photo, and lists the report under review", async () => {
    const [bread, eggs] = [await product("Bread"), await product("Eggs")];
    const order = await addOrder(alice.userId, {
      store,
      lines: [
        { productId: bread, name: "Brown bread", quantity: 2, price: 4500 },
        { productId: eggs, name: "Eggs", quantity: 6, picked: 5, price: 800 },
      ],
    });
    const html = htmlText(await (await pageGet(page(order.id), alice.cookie)).text());
    expect(html).toContain("Report an issue");
    expect(html).toMatch(new RegExp(`<form method="post" action="${page(order.id)}" encType="multipart/form-data"`));
    expect(html).toContain('<input type="hidden" name="intent" value="report"/>');
    // One row per item: 0..what was delivered.
    const eggsSelect = html.slice(html.indexOf(`name="quantity.${eggs}"`), html.indexOf("</select>", html.indexOf(`name="quantity.${eggs}"`)));
    expect([...eggsSelect.matchAll(/<option value="(\d+)"/g)].map((m) => m[1])).toEqual(["0", "1", "2", "3", "4", "5"]);
    expect(html).toContain(`name="reason.${bread}"`);
    expect(html).toContain('type="file" name="photo"');
    expect(html).toContain("A refund for a cash order goes to your FreshDash wallet");

    const form = formOf({
      intent: "report",
      [`quantity.${bread}`]: "1",
      [`reason.${bread}`]: "missing",
      [`quantity.${eggs}`]: "0",
      [`reason.${eggs}`]: "",
      comment: "One loaf short",
    });
    form.append("photo", imageFile(TINY_PNG, "bag.png"));
    const res = await pagePost(page(order.id), form, { cookie: alice.cookie });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`${page(order.id)}#reports`);
    const [row] = await reportsOf(order.id);
    expect(row).toMatchObject({ status: "open", claimed: 4500, comment: "One loaf short", photoKey: `private/reports/${row.id}.png` });

    const after = htmlText(await (await pageGet(page(order.id), alice.cookie)).text());
    expect(after).toContain("Your reports");
    expect(after).toContain('data-testid="report-status">Under review<');
    expect(after).toContain("1 × Brown bread: Missing");
    expect(after).toContain(`src="/report-photo/${row.id}"`);
    expect(after).toContain("Under review already: Brown bread.");
    // The bread is under review: only the eggs can be reported now.
    expect(after).not.toContain(`name="quantity.${bread}"`);
    expect(after).toContain(`name="quantity.${eggs}"`);
  });

  it("answers bad input with the reason and what was typed; another's order 404; a closed window shows no form", async () => {
    const bread = await product("Bread");
    const order = await addOrder(alice.userId, { store, lines: [{ productId: bread, name: "Bread", quantity: 2 }] });
    const noReason = await pagePost(
      page(order.id),
      formOf({ intent: "report", [`quantity.${bread}`]: "2", [`reason.${bread}`]: "", comment: "keep this text" }),
      { cookie: alice.cookie },
    );
    expect(noReason.status).toBe(400);
    const text = htmlText(await noReason.text());
    expect(text).toContain("Choose what went wrong");
    expect(text).toContain("keep this text</textarea>");
    const nothing = await pagePost(page(order.id), formOf({ intent: "report", [`quantity.${bread}`]: "0", [`reason.${bread}`]: "" }), { cookie: alice.cookie });
    expect(nothing.status).toBe(400);
    expect(htmlText(await nothing.text())).toContain("Choose at least one item to report");
    const fake = formOf({ intent: "report", [`quantity.${bread}`]: "1", [`reason.${bread}`]: "damaged" });
    fake.append("photo", imageFile(new TextEncoder().encode("GIF89a not really") as Uint8Array<ArrayBuffer>, "x.jpg", "image/jpeg"));
    const badPhoto = await pagePost(page(order.id), fake, { cookie: alice.cookie });
    expect(badPhoto.status).toBe(415);
    expect(htmlText(await badPhoto.text())).toContain("The photo must be a JPEG, PNG or WebP image");
    const other = await pagePost(page(order.id), formOf({ intent: "report", [`quantity.${bread}`]: "1", [`reason.${bread}`]: "missing" }), {
      cookie: bob.cookie,
    });
    expect(other.status).toBe(404);
    expect(await reportsOf(order.id)).toEqual([]);

    const closed = await addOrder(alice.userId, { store, deliveredAt: Date.now() - 49 * HOUR, lines: [{ productId: bread, quantity: 1 }] });
    const closedHtml = await (await pageGet(page(closed.id), alice.cookie)).text();
    expect(closedHtml).not.toContain("Report an issue");
    expect(closedHtml).not.toContain('name="intent" value="report"');
  });

  it("shows an answered report's status in words", async () => {
    const [bread, eggs] = [await product("Bread"), await product("Eggs")];
    const order = await addOrder(alice.userId, {
      store,
      lines: [
        { productId: bread, name: "Bread", quantity: 1, price: 4000 },
        { productId: eggs, name: "Eggs", quantity: 1, price: 9000 },
      ],
    });
    const first = await report(alice.token, { _id: order.id, lines: [{ productId: bread, quantity: 1, reason: "expired" }] });
    await decide(first.body.data.reportId, { approve: 1 });
    const second = await report(alice.token, { _id: order.id, lines: [{ productId: eggs, quantity: 1, reason: "quality" }] });
    await decide(second.body.data.reportId, { decline: "Eggs were checked at packing" });
    const html = htmlText(await (await pageGet(page(order.id), alice.cookie)).text());
    expect(html).toContain('data-testid="report-status">Approved ₹40 to your wallet<');
    expect(html).toContain('data-testid="report-status">Declined: Eggs were checked at packing<');
    // The bread was refunded: only the eggs, whose report was declined, can be reported again.
    expect(html).not.toContain(`name="quantity.${bread}"`);
    expect(html).toContain(`name="quantity.${eggs}"`);
  });
});

describe("the day's reports on the store's metrics", () => {
  const DAY = "2026-03-12";
  const MIDNIGHT = Date.parse(`${DAY}T00:00:00+05:30`);
  let metricsStore: string;

  /** A report of the given lines sent at `at`, inserted as its decision left it. */
  async function seedReport(
    orderId: string,
    at: number,
    r: { status: "open" | "approved" | "declined"; auto?: boolean; approved?: number; refunded?: boolean },
    lines: [itemId: string, productId: string, quantity: number, reason: string, amount: number][],
  ) {
    const id = hex();
    const claimed = lines.reduce((s, l) => s + l[4], 0);
    await env.DB.batch([
      env.DB.prepare(
        `insert into order_reports (id, order_id, user_id, store_id, status, claimed_amount, approved_amount, auto_approved, refund_status, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(
        id,
        orderId,
        alice.userId,
        metricsStore,
        r.status,
        claimed,
        r.status === "approved" ? (r.approved ?? claimed) : null,
        r.auto ? 1 : 0,
        r.refunded ? "refunded" : "none",
        at,
        at,
      ),
      ...lines.map(([itemId, productId, quantity, reason, amount]) =>
        env.DB.prepare(
          "insert into order_report_lines (id, report_id, order_id, order_item_id, product_id, quantity, reason, amount, open) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        ).bind(hex(), id, orderId, itemId, productId, quantity, reason, amount, r.status === "open" ? 1 : 0),
      ),
    ]);
  }

  beforeAll(async () => {
    metricsStore = await newStore({ name: "Metrics Reports" });
    const [bread, eggs, milk, oat] = [await product("Bread"), await product("Eggs"), await product("Milk"), await product("Oat")];
    const mk = () =>
      addOrder(alice.userId, {
        store: metricsStore,
        lines: [
          { productId: bread, name: "Bread", quantity: 5 },
          { productId: eggs, name: "Eggs", quantity: 12 },
          { productId: milk, name: "Milk", quantity: 3, picked: 1, replacedBy: { productId: oat, name: "Oat milk", quantity: 2, unitPrice: 2800 } },
        ],
      });
    const [o1, o2, o3, o4] = [await mk(), await mk(), await mk(), await mk()];
    const at = (h: number) => MIDNIGHT + h * HOUR;
    // Four reports on the day: approved at once, approved in part by a person, declined, open.
    await seedReport(o1.id, at(9), { status: "approved", auto: true, refunded: true }, [
      [o1.itemIds[0], bread, 2, "missing", 9000],
      [o1.itemIds[1], eggs, 1, "damaged", 800],
    ]);
    await seedReport(o2.id, at(12), { status: "approved", approved: 5000 }, [[o2.itemIds[1], eggs, 12, "damaged", 9600]]);
    await seedReport(o3.id, at(15), { status: "declined" }, [[o3.itemIds[2], oat, 2, "expired", 5600]]);
    await seedReport(o4.id, MIDNIGHT + 24 * HOUR - 1, { status: "open" }, [[o4.itemIds[0], bread, 1, "missing", 4500]]);
    // Not the day: a millisecond before it and the next day's first instant.
    await seedReport(o4.id, MIDNIGHT - 1, { status: "declined" }, [[o4.itemIds[1], eggs, 3, "quality", 2400]]);
    await seedReport(o4.id, MIDNIGHT + 24 * HOUR, { status: "declined" }, [[o4.itemIds[1], eggs, 3, "quality", 2400]]);
  });

  it("counts the day's reports, their value, the auto-approved share, top reasons and products, still in one D1 round trip", async () => {
    const ctx = { cloudflare: { env: { ...env, BENCH: "1" } } } as unknown as AppLoadContext;
    const m = (await readStoreMetrics(ctx, metricsStore, parseMetricsDay(DAY, Date.now())!))!;
    expect(d1Counter(ctx).count).toBe(1);
    expect(m.reports).toEqual({
      count: 4,
      open: 1,
      approved: 2,
      declined: 1,
      autoApproved: 1,
      claimed: 9800 + 9600 + 5600 + 4500,
      approvedValue: 9800 + 5000,
      refundedValue: 9800,
      reasons: [
        { reason: "damaged", lines: 2, units: 13, claimed: 10400 },
        { reason: "missing", lines: 2, units: 3, claimed: 13500 },
        { reason: "expired", lines: 1, units: 2, claimed: 5600 },
        { reason: "wrong_item", lines: 0, units: 0, claimed: 0 },
        { reason: "quality", lines: 0, units: 0, claimed: 0 },
      ],
      products: [
        { productId: expect.any(String), name: "Eggs", lines: 2, units: 13, claimed: 10400 },
        { productId: expect.any(String), name: "Bread", lines: 2, units: 3, claimed: 13500 },
        { productId: expect.any(String), name: "Oat milk", lines: 1, units: 2, claimed: 5600 },
      ],
    });
  });

  it("shows them on the page and in the CSV", async () => {
    const admin = await adminCookie();
    const html = htmlText(await (await pageGet(`/dashboard/stores/${metricsStore}/metrics?date=${DAY}`, admin)).text());
    const text = (attr: string, until = "</dd>") => {
      const start = html.indexOf(attr);
      expect(start, attr).toBeGreaterThan(-1);
      return html
        .slice(html.indexOf(">", start) + 1, html.indexOf(until, start))
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim();
    };
    expect(text('data-metric="reports"')).toBe("4 (1 under review, 2 approved, 1 declined)");
    expect(text('data-metric="reports-claimed"')).toBe("₹295");
    expect(text('data-metric="reports-approved"')).toBe("₹148");
    expect(text('data-metric="reports-auto"')).toBe("1 of 4 (25.0 %)");
    expect(text('data-reason="missing"', "</tr>")).toBe("Missing 2 ₹135");
    expect(text("data-report-products", "</table>")).toContain("Eggs 2 13 ₹104");

    const csv = await pageGet(`/dashboard/stores/${metricsStore}/metrics.csv?date=${DAY}`, admin);
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).split("\r\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        "reports,4",
        "reports open,1",
        "reports approved,2",
        "reports declined,1",
        "reports auto-approved,1",
        "reports auto-approved (%),25.0",
        "reports claimed value (INR),295.00",
        "reports approved value (INR),148.00",
        "reports refunded value (INR),98.00",
        "reported missing: items,2",
        "reported missing: units,3",
        "reported missing: value (INR),135.00",
        "reported wrong item: items,0",
        "reported poor quality: value (INR),0.00",
        "most reported product 1,Eggs",
        "most reported product 1: reports,2",
        "most reported product 1: units,13",
        "most reported product 1: value (INR),104.00",
        "most reported product 3,Oat milk",
      ]),
    );
    // The rows come in a fixed order: the counts, every reason in the form's order, then the products.
    const first = lines.indexOf("reports,4");
    expect(lines.slice(first, first + 9).map((l) => l.split(",")[0])).toEqual([
      "reports",
      "reports open",
      "reports approved",
      "reports declined",
      "reports auto-approved",
      "reports auto-approved (%)",
      "reports claimed value (INR)",
      "reports approved value (INR)",
      "reports refunded value (INR)",
    ]);
  });

  it("says so on a day without reports", async () => {
    const html = await (await pageGet(`/dashboard/stores/${metricsStore}/metrics?date=2026-03-01`, await adminCookie())).text();
    expect(html).toContain("No shopper reported an item on this day.");
  });
});
