/**
 * Committing a planned order: ONE D1 batch (D1 has no interactive transactions) with the order, its
 * lines (prices snapshotted), the status history row, the stock taken at the order's store and the
 * cart lines it empties. The store is the one serving the address's pincode (decision 020).
 *
 * The batch decides every rule that a parallel request could break, each in one statement, and a
 * broken rule fails its statement so that D1 rolls the whole batch back:
 * - stock: `store_stock.stock` has CHECK (stock >= 0), the only stock guard (no pre-check);
 * - the coupon: one conditional update takes a use from its counter (`takeCouponUse`);
 * - the idempotency key is unique on `orders`, so parallel copies of one request make one order;
 * - an online order first releases the shopper's previous unpaid checkout, and the partial unique
 *   index `orders_one_open_checkout_unique` keeps it at one hold per shopper;
 * - a cash order's line is inserted only while the shopper's open cash orders at that store hold at
 *   most MAX_LINE_QUANTITY of the product with it (`codLineInsert`);
 * - the wallet's part is one ledger entry (`walletEntry`), which fails when the balance no longer
 *   covers it (decision 050).
 * Which rule refused a failed batch is found by reading the state again (refusals.server.ts), never
 * from the database's error message.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import { cartItems, orderItems, orders, orderStatusHistory, storeStock } from "~/db/schema";
import { newId } from "~/lib/ids";
import { type Database, getDb } from "~/server/db/db.server";
import { namedBatch } from "~/server/db/named-batch.server";
import { takeCouponUse } from "~/server/coupons/coupons.server";
import { deliverySnapshot } from "~/server/addresses/addresses.server";
import { cancelStatements, publishCancelled } from "../order-cancel.server";
import { publishOrderChange } from "../order-events.server";
import { walletEntry } from "~/server/wallet/ledger.server";
import {
  awaitsStripe,
  DERIVED_KEY_WINDOW_MS,
  MAX_OPEN_CASH_QUANTITY,
  type OrderKey,
  type OrderPlan,
  type PlacedLine,
  type PlacedOrder,
  paidByWallet,
  RESERVATION_MS,
} from "./model.server";
import { explainFailedCommit } from "./refusals.server";

/**
 * Writes a planned order in ONE batch, or refuses it as a whole: a lost race for the last unit or
 * the coupon's last use is 409; a parallel copy of the same request answers with the order that won.
 */
export async function commitOrder(context: AppLoadContext, plan: OrderPlan, now = Date.now()): Promise<PlacedOrder> {
  const db = getDb(context);
  const online = plan.paymentMethod === "ONLINE";
  // Only an order that waits for Stripe holds stock for a session and replaces the previous hold.
  const hold = awaitsStripe(plan);
  const paid = paidByWallet(plan.bill);
  const status = online && paid ? "paid" : "placed";
  const reservationExpiresAt = hold ? now + RESERVATION_MS : null;
  const releases = hold ? cancelStatements(db, { openCheckoutOf: plan.userId }, "Replaced by a newer checkout", now) : [];
  let replaced: ReleasedOrder[];
  try {
    const results = await namedBatch(db, {
      // A derived key is freed by a holder that no longer counts (cancelled, or past the window).
      freeKey: plan.key.derived ? [freeDerivedKey(db, plan.key, now)] : [],
      release: releases.slice(0, -1),
      released: releases.slice(-1),
      couponUse: plan.coupon ? [takeCouponUse(db, plan.coupon, plan.userId, now)] : [],
      order: orderInsert(db, plan, reservationExpiresAt, now),
      // The wallet's part, taken in this batch: a balance a parallel checkout spent fails the
      // entry's CHECK (balance_after >= 0) and with it the whole order (refusals.server.ts says so).
      walletPaid: plan.bill.walletPaid > 0 ? [walletPayment(db, plan, now)] : [],
      lines: plan.lines.map((line) => (online ? onlineLineInsert(db, plan, line) : codLineInsert(db, plan, line))),
      // A product the store has no row for has stock 0 there: the row is made (at 0) so that the
      // decrement below fails on the CHECK rather than matching nothing.
      stockRows: plan.lines.map((line) => db.insert(storeStock).values({ storeId: plan.storeId, productId: line.productId, stock: 0 }).onConflictDoNothing()),
      stockTaken: plan.lines.map((line) => takeStock(db, plan.storeId, line)),
      history: db.insert(orderStatusHistory).values([
        {
          id: newId(),
          orderId: plan.id,
          status: "placed",
          actorUserId: plan.userId,
          note: paid ? "Paid from your wallet" : online ? "Awaiting online payment" : "Cash on delivery",
          createdAt: now,
        },
        ...(status === "paid"
          ? [{ id: newId(), orderId: plan.id, status: "paid" as const, actorUserId: plan.userId, note: "Paid from your wallet", createdAt: now }]
          : []),
      ]),
      cart: emptyCartOf(db, plan),
    });
    replaced = releasedSessions(results.released[0]);
  } catch (error) {
    return explainFailedCommit(db, plan, error, now);
  }
  publishCancelled(context, replaced);
  await publishOrderChange(context, { orderId: plan.id, storeId: plan.storeId, userId: plan.userId, status });
  return {
    id: plan.id,
    orderId: plan.orderId,
    bill: plan.bill,
    lines: plan.lines,
    reservationExpiresAt,
    duplicate: false,
    state: { status, paymentMethod: plan.paymentMethod, paymentStatus: paid ? "PAID" : "PENDING", stripeSessionId: null },
    replacedSessions: replaced.flatMap((r) => (r.sessionId ? [r.sessionId] : [])),
  };
}

function freeDerivedKey(db: Database, key: OrderKey, now: number) {
  return db
    .update(orders)
    .set({ idempotencyKey: null })
    .where(and(eq(orders.idempotencyKey, key.value), or(eq(orders.status, "cancelled"), lt(orders.createdAt, now - DERIVED_KEY_WINDOW_MS))));
}

function orderInsert(db: Database, plan: OrderPlan, reservationExpiresAt: number | null, now: number) {
  const { address, bill } = plan;
  return db.insert(orders).values({
    id: plan.id,
    orderId: plan.orderId,
    userId: plan.userId,
    addressId: address.id,
    deliveryAddress: deliverySnapshot(address),
    paymentMethod: plan.paymentMethod,
    paymentStatus: paidByWallet(bill) ? "PAID" : "PENDING",
    status: plan.paymentMethod === "ONLINE" && paidByWallet(bill) ? "paid" : "placed",
    subTotal: bill.itemsTotal,
    total: bill.payable,
    discount: bill.couponDiscount,
    tip: bill.tip,
    couponCode: plan.coupon?.code ?? null,
    couponId: plan.coupon?.id ?? null,
    idempotencyKey: plan.key.value,
    reservationExpiresAt,
    storeId: plan.storeId,
    replacementPreference: plan.replacementPreference,
    walletPaid: bill.walletPaid,
    createdAt: now,
    updatedAt: now,
  });
}

/** The order's payment from the wallet: one ledger entry per order (`ref` = the order's id). */
function walletPayment(db: Database, plan: OrderPlan, now: number) {
  return walletEntry(db, {
    userId: plan.userId,
    amount: -plan.bill.walletPaid,
    kind: "order_payment",
    ref: plan.id,
    orderId: plan.id,
    note: `Paid for order ${plan.orderId}`,
    now,
  });
}

function onlineLineInsert(db: Database, plan: OrderPlan, line: PlacedLine) {
  return db.insert(orderItems).values({
    id: newId(),
    orderId: plan.id,
    productId: line.productId,
    name: line.name,
    image: line.image,
    unit: line.unit,
    quantity: line.quantity,
    unitPrice: line.price,
    discount: line.discount,
    unitFinalPrice: line.finalPrice,
  });
}

/** CHECK (stock >= 0) turns a lost race for the last unit at this store into a failed batch. */
function takeStock(db: Database, storeId: string, line: PlacedLine) {
  return db
    .update(storeStock)
    .set({ stock: sql`${storeStock.stock} - ${line.quantity}` })
    .where(and(eq(storeStock.storeId, storeId), eq(storeStock.productId, line.productId)));
}

/** The cart lines the order's lines name (two parameters, however long the order: D1 binds at most 100). */
function emptyCartOf(db: Database, plan: OrderPlan) {
  return db
    .delete(cartItems)
    .where(
      and(
        eq(cartItems.userId, plan.userId),
        inArray(cartItems.productId, db.select({ id: orderItems.productId }).from(orderItems).where(eq(orderItems.orderId, plan.id))),
      ),
    );
}

/** Units of a product on the shopper's open cash orders at a store, as an SQL expression (this order's lines included once inserted). */
function openCashQuantitySql(userId: string, storeId: string, productId: string) {
  return sql<number>`(select coalesce(sum(oi.quantity), 0) from order_items oi join orders o on o.id = oi.order_id
    where o.user_id = ${userId} and o.store_id = ${storeId} and o.payment_method = 'COD'
      and o.status not in ('delivered', 'cancelled') and oi.product_id = ${productId})`;
}

/** A bound value selected as `column` (an `insert … select` names what it selects). */
const value = <T extends string | number>(v: T, column: { name: string }) => sql<T>`${v}`.as(column.name);

/**
 * A cash order's line, decided inside its own insert: selected from the order row just inserted,
 * with the quantity NULL when the shopper's open cash orders at this store would then hold more than
 * MAX_OPEN_CASH_QUANTITY of the product. NOT NULL fails the statement and D1 rolls the whole batch
 * back (order, stock, cart), so parallel orders serialize on it like the stock CHECK: no read before
 * the batch decides anything. refusals.server.ts tells the shopper which product and how many.
 */
function codLineInsert(db: Database, plan: OrderPlan, line: PlacedLine) {
  const open = openCashQuantitySql(plan.userId, plan.storeId, line.productId);
  return db.insert(orderItems).select(
    db
      .select({
        id: value(newId(), orderItems.id),
        orderId: orders.id,
        productId: value(line.productId, orderItems.productId),
        name: value(line.name, orderItems.name),
        image: value(line.image, orderItems.image),
        unit: value(line.unit, orderItems.unit),
        quantity: sql<number>`case when ${open} + ${line.quantity} <= ${MAX_OPEN_CASH_QUANTITY} then ${line.quantity} end`.as(orderItems.quantity.name),
        unitPrice: value(line.price, orderItems.unitPrice),
        discount: value(line.discount, orderItems.discount),
        unitFinalPrice: value(line.finalPrice, orderItems.unitFinalPrice),
        // Filled in by the pick (decision 027).
        picked: sql<number | null>`null`.as(orderItems.picked.name),
        replacedByProductId: sql<string | null>`null`.as(orderItems.replacedByProductId.name),
        replacedByName: sql<string | null>`null`.as(orderItems.replacedByName.name),
        replacedByQuantity: value(0, orderItems.replacedByQuantity),
        replacedByUnitPrice: value(0, orderItems.replacedByUnitPrice),
        refundedAmount: value(0, orderItems.refundedAmount),
        // Frozen when the invoice is issued (decision 031).
        hsnCode: sql<string | null>`null`.as(orderItems.hsnCode.name),
        gstRate: sql<number | null>`null`.as(orderItems.gstRate.name),
        replacedByHsnCode: sql<string | null>`null`.as(orderItems.replacedByHsnCode.name),
        replacedByGstRate: sql<number | null>`null`.as(orderItems.replacedByGstRate.name),
      })
      .from(orders)
      .where(eq(orders.id, plan.id)),
  );
}

/** The sessions of the hold a new checkout released: the rows its cancel statement returned. */
type ReleasedOrder = { id: string; sessionId: string | null; storeId: string | null; userId: string };

function releasedSessions(result: unknown): ReleasedOrder[] {
  if (!Array.isArray(result)) return [];
  return result.filter((row): row is ReleasedOrder => typeof row === "object" && row !== null && "sessionId" in row);
}
