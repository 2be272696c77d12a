/**
 * Orders driven to delivered through the store's own /api (checkout and the fake Stripe's webhook,
 * or cash; pick, ready, dispatch, deliver with the code), and approved reports on them written as
 * the report and decision code writes them (status `approved`, `approved_amount`, each line's
 * approved units and paise, `refund_to`, `refund_status = 'pending'`).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { expect, inject } from "vitest";
import { newId } from "~/lib/ids";
import { orders, type ReportRefundDestination } from "~/db/schema";
import { getDb } from "../../app/server/db/db.server";
import { walletEntry } from "../../app/server/wallet/ledger.server";
import type { RefundRequest } from "../support/fake-stripe";
import { completedEvent, sendWebhook, stripeSession } from "../security/support-pay";
import { api, login, makeProduct, newShopper, VALID_ADDRESS } from "./api-client";
import { codOrder } from "./invoice-support";
import { confirmAllLines } from "./pick-support";

export const hex = (bytes: number) => crypto.getRandomValues(new Uint8Array(bytes)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "");

export const userIdOf = async (email: string) => (await env.DB.prepare("select id from users where email = ?").bind(email).first<{ id: string }>())!.id;

let picker: string | null = null;

/** A picker of the default store (made once per test file): picks, sends out and delivers. */
async function pickerToken(): Promise<string> {
  if (picker) return picker;
  const admin = await login("admin@example.com", "Admin@12345");
  const person = await newShopper();
  const storeId = (await env.DB.prepare("select id from stores where is_default = 1").first<{ id: string }>())!.id;
  const res = await api("/api/store/staff", { method: "POST", token: admin, body: { storeId, email: person.email, role: "picker" } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  picker = await login(person.email, "Test@12345");
  return picker;
}

export interface Shopper {
  token: string;
  email: string;
  id: string;
}

export async function shopper(): Promise<Shopper> {
  const person = await newShopper();
  return { ...person, id: await userIdOf(person.email) };
}

export interface Line {
  productId: string;
  quantity: number;
}

export interface PlacedOrder {
  id: string;
  shopper: Shopper;
  /** The payment intent the store recorded (online orders). */
  pi: string | null;
  /** The Checkout Session Stripe charged (online orders). */
  sessionId: string | null;
}

/** Products at the default store, in rupees. */
export async function products(...prices: number[]) {
  return Promise.all(prices.map((price) => makeProduct({ name: "Refund Item", price, stock: 50 })));
}

/** An online order paid at the fake Stripe under payment intent `pi` (`pi_lost…`, `pi_refuse…` steer the fake's refunds). */
export async function onlineOrder(lines: Line[], pi = `pi_${hex(12)}`, who?: Shopper): Promise<PlacedOrder> {
  const buyer = who ?? (await shopper());
  const address = await api("/api/address/create", { method: "POST", token: buyer.token, body: VALID_ADDRESS });
  const checkout = await api("/api/order/checkout", { method: "POST", token: buyer.token, body: { list_items: lines, addressId: address.body.data._id } });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  const sessionId = checkout.body.id as string;
  const id = (await env.DB.prepare("select id from orders where stripe_session_id = ?").bind(sessionId).first<{ id: string }>())!.id;
  expect((await sendWebhook(await completedEvent(sessionId, { payment_intent: pi }))).status).toBe(200);
  return { id, shopper: buyer, pi, sessionId };
}

/** A cash order, with a coupon and a tip (rupees) when told. */
export async function cashOrder(lines: Line[], extra: { couponCode?: string; tip?: number } = {}): Promise<PlacedOrder> {
  const buyer = await shopper();
  if (!extra.couponCode && !extra.tip) return { id: await codOrder(buyer.token, lines), shopper: buyer, pi: null, sessionId: null };
  const address = await api("/api/address/create", { method: "POST", token: buyer.token, body: VALID_ADDRESS });
  const res = await api("/api/order/cash-on-delivery", {
    method: "POST",
    token: buyer.token,
    body: { list_items: lines, addressId: address.body.data._id, ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data._id as string, shopper: buyer, pi: null, sessionId: null };
}

/** A flat coupon of `rupees` off, live now, made by an admin through /api. */
export async function flatCoupon(rupees: number): Promise<string> {
  const admin = await login("admin@example.com", "Admin@12345");
  const code = `RF${hex(6).toUpperCase()}`;
  const day = 24 * 60 * 60 * 1000;
  const body = { code, type: "flat", value: rupees, startsAt: Date.now() - day, endsAt: Date.now() + day };
  const res = await api("/api/coupon/create", { method: "POST", token: admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return code;
}

/** What the fake Stripe charged for the order's Checkout Session, in paise. */
export async function charged(order: PlacedOrder): Promise<number> {
  return (await stripeSession(order.sessionId!)).amount_total;
}

/**
 * Part of the order's total paid from the wallet, as the checkout that spends it writes it:
 * `orders.wallet_paid` and the ledger's `order_payment` entry (after goodwill that gives the
 * shopper the balance). Here the online part was charged in full by the fake Stripe; the store's
 * records are what the refund and the reconciliation read.
 */
export async function payPartFromWallet(order: PlacedOrder, walletPaid: number) {
  const db = getDb({ cloudflare: { env } } as unknown as AppLoadContext);
  const userId = order.shopper.id;
  await db.batch([
    walletEntry(db, { userId, amount: walletPaid, kind: "goodwill", ref: `fixture-${order.id}` }),
    walletEntry(db, { userId, amount: -walletPaid, kind: "order_payment", ref: order.id, orderId: order.id }),
    db.update(orders).set({ walletPaid }).where(eq(orders.id, order.id)),
  ]);
}

/** Picks (`picked` per product, the rest in full), marks ready, sends out and delivers with the shopper's code. */
export async function deliverOrder(orderId: string, picked: Record<string, number> = {}) {
  const token = await pickerToken();
  const { results } = await env.DB.prepare("select product_id as productId, quantity from order_items where order_id = ? order by rowid")
    .bind(orderId)
    .all<{ productId: string; quantity: number }>();
  await confirmAllLines(orderId);
  const lines = results.map((l) => ({ productId: l.productId, picked: picked[l.productId] ?? l.quantity }));
  const steps: [string, Record<string, unknown>][] = [
    ["/api/order/pick", { _id: orderId, lines }],
    ["/api/order/ready", { _id: orderId }],
    ["/api/order/dispatch", { _id: orderId }],
  ];
  for (const [path, body] of steps) {
    const res = await api(path, { method: "POST", token, body });
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  }
  const { code } = (await env.DB.prepare("select delivery_code as code from orders where id = ?").bind(orderId).first<{ code: string }>())!;
  const delivered = await api("/api/order/deliver", { method: "POST", token, body: { _id: orderId, code } });
  expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
}

export interface ReportedLine {
  productId: string;
  quantity: number;
  /** Units approved (default: all reported); 0 or null with `approvedAmount` for an approval by amount. */
  approvedQuantity?: number | null;
  /** Paise approved on the line (default: the approved units at the price paid). */
  approvedAmount?: number;
}

/**
 * An approved report of the order's `lines` (each worth its units at the line's price paid), its
 * refund pending to `refundTo`. `approvedAmount` defaults to the lines' approved paise.
 */
export async function approvedReport(
  orderId: string,
  lines: ReportedLine[],
  { refundTo = "wallet", approvedAmount }: { refundTo?: ReportRefundDestination; approvedAmount?: number } = {},
) {
  const order = (await env.DB.prepare("select user_id as userId, store_id as storeId from orders where id = ?")
    .bind(orderId)
    .first<{ userId: string; storeId: string }>())!;
  const reportId = newId();
  const rows = [];
  for (const line of lines) {
    const item = (await env.DB.prepare("select id, unit_final_price as price from order_items where order_id = ? and product_id = ?")
      .bind(orderId, line.productId)
      .first<{ id: string; price: number }>())!;
    const amount = line.quantity * item.price;
    const approvedQuantity = line.approvedQuantity === undefined ? line.quantity : line.approvedQuantity;
    rows.push({ ...line, itemId: item.id, amount, approvedQuantity, approvedAmount: line.approvedAmount ?? (approvedQuantity ?? 0) * item.price });
  }
  const claimed = rows.reduce((s, r) => s + r.amount, 0);
  const approved = approvedAmount ?? rows.reduce((s, r) => s + r.approvedAmount, 0);
  await env.DB.batch([
    env.DB.prepare(
      `insert into order_reports (id, order_id, user_id, store_id, status, claimed_amount, approved_amount, refund_to, auto_approved, decided_at, refund_status)
       values (?, ?, ?, ?, 'approved', ?, ?, ?, 1, ?, 'pending')`,
    ).bind(reportId, orderId, order.userId, order.storeId, claimed, approved, refundTo, Date.now()),
    ...rows.map((r) =>
      env.DB.prepare(
        `insert into order_report_lines (id, report_id, order_id, order_item_id, product_id, quantity, reason, amount, open, approved_quantity, approved_amount)
         values (?, ?, ?, ?, ?, ?, 'damaged', ?, 0, ?, ?)`,
      ).bind(newId(), reportId, orderId, r.itemId, r.productId, r.quantity, r.amount, r.approvedQuantity, r.approvedAmount),
    ),
  ]);
  return { id: reportId, approved };
}

export async function reportRow(reportId: string) {
  return (await env.DB.prepare(
    "select refund_status as refundStatus, refund_stripe_amount as stripeAmount, stripe_refund_id as stripeRefundId, refund_claimed_at as claimedAt from order_reports where id = ?",
  )
    .bind(reportId)
    .first<{ refundStatus: string; stripeAmount: number | null; stripeRefundId: string | null; claimedAt: number | null }>())!;
}

/** The fake Stripe's refunds of a payment intent: those really made and every request with its key. */
export async function stripeRefunds(pi: string) {
  const res = await fetch(`${inject("stripeBase")}/__control/refunds?payment_intent=${pi}`);
  return (await res.json()) as { refunds: { id: string; amount: number }[]; requests: RefundRequest[] };
}

/** The wallet's entries for a report's refund (kind `refund`, ref the report). */
export async function walletRefunds(reportId: string) {
  const { results } = await env.DB.prepare("select user_id as userId, amount, order_id as orderId from wallet_entries where kind = 'refund' and ref = ?")
    .bind(reportId)
    .all<{ userId: string; amount: number; orderId: string }>();
  return results;
}
