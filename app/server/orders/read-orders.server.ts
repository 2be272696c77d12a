/** Reading orders: the shopper's pages, /api and the admin board read them through these columns and queries. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { orderItems, orderRatings, orders, orderStatusHistory, stores } from "~/db/schema";
import { type Database, getDb } from "~/server/db/db.server";

/** What every order read shows of the order row itself (the shopper's pages, /api, the admin board). */
export const orderSummaryColumns = {
  id: orders.id,
  orderId: orders.orderId,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  subTotal: orders.subTotal,
  total: orders.total,
  discount: orders.discount,
  tip: orders.tip,
  couponCode: orders.couponCode,
  /** Paise of `total` paid from the wallet when placed (decision 050); see `walletShare`. */
  walletPaid: orders.walletPaid,
  createdAt: orders.createdAt,
  version: orders.version,
  needsAttention: orders.needsAttention,
  attentionNote: orders.attentionNote,
  refundId: orders.refundId,
  paymentId: orders.paymentId,
  /** The saved address the order was sent to (null once that address is deleted); the snapshot is `deliveryAddress`. */
  addressId: orders.addressId,
  deliveryAddress: orders.deliveryAddress,
  /** The store serving the order (decision 020), its name and its delivery minutes (the order's ETA). */
  storeId: orders.storeId,
  storeName: sql<string | null>`(select ${stores.name} from ${stores} where ${stores.id} = ${orders.storeId})`.as("store_name"),
  etaMinutes: sql<number | null>`(select ${stores.baseDeliveryMinutes} from ${stores} where ${stores.id} = ${orders.storeId})`.as("eta_minutes"),
  /** What the store does with a short item (decision 027). */
  replacementPreference: orders.replacementPreference,
  /** The 4-digit code, only while the order is out for delivery: pages show it to the shopper alone. */
  deliveryCode: sql<string | null>`case when ${orders.status} = 'out_for_delivery' then ${orders.deliveryCode} end`.as("delivery_code"),
  riderName: orders.riderName,
  /** The shopper's rating after delivery (decision 027 "Ratings"), null until rated. */
  rating: sql<number | null>`(select ${orderRatings.rating} from ${orderRatings} where ${orderRatings.orderId} = ${orders.id})`.as("rating"),
  ratingComment: sql<string | null>`(select ${orderRatings.comment} from ${orderRatings} where ${orderRatings.orderId} = ${orders.id})`.as("rating_comment"),
  /** The order's GST credit notes (decision 044), oldest first, as JSON `[{ id, number }]` for the links. */
  // Written out in full: drizzle prints a single-table select's columns unqualified, and "id" inside would be the note's.
  creditNotes:
    sql<string>`(select json_group_array(json_object('id', cn.id, 'number', cn.number)) from credit_notes cn where cn.order_id = ${sql.raw('"orders"."id"')})`.as(
      "credit_note_list",
    ),
};

/** An order line as the order pages show it. */
export const orderLineColumns = {
  id: orderItems.id,
  productId: orderItems.productId,
  name: orderItems.name,
  image: orderItems.image,
  unit: orderItems.unit,
  quantity: orderItems.quantity,
  price: orderItems.unitPrice,
  finalPrice: orderItems.unitFinalPrice,
  /** After the pick (decision 027): units picked, what replaced the missing ones, money returned. */
  picked: orderItems.picked,
  replacedByProductId: orderItems.replacedByProductId,
  replacedByName: orderItems.replacedByName,
  replacedByQuantity: orderItems.replacedByQuantity,
  replacedByUnitPrice: orderItems.replacedByUnitPrice,
  refundedAmount: orderItems.refundedAmount,
};

/** A line of an order's history. */
export const orderHistoryColumns = {
  status: orderStatusHistory.status,
  createdAt: orderStatusHistory.createdAt,
  note: orderStatusHistory.note,
};

/** Lines in the order they were placed, history in the order it happened. */
export const lineOrder = sql`${orderItems}.rowid`;
export const historyOrder = [asc(orderStatusHistory.createdAt), sql`${orderStatusHistory}.rowid`];

/**
 * A shopper's orders, newest first, with lines and history: one batch. With `orderId`, only that
 * order (still only if it is theirs: anyone else's order is simply not there).
 */
export async function listOrders(context: AppLoadContext, userId: string, { orderId = "", limit = 50 }: { orderId?: string; limit?: number } = {}) {
  return readOrders(getDb(context), userId, orderId, limit);
}

/** Any one order, whoever placed it: for the admin board and its /api only. */
export async function findOrderForAdmin(context: AppLoadContext, orderId: string) {
  const [order] = await readOrders(getDb(context), null, orderId, 1);
  return order ?? null;
}

async function readOrders(db: Database, userId: string | null, orderId: string, limit: number) {
  if (userId === null && !orderId) throw new Error("readOrders: an admin read names one order");
  const mine = and(userId === null ? undefined : eq(orders.userId, userId), orderId ? eq(orders.id, orderId) : undefined);
  const [orderRows, itemRows, historyRows] = await db.batch([
    db.select(orderSummaryColumns).from(orders).where(mine).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit),
    db
      .select({ parent: orderItems.orderId, ...orderLineColumns })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(mine)
      .orderBy(lineOrder),
    db
      .select({ parent: orderStatusHistory.orderId, ...orderHistoryColumns })
      .from(orderStatusHistory)
      .innerJoin(orders, eq(orders.id, orderStatusHistory.orderId))
      .where(mine)
      .orderBy(...historyOrder),
  ]);
  const items = groupBy(itemRows);
  const history = groupBy(historyRows);
  return orderRows.map((order) => ({ ...order, items: items.get(order.id) ?? [], history: history.get(order.id) ?? [] }));
}

export type OrderSummary = Awaited<ReturnType<typeof readOrders>>[number];

function groupBy<T extends { parent: string }>(rows: T[]): Map<string, Omit<T, "parent">[]> {
  const map = new Map<string, Omit<T, "parent">[]>();
  for (const { parent, ...rest } of rows) {
    const list = map.get(parent) ?? [];
    list.push(rest);
    map.set(parent, list);
  }
  return map;
}
