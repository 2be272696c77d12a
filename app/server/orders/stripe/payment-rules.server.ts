/**
 * When a Stripe payment may pay an order, and the statements that mark it paid: shared by the
 * webhook and the sweep of lost webhooks, so both apply the same rules.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { orders, orderStatusHistory } from "~/db/schema";
import { newId } from "~/lib/ids";
import type { Database } from "~/server/db/db.server";

/** Checkout Sessions are in rupees; an event in any other currency never pays an order. */
export const STORE_CURRENCY = "inr";

/**
 * Stripe's smallest charge in rupees (₹0.50, in paise): it refuses a Checkout Session for less, so
 * an online order below it is refused before it is placed (docs/decisions/039-exact-money-input.md).
 */
export const MIN_ONLINE_PAISE = 50;

/** What a payment is checked against (see {@link paymentMismatch}). */
export const orderForPayment = {
  id: orders.id,
  userId: orders.userId,
  storeId: orders.storeId,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  paymentMethod: orders.paymentMethod,
  total: orders.total,
  walletPaid: orders.walletPaid,
};

export interface OrderForPayment {
  id: string;
  userId: string;
  storeId: string | null;
  status: string;
  paymentStatus: string;
  paymentMethod: string;
  total: number;
  /** What the wallet paid when the order was placed: Stripe is asked only for the rest. */
  walletPaid: number;
}

/**
 * Why a paid Checkout Session may not pay this order, or null when it may. The order was found by
 * its stored session id and nothing else (never `client_reference_id` or metadata, which anyone can
 * put on any session of the account); the session must also be for the order's online part in
 * rupees (its total less what the wallet paid), and the order an online one.
 */
export function paymentMismatch(order: OrderForPayment, session: { id: string; amount_total?: number | null; currency?: string | null }): string | null {
  if (order.paymentMethod !== "ONLINE") return `Order ${order.id} is not an online order`;
  if (session.currency !== STORE_CURRENCY) return `Session ${session.id} is in ${session.currency ?? "no currency"}, not ${STORE_CURRENCY}`;
  if (session.amount_total !== order.total - order.walletPaid) {
    return `Session ${session.id} is for ${session.amount_total ?? "no amount"} paise, the order's online part is ${order.total - order.walletPaid}`;
  }
  return null;
}

/** A payment may land on an order awaiting it, or on one cancelled before it was paid (flagged for a refund). */
export function notAwaitingPayment(order: OrderForPayment): string | null {
  const awaiting = order.status === "placed" && order.paymentStatus === "PENDING";
  const cancelledUnpaid = order.status === "cancelled" && (order.paymentStatus === "PENDING" || order.paymentStatus === "FAILED");
  return awaiting || cancelledUnpaid ? null : `Order ${order.id} is not awaiting payment (${order.status}, ${order.paymentStatus})`;
}

/**
 * Marks a pending online order paid, at most once (every statement is conditional on it still being
 * placed + PENDING). Paid after it was cancelled: the money needs a refund, so the order is flagged.
 */
export function paidStatements(db: Database, orderId: string, paymentId: string | null, now = Date.now()) {
  const awaitingPayment = and(eq(orders.id, orderId), eq(orders.paymentStatus, "PENDING"), eq(orders.status, "placed"));
  return [
    db.insert(orderStatusHistory).select(
      db
        .select({
          id: sql`${newId()}`.as("id"),
          orderId: orders.id,
          status: sql`'paid'`.as("status"),
          actorUserId: sql`null`.as("actor_user_id"),
          note: sql`'Paid online'`.as("note"),
          createdAt: sql`${now}`.as("created_at"),
        })
        .from(orders)
        .where(awaitingPayment),
    ),
    db
      .update(orders)
      .set({
        paymentStatus: "PAID",
        status: "paid",
        paymentId,
        reservationExpiresAt: null,
        version: sql`${orders.version} + 1`,
        updatedAt: now,
      })
      .where(awaitingPayment),
    db
      .update(orders)
      .set({
        needsAttention: true,
        paymentStatus: "PAID",
        paymentId,
        version: sql`${orders.version} + 1`,
        updatedAt: now,
        attentionNote: "Paid after it was cancelled: refund it",
      })
      .where(and(eq(orders.id, orderId), eq(orders.status, "cancelled"), inArray(orders.paymentStatus, ["PENDING", "FAILED"]))),
  ] as const;
}

export function paymentIntentId(session: { payment_intent?: string | { id: string } | null }): string | null {
  return typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
}
