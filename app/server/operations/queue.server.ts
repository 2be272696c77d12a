/**
 * What a store's staff read (docs/decisions/027-store-operations.md): the queue of open orders,
 * oldest first, and one order with its pick list sorted by shelf location. Only orders of the store
 * asked for; an order of another store is "not found".
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { orderItems, orders, orderStatusHistory, productBins, stores, storeStaff, users } from "~/db/schema";
import { OPEN_STATUSES } from "~/lib/order-status";
import { Refusal } from "~/lib/refusal";
import { getDb } from "~/server/db/db.server";
import { columnAs, outerColumnAs } from "~/server/db/named-columns.server";
import { worksAt } from "~/server/identity/store-access.server";
import type { SessionUser } from "~/server/identity/auth.server";
import { historyOrder, orderHistoryColumns } from "~/server/orders/read-orders.server";

/** The queue shows at most this many open orders (the oldest). */
const QUEUE_LIMIT = 100;

/** An order the store must work: not an online order still waiting for its payment. */
const workable = and(inArray(orders.status, [...OPEN_STATUSES]), or(ne(orders.paymentMethod, "ONLINE"), ne(orders.paymentStatus, "PENDING")));

/** The store (name, promised minutes) and its open orders, oldest first: one batch. Null when there is no such store. */
export async function loadQueue(context: AppLoadContext, storeId: string) {
  const db = getDb(context);
  const [storeRows, queue] = await db.batch([
    db.select({ id: stores.id, name: stores.name, baseDeliveryMinutes: stores.baseDeliveryMinutes }).from(stores).where(eq(stores.id, storeId)),
    db
      .select({
        id: orders.id,
        orderId: orders.orderId,
        status: orders.status,
        paymentMethod: orders.paymentMethod,
        total: orders.total,
        createdAt: orders.createdAt,
        version: orders.version,
        needsAttention: orders.needsAttention,
        // Qualified by hand: inside a subquery drizzle would name both columns without their tables.
        items: sql<number>`(select coalesce(sum(oi.quantity), 0) from order_items oi where oi.order_id = "orders"."id")`.as("items"),
        lines: sql<number>`(select count(*) from order_items oi where oi.order_id = "orders"."id")`.as("lines"),
        // Who is picking it (decision 047); cleared when the order leaves picking.
        claimedById: orders.claimedBy,
        claimedByName: sql<string | null>`(select u.name from users u where u.id = "orders"."claimed_by")`.as("claimed_by_name"),
        claimedAt: orders.claimedAt,
      })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), workable))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(QUEUE_LIMIT),
  ]);
  const store = storeRows[0];
  return store ? { store, orders: queue } : null;
}

/**
 * One order as its store's staff work it: the order, the shopper's name and phone (for "Call me"
 * and the rider), its lines sorted by shelf location at the store (lines without one last), its
 * history, and the store's staff (riders to choose from). 404 unless `user` works the order's store.
 */
export async function loadStoreOrder(context: AppLoadContext, user: SessionUser, id: string) {
  const db = getDb(context);
  const [orderRows, lineRows, historyRows, riders] = await db.batch([
    db
      .select({
        id: orders.id,
        orderId: orders.orderId,
        storeId: orders.storeId,
        // Named apart: `users` and `stores` both have `name`, and a batch keys its rows by column name.
        storeName: outerColumnAs(stores.name, "store_name"),
        etaMinutes: outerColumnAs(stores.baseDeliveryMinutes, "eta_minutes"),
        status: orders.status,
        version: orders.version,
        paymentMethod: orders.paymentMethod,
        paymentStatus: orders.paymentStatus,
        subTotal: orders.subTotal,
        total: orders.total,
        discount: orders.discount,
        tip: orders.tip,
        createdAt: orders.createdAt,
        replacementPreference: orders.replacementPreference,
        deliveryAddress: orders.deliveryAddress,
        customerName: columnAs(users.name, "shopper_name"),
        customerMobile: columnAs(users.mobile, "shopper_mobile"),
        riderName: orders.riderName,
        riderPhone: orders.riderPhone,
        deliveryCodeTries: orders.deliveryCodeTries,
        needsAttention: orders.needsAttention,
        attentionNote: orders.attentionNote,
        claimedById: orders.claimedBy,
        claimedByName: sql<string | null>`(select u.name from users u where u.id = "orders"."claimed_by")`.as("claimed_by_name"),
        claimedAt: orders.claimedAt,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(stores, eq(stores.id, orders.storeId))
      .where(eq(orders.id, id)),
    db
      .select({
        id: orderItems.id,
        productId: orderItems.productId,
        name: orderItems.name,
        image: orderItems.image,
        unit: orderItems.unit,
        quantity: orderItems.quantity,
        finalPrice: orderItems.unitFinalPrice,
        picked: orderItems.picked,
        replacedByName: orderItems.replacedByName,
        replacedByQuantity: orderItems.replacedByQuantity,
        replacedByUnitPrice: orderItems.replacedByUnitPrice,
        refundedAmount: orderItems.refundedAmount,
        bin: productBins.bin,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .leftJoin(productBins, and(eq(productBins.storeId, orders.storeId), eq(productBins.productId, orderItems.productId)))
      .where(eq(orderItems.orderId, id))
      .orderBy(sql`${productBins.bin} is null`, asc(productBins.bin), asc(orderItems.name)),
    db
      .select(orderHistoryColumns)
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(...historyOrder),
    db
      .select({ userId: users.id, name: users.name })
      .from(storeStaff)
      .innerJoin(users, eq(users.id, storeStaff.userId))
      .where(eq(storeStaff.storeId, sql`(select ${orders.storeId} from ${orders} where ${orders.id} = ${id})`))
      .orderBy(asc(users.name)),
  ]);
  const order = orderRows[0];
  if (!order || !worksAt(user, order.storeId)) throw new Refusal("Order not found", 404);
  return { order, lines: lineRows, history: historyRows, riders };
}
