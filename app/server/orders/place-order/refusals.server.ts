/**
 * Why a planned order's batch failed, told to the shopper. The batch fails as a whole, so which of
 * its rules refused it is found by reading the state again, in the batch's own order (the order
 * row, the wallet's balance, its coupon, its lines, the stock), never from the database's error message. A parallel copy
 * of the same request that won is answered with its order; a failure nothing explains is rethrown.
 */
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { coupons, orderItems, orders, products, storeStock } from "~/db/schema";
import { Refusal } from "~/lib/refusal";
import type { OrderLineInput } from "~/lib/schemas/order";
import { openCashLimitMessage, soldOutMessage } from "~/lib/stock-messages";
import type { Database } from "~/server/db/db.server";
import { couponRoomSql, judgeCode } from "~/server/coupons/coupons.server";
import { describeExisting } from "./existing.server";
import { awaitsStripe, MAX_OPEN_CASH_QUANTITY, NOT_SOLD, type OrderPlan, type PlacedOrder } from "./model.server";
import { keyHolderQuery, walletAvailableSql } from "./plan.server";
import { formatINR, paiseToRupees } from "~/lib/money";

/** The state a failed order batch is explained from: one round trip. */
async function readAfterFailure(db: Database, plan: OrderPlan, now: number) {
  const productIds = JSON.stringify(plan.lines.map((line) => line.productId));
  const [holders, keyed, room, known, openCheckouts, wallet] = await db.batch([
    keyHolderQuery(db, plan.userId, plan.key, now),
    db.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, plan.key.value)),
    db
      .select({ ok: sql<number>`${plan.coupon ? couponRoomSql(plan.coupon, plan.userId, now) : sql`1`}` })
      .from(coupons)
      .where(eq(coupons.id, plan.coupon?.id ?? "")),
    db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, sql`(select value from json_each(${productIds}))`)),
    db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, plan.userId), eq(orders.status, "placed"), eq(orders.paymentStatus, "PENDING"), eq(orders.paymentMethod, "ONLINE"))),
    db.select({ balance: walletAvailableSql(plan.userId, awaitsStripe(plan)) }).from(sql`(select 1)`),
  ]);
  const walletNow = Number(wallet[0]?.balance ?? 0);
  return {
    holder: holders[0],
    keyTaken: keyed.length > 0,
    couponLost: plan.coupon !== null && !room[0]?.ok,
    productGone: known.length < plan.lines.length,
    openCheckout: openCheckouts.length > 0,
    walletNow,
    walletShort: plan.bill.walletPaid > walletNow,
  };
}

/** The order a parallel copy placed, or the Refusal that tells the shopper why the batch failed. */
export async function explainFailedCommit(db: Database, plan: OrderPlan, error: unknown, now: number): Promise<PlacedOrder> {
  const state = await readAfterFailure(db, plan, now);
  if (state.holder) return describeExisting(db, state.holder);
  if (state.keyTaken) throw new Refusal("This order is being placed already: check your orders before trying again", 409);
  if (state.walletShort) {
    throw new Refusal(
      `Your wallet balance changed: it is ${formatINR(state.walletNow)} now, and this order needed ${formatINR(plan.bill.walletPaid)} from it. Your order was not placed: review the bill and try again.`,
      409,
      { data: { walletBalance: paiseToRupees(state.walletNow) } },
    );
  }
  if (state.couponLost) {
    throw new Refusal(await couponLostMessage(db, plan, now), 409, { fields: { couponCode: ["The coupon can no longer be used"] } });
  }
  if (state.productGone) throw new Refusal(NOT_SOLD, 409);
  if (plan.paymentMethod === "COD") {
    const over = await findOverCashLimit(db, plan);
    if (over) throw new Refusal(openCashLimitMessage(over.name, over.open, MAX_OPEN_CASH_QUANTITY), 409);
  }
  const short = await findShortLine(db, plan.lines, plan.storeId);
  if (short) throw new Refusal(soldOutMessage(short), 409);
  // The batch released the shopper's previous hold before inserting this one: a hold there now was
  // inserted by another checkout of theirs at the same moment.
  if (plan.paymentMethod === "ONLINE" && state.openCheckout) {
    throw new Refusal("Another checkout of yours was starting at the same moment: try again", 409);
  }
  throw error;
}

/** Why the batch refused the coupon (read after the fact): the reason in the shopper's words. */
async function couponLostMessage(db: Database, plan: OrderPlan, now: number): Promise<string> {
  const coupon = plan.coupon!;
  const notPlaced = "your order was not placed. Remove the coupon to order without it, or try another code";
  try {
    const lines = plan.lines.map((line) => ({ amount: line.finalPrice * line.quantity, categoryIds: [] as string[] }));
    const { verdict } = await judgeCode(db, { code: coupon.code, userId: plan.userId, lines, storeId: plan.storeId, now });
    if (!verdict.ok && !/Not valid for items/.test(verdict.reason)) return `${verdict.reason}: ${notPlaced}`;
  } catch {
    // Deleted meanwhile: said below.
  }
  return `${coupon.code} changed or ran out just now: ${notPlaced}`;
}

async function findShortLine(db: Database, lines: OrderLineInput[], storeId: string) {
  const rows = await db
    .select({ id: products.id, name: products.name, stock: sql<number>`coalesce(${storeStock.stock}, 0)` })
    .from(products)
    .leftJoin(storeStock, and(eq(storeStock.productId, products.id), eq(storeStock.storeId, storeId)))
    .where(
      inArray(
        products.id,
        lines.map((l) => l.productId),
      ),
    );
  return rows.find((p) => p.stock < (lines.find((l) => l.productId === p.id)?.quantity ?? 0)) ?? null;
}

/**
 * The first line of a refused cash order that its shopper's open cash orders leave no room for (one
 * read; the product ids go as one JSON parameter, as an order may have 100 lines).
 */
async function findOverCashLimit(db: Database, plan: OrderPlan) {
  const rows = await db
    .select({ productId: orderItems.productId, open: sql<number>`sum(${orderItems.quantity})` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, plan.userId),
        eq(orders.storeId, plan.storeId),
        eq(orders.paymentMethod, "COD"),
        notInArray(orders.status, ["delivered", "cancelled"]),
        inArray(orderItems.productId, sql`(select value from json_each(${JSON.stringify(plan.lines.map((l) => l.productId))}))`),
      ),
    )
    .groupBy(orderItems.productId);
  const open = new Map(rows.map((row) => [row.productId, row.open]));
  const line = plan.lines.find((l) => (open.get(l.productId) ?? 0) + l.quantity > MAX_OPEN_CASH_QUANTITY);
  return line ? { name: line.name, open: open.get(line.productId) ?? 0 } : null;
}
