/**
 * A product's shelf location per store (`product_bins`, docs/decisions/027-store-operations.md):
 * the pick list is sorted by it. Set on the product page, one store at a time; empty clears it.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { productBins, products, stores } from "~/db/schema";
import { Refusal } from "~/lib/refusal";
import { getDb } from "~/server/db/db.server";

export async function setProductBin(context: AppLoadContext, input: { storeId: string; productId: string; bin: string }): Promise<{ message: string }> {
  const db = getDb(context);
  const [store, product] = await db.batch([
    db.select({ name: stores.name }).from(stores).where(eq(stores.id, input.storeId)),
    db.select({ name: products.name }).from(products).where(eq(products.id, input.productId)),
  ]);
  if (!store[0]) throw new Refusal("No such store", 404);
  if (!product[0]) throw new Refusal("No such product", 404);
  if (!input.bin) {
    await db.delete(productBins).where(and(eq(productBins.storeId, input.storeId), eq(productBins.productId, input.productId)));
    return { message: `Shelf location of ${product[0].name} at ${store[0].name} cleared` };
  }
  await db
    .insert(productBins)
    .values({ storeId: input.storeId, productId: input.productId, bin: input.bin })
    .onConflictDoUpdate({ target: [productBins.storeId, productBins.productId], set: { bin: input.bin } });
  return { message: `${product[0].name} is at ${input.bin} in ${store[0].name}` };
}
