import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc, desc, sql } from "drizzle-orm";
import { productBins, stores, storeStock } from "~/db/schema";
import { loadCategoryTree } from "./catalogue.server";
import { getDb } from "~/server/db/db.server";

/** The product form's choices (sorted by name): categories and sub-categories. */
export async function productFormOptions(context: AppLoadContext) {
  const { categories, subCategories } = await loadCategoryTree(context);
  return {
    categories: categories.map(({ id, name }) => ({ id, name })),
    subCategories: subCategories.map(({ id, name }) => ({ id, name })),
  };
}

const STOCK_SUMMARY_PAGE_SIZE = 10;

/** `%text%` for LIKE, with its wildcards escaped (`\` is the escape character). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A product's stock across the chain for its edit page (decision 023): every store's stock, a page
 * at a time, found by store name or city (the default store first, then by name), with the totals
 * over all stores. ONE round trip; each store's stock is a key lookup (store, product).
 */
export async function storeStockSummary(context: AppLoadContext, productId: string, { search, page }: { search: string; page: number }) {
  const db = getDb(context);
  const stockHere = sql<number>`coalesce((select ${storeStock.stock} from ${storeStock} where ${storeStock.storeId} = ${stores.id} and ${storeStock.productId} = ${productId}), 0)`;
  const pattern = containing(search);
  const matching = search ? sql`(${stores.name} like ${pattern} escape '\\' or ${stores.city} like ${pattern} escape '\\')` : undefined;
  const [rows, [totals]] = await db.batch([
    db
      .select({
        id: stores.id,
        name: stores.name,
        city: stores.city,
        active: stores.active,
        isDefault: stores.isDefault,
        stock: stockHere,
        /** The shelf location there (decision 027), or null. */
        bin: sql<
          string | null
        >`(select ${productBins.bin} from ${productBins} where ${productBins.storeId} = ${stores.id} and ${productBins.productId} = ${productId})`,
      })
      .from(stores)
      .where(matching)
      .orderBy(desc(stores.isDefault), sql`${stores.name} collate nocase`, asc(stores.id))
      .limit(STOCK_SUMMARY_PAGE_SIZE)
      .offset((page - 1) * STOCK_SUMMARY_PAGE_SIZE),
    db
      .select({
        // Each named: without a search both counts would be the column `count(*)`, one key in a batch's row.
        stores: sql<number>`count(*)`.as("stores"),
        matching: (matching ? sql<number>`coalesce(sum(${matching}), 0)` : sql<number>`count(*)`).as("matching"),
        units: sql<number>`coalesce(sum(${stockHere}), 0)`.as("units"),
        outOfStock: sql<number>`coalesce(sum(${stockHere} = 0 and ${stores.active} = 1), 0)`.as("out_of_stock"),
      })
      .from(stores),
  ]);
  return {
    stores: rows,
    page,
    totalPages: Math.max(1, Math.ceil(totals.matching / STOCK_SUMMARY_PAGE_SIZE)),
    totals: { stores: totals.stores, units: totals.units, outOfStock: totals.outOfStock },
    search,
  };
}

export type StoreStockSummary = Awaited<ReturnType<typeof storeStockSummary>>;
