/**
 * Cancelling orders and returning their stock: the one rule for every path that does it (a shopper
 * or an admin cancelling, the payment flow giving up an unpaid online order, a new checkout
 * replacing the shopper's previous hold).
 *
 * A cancel is five statements for the caller's `db.batch`, each under the same guard on the
 * order row: the stock of the guarded orders' lines (and of what replaced short items, decision
 * 027) goes back to each order's own store, a history row is written, the wallet's part of the
 * refund goes back to the wallet (decision 050), and the
 * order itself is cancelled LAST (so the earlier statements still see it uncancelled). The guard
 * names states the order can only be in before it is cancelled, so however many cancels race, D1
 * runs their batches one after another and only the first one matches: the stock comes back
 * exactly once. The statements read the order's lines themselves, so no caller reads them first.
 */
import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { ORDER_STATUSES, orderItems, orders, orderStatusHistory, type OrderStatus, restockEvents, storeStock } from "~/db/schema";
import { allowedMoves, shopperCanCancel } from "~/lib/order-status";
import type { Database } from "~/server/db/db.server";
import { walletEntriesFor } from "~/server/wallet/ledger.server";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { publishOrderChange } from "./order-events.server";

/** An online order whose payment has not come: it holds stock (at most one per shopper). */
const awaitingOnlinePayment = and(eq(orders.status, "placed"), eq(orders.paymentStatus, "PENDING"), eq(orders.paymentMethod, "ONLINE"))!;

/**
 * The states each person may cancel from (app/lib/order-status.ts): admins before delivery, shoppers
 * before packing, a store's staff only by a pick that found nothing (so before packing).
 */
const CANCELLABLE_FROM = {
  admin: ORDER_STATUSES.filter((status) => allowedMoves(status).includes("cancelled")),
  shopper: ORDER_STATUSES.filter(shopperCanCancel),
  store: ["placed", "paid"] as OrderStatus[],
};

type CancelTarget =
  /** A person cancels one order, decided on the `version` they read: any change since refuses it. */
  | { orderId: string; by: { id: string; as: "admin" | "shopper" | "store" }; version: number; also?: SQL }
  /** The payment flow gives up one unpaid online order (Stripe unreachable, session expired). */
  | { orderId: string; by: "payment"; actorUserId?: string | null }
  /** A new checkout releases whatever unpaid online order the shopper still holds. */
  | { openCheckoutOf: string };

/** The orders a cancel may touch, as a condition on `orders`: the one place the rule lives. */
function cancellable(target: CancelTarget): SQL {
  if ("openCheckoutOf" in target) return and(eq(orders.userId, target.openCheckoutOf), awaitingOnlinePayment)!;
  if (target.by === "payment") return and(eq(orders.id, target.orderId), awaitingOnlinePayment)!;
  const { by } = target;
  return and(
    eq(orders.id, target.orderId),
    eq(orders.version, target.version),
    inArray(orders.status, CANCELLABLE_FROM[by.as]),
    by.as === "shopper" ? eq(orders.userId, by.id) : undefined,
    // A caller's own rule on the same row (a store's pick: nobody else has claimed the order).
    target.also,
  )!;
}

function actorOf(target: CancelTarget): string | null {
  if ("openCheckoutOf" in target) return target.openCheckoutOf;
  return target.by === "payment" ? (target.actorUserId ?? null) : target.by.id;
}

/**
 * The cancel's statements, for one `db.batch` (alone or with others). The last one returns the
 * orders it cancelled (`id`, `sessionId`, and `storeId`/`userId` for the live notice,
 * publishCancelled): empty when the guard no longer matched.
 */
export function cancelStatements(db: Database, target: CancelTarget, note: string, now = Date.now()) {
  const guard = cancellable(target);
  // Each order's stock goes back to its own store (decision 020): a `store_stock` row takes the
  // lines of the guarded orders served by its store. The order placed there made the row if it had
  // none, and rows are never deleted, so every line finds its row. Driven from the guarded orders
  // (their indexes), never from the whole stock table.
  // After a pick (decision 027) a line returns the units picked (not the short ones, which the pick
  // already took off the recorded stock) and the units of the similar product that replaced them.
  const guardedUnits = (units: SQL, ...more: SQL[]) =>
    db
      .select({ quantity: sql<number>`sum(${units})` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(guard, ...more));
  const returnStock = db
    .update(storeStock)
    .set({
      stock: sql`${storeStock.stock} + ${guardedUnits(
        sql`coalesce(${orderItems.picked}, ${orderItems.quantity})`,
        eq(orders.storeId, storeStock.storeId),
        eq(orderItems.productId, storeStock.productId),
      )}`,
    })
    .where(
      sql`(${storeStock.storeId}, ${storeStock.productId}) in ${db
        .select({ storeId: orders.storeId, productId: orderItems.productId })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(guard)}`,
    );
  const replaced = sql`${orderItems.replacedByQuantity} > 0`;
  const returnReplacements = db
    .update(storeStock)
    .set({
      stock: sql`${storeStock.stock} + ${guardedUnits(
        sql`${orderItems.replacedByQuantity}`,
        replaced,
        eq(orders.storeId, storeStock.storeId),
        eq(orderItems.replacedByProductId, storeStock.productId),
      )}`,
    })
    .where(
      sql`(${storeStock.storeId}, ${storeStock.productId}) in ${db
        .select({ storeId: orders.storeId, productId: orderItems.replacedByProductId })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(guard, replaced))}`,
    );
  // Columns in the table's order: insert … select lists them all.
  const recordHistory = db.insert(orderStatusHistory).select(
    db
      .select({
        id: sql<string>`lower(hex(randomblob(12)))`.as("id"),
        orderId: orders.id,
        status: sql<"cancelled">`'cancelled'`.as("status"),
        actorUserId: sql<string | null>`${actorOf(target)}`.as("actor_user_id"),
        note: sql<string>`${note}`.as("note"),
        createdAt: sql<number>`${now}`.as("created_at"),
      })
      .from(orders)
      .where(guard),
  );
  const returnWallet = walletReversals(db, guard, now);
  const cancelOrders = db
    .update(orders)
    .set({
      status: "cancelled",
      // An unpaid online order will not be paid now; one the wallet paid in full is refunded by
      // `returnWallet`; any other payment state is kept (a refund follows a paid one).
      paymentStatus: sql`case when ${awaitingOnlinePayment} then 'FAILED'
        when ${orders.paymentStatus} = 'PAID' and ${orders.walletPaid} >= ${orders.total} then 'REFUNDED'
        else ${orders.paymentStatus} end`,
      reservationExpiresAt: null,
      version: sql`${orders.version} + 1`,
      updatedAt: now,
    })
    .where(guard)
    .returning({ id: orders.id, sessionId: orders.stripeSessionId, storeId: orders.storeId, userId: orders.userId });
  return [returnStock, returnReplacements, recordHistory, returnWallet, cancelOrders] as const;
}

/**
 * The part of a cancelled order's refund that goes back to the wallet, as SQL on `orders`: the rule
 * of `splitRefund` (app/lib/pricing.ts) written for the statement. The refund is the total, less
 * the tip once a paid online order went out (decision 030); the online payment's share
 * (`total − walletShare`) takes it first, the rest is the wallet's. `refundOrder` sends Stripe the
 * online share of the same refund, so the two add up to it.
 */
// Qualified by hand: drizzle prints a one-table select's columns bare, and a bare "id" or "tip"
// inside the subqueries below would name the subquery's own table.
const o = (column: string) => sql.raw(`"orders"."${column}"`);
const kept = sql`(case when ${o("payment_method")} = 'ONLINE' and exists (select 1 from order_status_history h
  where h.order_id = ${o("id")} and h.status = 'out_for_delivery') then ${o("tip")} else 0 end)`;
const refundable = sql`max(0, ${o("total")} - ${kept})`;
const onlineShare = sql`max(0, ${o("total")} - min(${o("wallet_paid")}, max(0, ${o("total")})))`;
const walletReturned = sql<number>`(${refundable} - min(${refundable}, ${onlineShare}))`;

/**
 * One `order_reversal` ledger entry per guarded order that the wallet paid (ref: the order's id, so
 * however many cancels race, the wallet gets its part back once), before the order is cancelled.
 */
function walletReversals(db: Database, guard: SQL, now: number) {
  return walletEntriesFor(db, {
    from: orders,
    where: and(guard, sql`${walletReturned} > 0`)!,
    userId: o("user_id"),
    amount: walletReturned,
    kind: "order_reversal",
    ref: o("id"),
    orderId: o("id"),
    note: sql`'Returned from cancelled order ' || ${o("order_id")}`,
    now,
  });
}

/**
 * How long the units a shopper's own cancel returns are not news (decision 046): buying every unit
 * and cancelling must not make a "back in stock" mail. Rows still pending after it are handed on
 * (if the units are still there: the fan-out checks).
 */
export const OWN_CANCEL_RESTOCK_HOLD_MS = 30 * 60 * 1000;

/**
 * For a shopper's own cancel, in its batch after the stock statements and BEFORE the order's (its
 * guard must still match): holds the pending restock rows of the order's products at its store
 * until `until`, so `claimRestocks` leaves them for then.
 */
export function holdOwnRestocks(db: Database, target: CancelTarget, until: number) {
  const guard = cancellable(target);
  const lines = sql`select ${orders.storeId}, ${orderItems.productId} from ${orderItems} join ${orders} on ${orders.id} = ${orderItems.orderId} where ${guard}
    union select ${orders.storeId}, ${orderItems.replacedByProductId} from ${orderItems} join ${orders} on ${orders.id} = ${orderItems.orderId}
    where ${guard} and ${orderItems.replacedByProductId} is not null`;
  return db
    .update(restockEvents)
    .set({ notBefore: until })
    .where(and(isNull(restockEvents.queuedAt), isNull(restockEvents.subscriber), sql`(${restockEvents.storeId}, ${restockEvents.productId}) in (${lines})`));
}

type CancelledOrder = { id: string; storeId: string | null; userId: string };

/** Tells the live channels about the orders a cancel batch cancelled: the rows its last statement returned. */
export function publishCancelled(context: AppLoadContext, cancelled: unknown) {
  if (!Array.isArray(cancelled)) return;
  for (const row of cancelled as CancelledOrder[]) {
    void publishOrderChange(context, { orderId: row.id, storeId: row.storeId, userId: row.userId, status: "cancelled" });
  }
}
