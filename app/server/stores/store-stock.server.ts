/**
 * Whose stock a request sees (docs/decisions/020-dark-stores.md, second half). Stock lives per
 * store in `store_stock`; a product without a row at a store has stock 0 there.
 *
 * The store is never looked up in a round trip of its own: it is an SQL expression placed inside
 * the query that reads the stock, so every page keeps its D1 round trips.
 * - a page: the store named by the verified `__location` cookie, while that store is active, else
 *   the default store (`stores.is_default`);
 * - an /api catalogue request: the store serving its `pincode` parameter (none: stock 0 everywhere),
 *   else the cookie's store as for a page, else the default store.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { products, storePincodeRanges, stores, storeStock } from "~/db/schema";
import { PINCODE_PATTERN } from "~/lib/schemas/store";
import { Refusal } from "~/lib/refusal";
import { readLocation } from "./stores.server";

/** The store a request reads stock from: a chosen store, the store serving a pincode, or the default (null). */
export type StockStore = { storeId: string } | { pincode: string } | null;

/** The default store's id (one row at most: a partial unique index). */
const defaultStoreId = sql`(select ${stores.id} from ${stores} where ${stores.isDefault} = 1)`;

/** The active store serving a pincode: the quicker one where areas overlap (as `storeForPincodeQuery`). */
export function storeServingSql(pincode: SQL | string): SQL {
  const n = typeof pincode === "string" ? sql`${Number(pincode)}` : sql`cast(${pincode} as integer)`;
  return sql`(select ${storePincodeRanges.storeId} from ${storePincodeRanges}
    inner join ${stores} on ${stores.id} = ${storePincodeRanges.storeId}
    where ${storePincodeRanges.fromPincode} <= ${n} and ${storePincodeRanges.toPincode} >= ${n} and ${stores.active} = 1
    order by ${stores.baseDeliveryMinutes}, ${stores.id} limit 1)`;
}

/** The id of the store a request reads stock from, as an SQL expression (NULL: no store serves it). */
export function storeIdSql(store: StockStore): SQL {
  if (!store) return defaultStoreId;
  if ("pincode" in store) return storeServingSql(store.pincode);
  return sql`coalesce((select ${stores.id} from ${stores} where ${stores.id} = ${store.storeId} and ${stores.active} = 1), ${defaultStoreId})`;
}

/** A product's stock at the request's store (0 without a row there). */
export function stockAt(store: StockStore, productId: AnySQLiteColumn | SQL = products.id) {
  return sql<number>`coalesce((select ${storeStock.stock} from ${storeStock} where ${storeStock.storeId} = ${storeIdSql(store)} and ${storeStock.productId} = ${productId}), 0)`;
}

/**
 * {@link stockAt} for search's raw FTS5 statement (products aliased `p`), its parameters bound
 * through `ref` (which numbers them).
 */
export function rawStockAt(store: StockStore, ref: (value: string | number) => string, productId = "p.id"): string {
  // Raw SQL: spliced into search's FTS5/bm25 ranking statement, which Drizzle cannot express.
  const fallback = "(select id from stores where is_default = 1)";
  let storeId = fallback;
  if (store && "storeId" in store) storeId = `coalesce((select id from stores where id = ${ref(store.storeId)} and active = 1), ${fallback})`;
  if (store && "pincode" in store) {
    const n = ref(Number(store.pincode));
    storeId = `(select r.store_id from store_pincode_ranges r join stores s on s.id = r.store_id
      where r.from_pincode <= ${n} and r.to_pincode >= ${n} and s.active = 1 order by s.base_delivery_minutes, s.id limit 1)`;
  }
  return `coalesce((select stock from store_stock where store_id = ${storeId} and product_id = ${productId}), 0)`;
}

/** A page's store: the verified location cookie's (no D1), else the default store. */
export async function pageStockStore(request: Request, context: AppLoadContext): Promise<StockStore> {
  const location = await readLocation(request, context);
  return location ? { storeId: location.storeId } : null;
}

/**
 * An /api catalogue request's store: the `pincode` of its body (already checked by its schema) or
 * query string (400 when malformed or repeated), else as for a page.
 */
export async function apiStockStore(request: Request, context: AppLoadContext, bodyPincode?: string): Promise<StockStore> {
  const inQuery = new URL(request.url).searchParams.getAll("pincode");
  if (inQuery.length > 1 || (inQuery.length && bodyPincode)) throw new Refusal("Send one pincode", 400);
  const pincode = bodyPincode ?? inQuery[0]?.trim();
  if (pincode === undefined) return pageStockStore(request, context);
  if (!PINCODE_PATTERN.test(pincode)) throw new Refusal("A pincode is 6 digits, e.g. 560001", 400);
  return { pincode };
}
