/**
 * The admin order board's query: newest first, filtered by status (or "needs attention") and
 * searched by order number, shopper email or mobile. One statement: lines and history come back as
 * JSON arrays per order, so the page costs one D1 round trip.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, Column, desc, eq, is, or, sql, type SQL, Subquery } from "drizzle-orm";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { alias } from "drizzle-orm/sqlite-core";
import { orderItems, orders, orderStatusHistory, stores, users } from "~/db/schema";
import { BOARD_PAGE_SIZE, type BoardFilter } from "~/lib/schemas/fulfilment";
import { type Database, getDb } from "~/server/db/db.server";
import { historyOrder, lineOrder, orderHistoryColumns, orderLineColumns, orderSummaryColumns } from "./read-orders.server";

export interface BoardFilters {
  status: BoardFilter;
  q: string;
  /** Only this dark store's orders (decision 020). */
  store?: string;
}

/** The board's one statement: orders with their shopper, store, lines and history. */
function boardOrdersQuery(db: Database, { status, q, store }: BoardFilters) {
  return db
    .select({
      ...orderSummaryColumns,
      shopper: { name: users.name, email: users.email, mobile: users.mobile },
      // A scalar subquery: with a left join of stores instead, the JSON columns below failed to
      // decode (a 500 in tests), so the join is avoided.
      storeName: sql<string | null>`(select ${stores.name} from ${stores} where ${stores.id} = ${orders.storeId})`,
      items: jsonArrayOf(db.select(orderLineColumns).from(orderItems).where(eq(orderItems.orderId, orders.id)).orderBy(lineOrder).as("items")),
      history: jsonArrayOf(historyWithActor(db)),
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(statusFilter(status), search(q), store ? eq(orders.storeId, store) : undefined))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(BOARD_PAGE_SIZE);
}

export async function listBoardOrders(context: AppLoadContext, filters: BoardFilters) {
  return boardOrdersQuery(getDb(context), filters);
}

/** The board page: its orders and every store for the store filter, in one batch (one round trip). */
export async function loadOrderBoard(context: AppLoadContext, filters: BoardFilters) {
  const db = getDb(context);
  const [orderRows, storeOptions] = await db.batch([
    boardOrdersQuery(db, filters),
    db.select({ id: stores.id, name: stores.name, city: stores.city }).from(stores).orderBy(asc(stores.city), asc(stores.name)),
  ]);
  return { orders: orderRows, stores: storeOptions };
}

export type BoardOrder = Awaited<ReturnType<typeof listBoardOrders>>[number];

/** Each history row with the name of whoever made it (a second `users`, apart from the shopper's). */
function historyWithActor(db: Database) {
  const actor = alias(users, "actor");
  return db
    .select({ ...orderHistoryColumns, by: actor.name })
    .from(orderStatusHistory)
    .leftJoin(actor, eq(actor.id, orderStatusHistory.actorUserId))
    .where(eq(orderStatusHistory.orderId, orders.id))
    .orderBy(...historyOrder)
    .as("history");
}

/**
 * A correlated subquery's rows as one JSON array (parsed on read), in the subquery's order. The
 * JSON keys are the subquery's field names, so a row reads like the same select run on its own.
 */
function jsonArrayOf<TFields extends Record<string, unknown>>(rows: Subquery<string, TFields>) {
  const pairs = Object.keys(rows._.selectedFields).map((key) => {
    const column: unknown = Reflect.get(rows, key);
    if (!is(column, Column)) throw new Error(`jsonArrayOf: ${key} is not a column`);
    return sql`${key}, ${column}`;
  });
  return sql`(select json_group_array(json_object(${sql.join(pairs, sql`, `)})) from ${rows})`.mapWith((json: string): SelectResultFields<TFields>[] =>
    JSON.parse(json),
  );
}

function statusFilter(status: BoardFilter): SQL | undefined {
  if (status === "all") return undefined;
  if (status === "attention") return eq(orders.needsAttention, true);
  return eq(orders.status, status);
}

/**
 * instr(), not LIKE: no wildcard to escape and no pattern-length limit (D1 refuses LIKE patterns
 * over 50 bytes), so any text typed in the box is a plain substring search. Mobile numbers match
 * on 4 digits or more, the shopper's or the one on the delivery address.
 */
function search(q: string): SQL | undefined {
  if (!q) return undefined;
  const needle = q.toLowerCase();
  const digits = q.replace(/\D/g, "");
  return or(
    sql`instr(lower(${orders.orderId}), ${needle}) > 0`,
    sql`instr(lower(${users.email}), ${needle}) > 0`,
    digits.length >= 4
      ? or(sql`instr(${users.mobile}, ${digits}) > 0`, sql`instr(json_extract(${orders.deliveryAddress}, '$.mobile'), ${digits}) > 0`)
      : undefined,
  );
}
