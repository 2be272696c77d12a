/**
 * Stock writes for one product (decision 023). Stock at a store changes only through exact
 * operations, so an admin's edit and a sale never undo each other:
 * - a sale or a return is a delta in the order's own batch (place-order, order-cancel);
 * - an admin sets a value given the value they saw (compare-and-set, as inventory APIs take an
 *   expected quantity), or adds a delta ("+24 received", "-2 damaged").
 * Bulk writes (the CSV import, `/api/store/stock-sync`) have their own set-based engine.
 *
 * The statements here are parts of a caller's D1 batch; a store is an id, or null for the default
 * store (the product form's "Number of Stock", decision 020). A batch that may raise stock follows
 * its stock writes with `claimRestocks` and flags what it claimed (`flagRestocks`, "Notify me").
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { nowMs, products, restockEvents, stores, storeStock } from "~/db/schema";
import { Refusal } from "~/lib/refusal";
import { type Database, getDb } from "~/server/db/db.server";

/** One store's stock as an edit gives it: set `to`, given that the editor saw `seen` there. */
export type StockSet = { store: string | null; to: number; seen: number };

const DEFAULT_STORE = sql`(select ${stores.id} from ${stores} where ${stores.isDefault} = 1)`;

/** The sets as ONE bound JSON parameter (D1 allows 100 per statement; a product may have many stores). */
const setsJson = (sets: StockSet[]) => JSON.stringify(sets.map((s) => ({ s: s.store, to: s.to, seen: s.seen })));

/** A `json_each` row's store: its id, or the default store's. */
const rowStore = sql`coalesce(json_extract(value, '$.s'), ${DEFAULT_STORE})`;

/** The stock of `productId` at a `json_each` row's store now (0 without a row). */
const stockNow = (productId: string) =>
  sql`coalesce((select ${storeStock.stock} from ${storeStock} where ${storeStock.storeId} = ${rowStore} and ${storeStock.productId} = ${productId}), 0)`;

/**
 * Conditions over a product's sets, for guarding a batch:
 * - `canApply`: at every store the stock is still what the editor saw (or already what they want);
 * - `applied`: at every store the stock is what the editor wants (true after `writeSets` ran, when
 *   `canApply` held).
 * Both stay true under the batch's own writes, so a batch guarded by them writes all of it or none.
 */
export function stockSetGuards(productId: string, sets: StockSet[]): { canApply: SQL; applied: SQL } {
  if (!sets.length) return { canApply: sql`1`, applied: sql`1` };
  const json = setsJson(sets);
  return {
    canApply: sql`not exists (select 1 from json_each(${json}) where ${rowStore} is null
      or ${stockNow(productId)} not in (json_extract(value, '$.seen'), json_extract(value, '$.to')))`,
    applied: sql`not exists (select 1 from json_each(${json}) where ${rowStore} is null or ${stockNow(productId)} <> json_extract(value, '$.to'))`,
  };
}

/**
 * ONE statement writing every set (an upsert over `json_each`), only while `guard` holds. Sales at
 * the same stores in between are not lost: the guard compares with what the editor saw.
 */
export function writeStockSets(db: Database, productId: string, sets: StockSet[], guard: SQL) {
  return db
    .insert(storeStock)
    .select(
      db
        .select({
          storeId: sql<string>`${rowStore}`.as(storeStock.storeId.name),
          productId: sql<string>`${productId}`.as(storeStock.productId.name),
          stock: sql<number>`json_extract(value, '$.to')`.as(storeStock.stock.name),
        })
        .from(sql`json_each(${setsJson(sets)})`)
        .where(and(sql`${rowStore} is not null`, guard)),
    )
    .onConflictDoUpdate({ target: [storeStock.storeId, storeStock.productId], set: { stock: sql`excluded.${sql.identifier(storeStock.stock.name)}` } });
}

// ---------------------------------------------------------------------------------------------
// "Notify me" (decision 032): the `store_stock` triggers record a `restock_events` row inside the
// statement that raised a product's stock from 0 at a store where someone waits for it.

/** Restock rows claimed by one statement (a batch, or one round of the cron's drain). */
export const DISPATCH_MAX = 100;

/** Restock rows a batch claimed (what `claimRestocks` returned). */
export type ClaimedRestocks = { id: number }[];

/**
 * The statement a batch that may raise stock runs after its stock writes: claims the pending
 * restock rows (those the batch's own writes just recorded, and any left over), at most
 * DISPATCH_MAX, with ONE UPDATE … RETURNING, so two claimers never take the same row. An empty
 * answer: the batch restocked nothing anyone waits for. Pass the answer to `flagRestocks`.
 */
export function claimRestocks(db: Database, now = Date.now()) {
  // A held row (a shopper's own cancelled order, decision 046) waits for its time.
  const due = sql`(${restockEvents.notBefore} is null or ${restockEvents.notBefore} <= ${now})`;
  const pending = db
    .select({ id: restockEvents.id })
    .from(restockEvents)
    .where(and(isNull(restockEvents.queuedAt), due))
    .orderBy(asc(restockEvents.id))
    .limit(DISPATCH_MAX);
  return db
    .update(restockEvents)
    .set({ queuedAt: nowMs })
    .where(and(inArray(restockEvents.id, pending), isNull(restockEvents.queuedAt)))
    .returning({ id: restockEvents.id });
}

/**
 * Kept on the request's context under a registered symbol: the Worker entry and the server build
 * each bundle their own copy of this module, and both must see the same rows.
 */
const CLAIMED = Symbol.for("grocery-store.claimedRestocks");

/** Leaves the restock rows a batch claimed on the request's context: the Worker hands them on after answering. */
export function flagRestocks(context: AppLoadContext, claimed: ClaimedRestocks) {
  if (!claimed.length) return;
  const holder = context as unknown as { [CLAIMED]?: ClaimedRestocks };
  holder[CLAIMED] = [...(holder[CLAIMED] ?? []), ...claimed];
}

/** The restock rows this request's writes claimed (none for almost every request: no query asked). */
export function flaggedRestocks(context: AppLoadContext): ClaimedRestocks {
  return (context as unknown as { [CLAIMED]?: ClaimedRestocks })[CLAIMED] ?? [];
}

/** What changed at a store since the editor saw it. */
export type StockConflict = { store: string; storeName: string; seen: number; stock: number };

/** The sets whose store no longer holds what the editor saw (one read, after a refused batch). */
export async function stockConflicts(db: Database, productId: string, sets: StockSet[]): Promise<StockConflict[]> {
  if (!sets.length) return [];
  const rows = await db
    .select({
      store: stores.id,
      storeName: stores.name,
      seen: sql<number>`json_extract(value, '$.seen')`,
      to: sql<number>`json_extract(value, '$.to')`,
      stock: sql<number>`coalesce(${storeStock.stock}, 0)`,
    })
    .from(sql`json_each(${setsJson(sets)})`)
    .innerJoin(stores, eq(stores.id, rowStore))
    .leftJoin(storeStock, and(eq(storeStock.storeId, stores.id), eq(storeStock.productId, productId)));
  return rows.filter((row) => row.stock !== row.seen && row.stock !== row.to).map(({ to: _to, ...row }) => row);
}

/** "Stock at X changed since you opened it (you saw 10, now 8). Review and save again." */
export const stockChangedMessage = (conflicts: StockConflict[]) =>
  !conflicts.length
    ? "Stock changed while you saved. Review and save again."
    : `${conflicts.map((c) => `Stock at ${c.storeName} changed since you opened it (you saw ${c.seen}, now ${c.stock})`).join("; ")}. Review and save again.`;

/** 409: stock at a store is no longer what the editor saw; `data` names each store and its stock now. */
export class StockChanged extends Refusal {
  constructor(
    public productId: string,
    public conflicts: StockConflict[],
  ) {
    super(stockChangedMessage(conflicts), 409, { data: { _id: productId, conflicts } });
  }
}

// ---------------------------------------------------------------------------------------------
// One store's stock, on its own (the product page's stock summary, /api)

/** The product's stock at one active store, with the store's name; undefined when either is unknown. */
async function storeStockRow(db: Database, productId: string, storeId: string) {
  return db
    .select({
      storeName: stores.name,
      stock: sql<number>`coalesce((select ${storeStock.stock} from ${storeStock} where ${storeStock.storeId} = ${stores.id} and ${storeStock.productId} = ${productId}), 0)`,
      product: sql<number>`exists (select 1 from ${products} where ${products.id} = ${productId})`,
    })
    .from(stores)
    .where(and(eq(stores.id, storeId), eq(stores.active, true)))
    .get();
}

/** A refused stock write, explained from the rows read again: the product or the store deleted meanwhile is a 404. */
async function goneOnWrite(db: Database, productId: string, storeId: string, error: unknown): Promise<never> {
  const [product, store] = await db.batch([
    db.select({ id: products.id }).from(products).where(eq(products.id, productId)),
    db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)),
  ]);
  if (!product.length) throw new Refusal("Product not found", 404);
  if (!store.length) throw new Refusal("Store not found", 404);
  throw error;
}

/**
 * Sets a product's stock at a store to `to`, given the editor saw `seen` there: ONE statement,
 * applied only while the stock is still `seen` (or already `to`). Refused with StockChanged naming
 * the stock now otherwise. Returns the stock now.
 */
export async function setStoreStock(context: AppLoadContext, productId: string, { store, to, seen }: { store: string; to: number; seen: number }) {
  const db = getDb(context);
  const sets = [{ store, to, seen }];
  const { canApply } = stockSetGuards(productId, sets);
  const isActive = sql`exists (select 1 from ${stores} where ${stores.id} = ${store} and ${stores.active} = 1)`;
  const [written, restocks] = await db
    .batch([writeStockSets(db, productId, sets, and(canApply, isActive)!).returning({ stock: storeStock.stock }), claimRestocks(db)])
    .catch((error: unknown) => goneOnWrite(db, productId, store, error));
  flagRestocks(context, restocks);
  if (written.length) return written[0].stock;
  const row = await storeStockRow(db, productId, store);
  if (!row?.product) throw new Refusal(row ? "Product not found" : "Store not found, or no longer active", 404);
  if (row.stock === to) return to;
  throw new StockChanged(productId, [{ store, storeName: row.storeName, seen, stock: row.stock }]);
}

/**
 * Adds `delta` units (negative: removes) to a product's stock at a store: ONE statement, refused
 * when it would go below 0. Returns the stock now.
 */
export async function addStoreStock(context: AppLoadContext, productId: string, { store, delta }: { store: string; delta: number }) {
  const db = getDb(context);
  const add = db
    .insert(storeStock)
    .select(
      db
        .select({
          storeId: stores.id,
          productId: sql<string>`${productId}`.as(storeStock.productId.name),
          // SQLite checks the row to insert (CHECK stock >= 0) before it finds the conflict: a removal inserts 0, never taken.
          stock: sql<number>`max(${delta}, 0)`.as(storeStock.stock.name),
        })
        .from(stores)
        // A new row only for units added; removing from a store without a row is refused below.
        .where(
          and(
            eq(stores.id, store),
            eq(stores.active, true),
            sql`(${delta} >= 0 or exists (select 1 from ${storeStock} where ${storeStock.storeId} = ${store} and ${storeStock.productId} = ${productId}))`,
          ),
        ),
    )
    .onConflictDoUpdate({
      target: [storeStock.storeId, storeStock.productId],
      set: { stock: sql`${storeStock.stock} + ${delta}` },
      setWhere: sql`${storeStock.stock} + ${delta} >= 0`,
    })
    .returning({ stock: storeStock.stock });
  const [written, restocks] = await db.batch([add, claimRestocks(db)]).catch((error: unknown) => goneOnWrite(db, productId, store, error));
  flagRestocks(context, restocks);
  if (written.length) return written[0].stock;
  const row = await storeStockRow(db, productId, store);
  if (!row?.product) throw new Refusal(row ? "Product not found" : "Store not found, or no longer active", 404);
  // No row at the store and a negative delta, or fewer units than it removes.
  throw new Refusal(`Only ${row.stock} in stock at ${row.storeName}: you cannot remove ${-delta}`, 409, { data: { _id: productId, store, stock: row.stock } });
}
