import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, sql } from "drizzle-orm";
import { stores, storeStock } from "~/db/schema";
import { loadCategoryTree } from "./catalogue.server";
import { getDb } from "~/server/db/db.server";

/**
 * The product form's choices (sorted by name): categories, sub-categories, and the active stores
 * other than the default one, each with the product's stock there (0 without a row; the default
 * store's is the form's Stock field, decision 020).
 */
export async function productFormOptions(context: AppLoadContext, productId: string | null = null) {
  const db = getDb(context);
  const [{ categories, subCategories }, otherStores] = await Promise.all([
    loadCategoryTree(context),
    db
      .select({
        id: stores.id,
        name: stores.name,
        city: stores.city,
        stock: productId
          ? sql<number>`coalesce((select ${storeStock.stock} from ${storeStock} where ${storeStock.storeId} = ${stores.id} and ${storeStock.productId} = ${productId}), 0)`
          : sql<number>`0`,
      })
      .from(stores)
      .where(and(eq(stores.active, true), eq(stores.isDefault, false)))
      .orderBy(sql`${stores.name} collate nocase`, asc(stores.id)),
  ]);
  return {
    categories: categories.map(({ id, name }) => ({ id, name })),
    subCategories: subCategories.map(({ id, name }) => ({ id, name })),
    stores: otherStores,
  };
}

export type StoreStockOption = Awaited<ReturnType<typeof productFormOptions>>["stores"][number];
