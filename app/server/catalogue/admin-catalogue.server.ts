/**
 * Catalogue changes (ADMIN only; callers check the role). Each change is one D1 batch, so a product
 * and its images and links are written all-or-nothing. Text is stored as typed (React escapes it).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, count, eq, exists, inArray, or, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  cartItems,
  cartNotices,
  categories,
  productCategories,
  productImages,
  products,
  productSubCategories,
  stores,
  subCategories,
  subCategoryCategories,
  nowMs,
} from "~/db/schema";
import { STORE_BARCODE_PREFIX } from "~/lib/barcode";
import { newId } from "~/lib/ids";
import type { ProductInput } from "~/lib/schemas/admin";
import { Refusal } from "~/lib/refusal";
import { type Database, getDb } from "~/server/db/db.server";
import {
  claimRestocks,
  flagRestocks,
  stockChangedMessage,
  stockConflicts,
  StockChanged,
  stockSetGuards,
  writeStockSets,
  type ClaimedRestocks,
  type StockConflict,
} from "~/server/stores/stock-writes.server";

type CategoryInput = { name: string; image: string };
type SubCategoryInput = CategoryInput & { category: string[] };

const nameTaken = (what: string) =>
  new Refusal(`A ${what} with this name already exists`, 409, { fields: { name: [`A ${what} with this name already exists`] } });

async function assertAllExist(db: Database, table: typeof categories | typeof subCategories, ids: string[], label: string) {
  const row = await db.select({ n: count() }).from(table).where(inArray(table.id, ids)).get();
  if ((row?.n ?? 0) !== ids.length) throw new Refusal(`Choose ${label} from the list: one no longer exists`, 400);
}

// ---------------------------------------------------------------------------------------------
// Categories

/** A name another category holds makes the insert do nothing (its unique index decides). */
export async function createCategory(context: AppLoadContext, input: CategoryInput) {
  const id = newId();
  const created = await getDb(context)
    .insert(categories)
    .values({ id, name: input.name, image: input.image })
    .onConflictDoNothing({ target: categories.name })
    .returning({ id: categories.id });
  if (!created.length) throw nameTaken("category");
  return { _id: id, ...input };
}

/** The update itself refuses a name another category holds; whether the category exists is read with it. */
export async function updateCategory(context: AppLoadContext, id: string, input: CategoryInput) {
  const db = getDb(context);
  const [updated, found] = await db.batch([
    db
      .update(categories)
      .set({ name: input.name, image: input.image, updatedAt: nowMs })
      .where(and(eq(categories.id, id), sql`not exists (select 1 from ${categories} other where other.name = ${input.name} and other.id <> ${id})`)),
    db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)),
  ]);
  if (updated.meta.changes) return { _id: id, ...input };
  if (!found.length) throw new Refusal("Category not found", 404);
  throw nameTaken("category");
}

/** Refused while sub-categories or products still use it: nothing is left dangling. */
export async function deleteCategory(context: AppLoadContext, id: string) {
  const db = getDb(context);
  const usage = await db
    .select({
      subs: db.$count(subCategoryCategories, eq(subCategoryCategories.categoryId, id)),
      products: db.$count(productCategories, eq(productCategories.categoryId, id)),
    })
    .from(categories)
    .where(eq(categories.id, id))
    .get();
  if (!usage) throw new Refusal("Category not found", 404);
  if (usage.subs || usage.products) {
    throw new Refusal(
      `This category is used by ${usage.subs} sub-categor${usage.subs === 1 ? "y" : "ies"} and ${usage.products} product${usage.products === 1 ? "" : "s"}: move or delete them first`,
      409,
    );
  }
  await db.delete(categories).where(eq(categories.id, id));
}

// ---------------------------------------------------------------------------------------------
// Sub-categories

function linkStatements(db: Database, subCategoryId: string, categoryIds: string[]) {
  return categoryIds.map((categoryId, position) => db.insert(subCategoryCategories).values({ subCategoryId, categoryId, position }));
}

export async function createSubCategory(context: AppLoadContext, input: SubCategoryInput) {
  const db = getDb(context);
  await assertAllExist(db, categories, input.category, "categories");
  const id = newId();
  await db.batch([db.insert(subCategories).values({ id, name: input.name, image: input.image }), ...linkStatements(db, id, input.category)]);
  return { _id: id, name: input.name, image: input.image, category: input.category.map((c) => ({ _id: c })) };
}

export async function updateSubCategory(context: AppLoadContext, id: string, input: SubCategoryInput) {
  const db = getDb(context);
  await assertAllExist(db, categories, input.category, "categories");
  const [updated] = await db
    .batch([
      db.update(subCategories).set({ name: input.name, image: input.image, updatedAt: nowMs }).where(eq(subCategories.id, id)),
      db.delete(subCategoryCategories).where(
        and(
          eq(subCategoryCategories.subCategoryId, id),
          exists(
            db
              .select({ one: sql`1` })
              .from(subCategories)
              .where(eq(subCategories.id, id)),
          ),
        ),
      ),
      ...linkStatements(db, id, input.category),
    ])
    .catch(async (error: unknown) => {
      // A link refused the batch: the sub-category, or one of its categories, was deleted meanwhile.
      if (!(await db.select({ id: subCategories.id }).from(subCategories).where(eq(subCategories.id, id)).get())) {
        throw new Refusal("Sub-category not found", 404);
      }
      await assertAllExist(db, categories, input.category, "categories");
      throw error;
    });
  if (!updated.meta.changes) throw new Refusal("Sub-category not found", 404);
  return { _id: id, name: input.name, image: input.image, category: input.category.map((c) => ({ _id: c })) };
}

export async function deleteSubCategory(context: AppLoadContext, id: string) {
  const db = getDb(context);
  const usage = await db
    .select({ products: db.$count(productSubCategories, eq(productSubCategories.subCategoryId, id)) })
    .from(subCategories)
    .where(eq(subCategories.id, id))
    .get();
  if (!usage) throw new Refusal("Sub-category not found", 404);
  if (usage.products) {
    throw new Refusal(`This sub-category is used by ${usage.products} product${usage.products === 1 ? "" : "s"}: move or delete them first`, 409);
  }
  await db.delete(subCategories).where(eq(subCategories.id, id));
}

// ---------------------------------------------------------------------------------------------
// Products

/** A bound value selected as `column` (an `insert … select` names what it selects). */
const value = <T extends string | number>(v: T, column: AnySQLiteColumn) => sql<T>`${v}`.as(column.name);

/**
 * A product's images and links (in the order the admin gave), each inserted only while the product's
 * row is there and `unchanged` holds for it (an edit): an `insert … select` from the one product row
 * (its primary key) that still matches the guard. A new product's insert may have been skipped (its
 * barcode taken), and its links then with it.
 */
function guardedProductLinkStatements(db: Database, productId: string, input: ProductInput, unchanged: SQL | undefined) {
  const product = and(eq(products.id, productId), unchanged);
  return [
    ...input.image.map((url, position) =>
      db.insert(productImages).select(
        db
          .select({ productId: products.id, position: value(position, productImages.position), url: value(url, productImages.url) })
          .from(products)
          .where(product),
      ),
    ),
    ...input.category.map((categoryId, position) =>
      db.insert(productCategories).select(
        db
          .select({
            productId: products.id,
            categoryId: value(categoryId, productCategories.categoryId),
            position: value(position, productCategories.position),
            productCreatedAt: products.createdAt,
          })
          .from(products)
          .where(product),
      ),
    ),
    ...input.subCategory.map((subCategoryId, position) =>
      db.insert(productSubCategories).select(
        db
          .select({
            productId: products.id,
            subCategoryId: value(subCategoryId, productSubCategories.subCategoryId),
            position: value(position, productSubCategories.position),
            productCreatedAt: products.createdAt,
          })
          .from(products)
          .where(product),
      ),
    ),
  ];
}

const moreDetails = (input: ProductInput) => Object.fromEntries(input.more_details.map((f) => [f.name, f.value]));

async function assertProductRefs(db: Database, input: ProductInput) {
  await assertAllExist(db, categories, input.category, "categories");
  await assertAllExist(db, subCategories, input.subCategory, "sub-categories");
  return otherStoresStock(db, input);
}

type StoreStockEntry = ProductInput["storeStock"][number];

/**
 * The per-store stock of a save, checked against the stores (decision 020): every store must be an
 * active one, and the default store's stock is `stock` (an entry for it must say the same). Returns
 * the entries for the other stores, the ones to write besides `stock`.
 */
async function otherStoresStock(db: Database, input: ProductInput): Promise<StoreStockEntry[]> {
  if (!input.storeStock.length) return [];
  const ids = input.storeStock.map((entry) => entry.store);
  // The ids as ONE bound JSON parameter: a chain has more stores than D1's 100 parameters.
  const found = await db
    .select({ id: stores.id, isDefault: stores.isDefault })
    .from(stores)
    .where(and(sql`${stores.id} in (select value from json_each(${JSON.stringify(ids)}))`, eq(stores.active, true)));
  const refuse = (message: string) => new Refusal(message, 400, { fields: { storeStock: [message] } });
  if (found.length !== ids.length) throw refuse("Choose stores from the list: one is unknown or no longer active");
  const defaultId = found.find((store) => store.isDefault)?.id;
  const forDefault = input.storeStock.find((entry) => entry.store === defaultId);
  if (forDefault && forDefault.stock !== input.stock) throw refuse("The default store's stock is the Stock field: send one value for it");
  return input.storeStock.filter((entry) => entry.store !== defaultId);
}

/** The product's own columns as an admin's form or /api body gives them (create and update). */
function productColumns(input: ProductInput) {
  return {
    name: input.name,
    description: input.description,
    unit: input.unit,
    price: input.price,
    discount: input.discount,
    moreDetails: moreDetails(input),
    // GST (decision 031): what the form or body leaves out is kept (an update) or the default (a new product).
    ...(input.hsnCode === undefined ? {} : { hsnCode: input.hsnCode }),
    ...(input.gstRate === undefined ? {} : { gstRate: input.gstRate }),
    // Left out: kept (an update), or numbered by the store (a new product: migration 0036's trigger).
    ...(input.barcode === undefined ? {} : { barcode: input.barcode }),
  };
}

/** A refusal about the product's barcode, on its form field. */
const barcodeRefusal = (message: string, status: 400 | 409) => new Refusal(message, status, { fields: { barcode: [message] } });
const RESERVED_BARCODE = `Barcodes starting ${STORE_BARCODE_PREFIX} are numbered by the store: type the code printed on the pack, or leave the field empty`;

/**
 * Whether a save may give the product `code` (decision 042), as a condition of the save's own
 * statements: no other product has it, and a code of the store's own range is the product's already.
 */
function barcodeFree(id: string, code: string | undefined): SQL | undefined {
  if (code === undefined) return undefined;
  return sql`not exists (select 1 from ${products} other where other.barcode = ${code} and other.id <> ${id})
    and (${code} not like ${`${STORE_BARCODE_PREFIX}%`} or exists (select 1 from ${products} own where own.id = ${id} and own.barcode = ${code}))`;
}

/** Why a save's barcode was refused, read after its batch applied nothing; null when the barcode was not why. */
async function barcodeRefused(db: Database, id: string, code: string | undefined): Promise<Refusal | null> {
  if (code === undefined) return null;
  const rows = await db
    .select({ id: products.id, name: products.name, barcode: products.barcode })
    .from(products)
    .where(or(eq(products.barcode, code), eq(products.id, id)));
  const taken = rows.find((row) => row.id !== id && row.barcode === code);
  if (taken) return barcodeRefusal(`Barcode ${code} is already on ${taken.name}: each product has its own`, 409);
  const own = rows.find((row) => row.id === id);
  if (code.startsWith(STORE_BARCODE_PREFIX) && own?.barcode !== code) return barcodeRefusal(RESERVED_BARCODE, 400);
  return null;
}

/**
 * Why a product's batch rolled back, read again: the product deleted meanwhile (an update), or a
 * category or sub-category it names deleted between the check and the batch.
 */
async function explainProductBatch(db: Database, input: ProductInput, error: unknown, productId?: string): Promise<never> {
  if (productId && !(await db.select({ id: products.id }).from(products).where(eq(products.id, productId)).get())) {
    throw new Refusal("Product not found", 404);
  }
  const named = async (table: typeof categories | typeof subCategories, ids: string[]) =>
    ((await db.select({ n: count() }).from(table).where(inArray(table.id, ids)).get())?.n ?? 0) === ids.length;
  if (!(await named(categories, input.category)) || !(await named(subCategories, input.subCategory))) {
    throw new Refusal("Choose categories and sub-categories from the list: one no longer exists", 400);
  }
  throw error;
}

export async function createProduct(context: AppLoadContext, input: ProductInput) {
  const db = getDb(context);
  if (input.barcode?.startsWith(STORE_BARCODE_PREFIX)) throw barcodeRefusal(RESERVED_BARCODE, 400);
  const otherStores = await assertProductRefs(db, input);
  const id = newId();
  const inserted = exists(
    db
      .select({ one: sql`1` })
      .from(products)
      .where(eq(products.id, id)),
  );
  const [insert] = await db
    .batch([
      // The barcode's unique index decides: a code another product has inserts nothing, and so
      // does every statement after it (each needs the product).
      db
        .insert(products)
        .values({ id, ...productColumns(input) })
        .onConflictDoNothing({ target: products.barcode }),
      // A new product: stock 0 everywhere until now, so each store's stock is set given 0.
      writeStockSets(db, id, [{ store: null, to: input.stock, seen: 0 }, ...otherStores.map((e) => ({ store: e.store, to: e.stock, seen: 0 }))], inserted),
      ...guardedProductLinkStatements(db, id, input, undefined),
    ])
    .catch((error: unknown) => explainProductBatch(db, input, error));
  if (!(insert as D1Result).meta.changes) throw (await barcodeRefused(db, id, input.barcode)) ?? new Refusal("The product could not be saved: try again", 409);
  return id;
}

/**
 * 409: another save of the product's own fields came first (and, if any, the stores whose stock
 * moved since the form was opened). `data` has what a retry needs.
 */
export class StaleProduct extends Refusal {
  constructor(
    public current: { _id: string; version: number },
    public conflicts: StockConflict[] = [],
  ) {
    const stock = conflicts.length ? ` ${stockChangedMessage(conflicts)}` : " Review and save again.";
    super(`Someone else saved this product since you opened it.${stock}`, 409, { data: conflicts.length ? { ...current, conflicts } : current });
  }
}

/**
 * How a save's stock reads (decision 023): `stock` (the default store's) and each `storeStock`
 * entry is a compare-and-set given the value the editor saw (`stockSeen`, an entry's `seen`), and
 * is not written at all when it is unchanged. A value sent without what was seen (the original
 * /api client's form) is read as the stock the client last read: it is never written, and the
 * save reports the stores where it is no longer the stock now.
 */
function stockEdits(input: ProductInput, otherStores: StoreStockEntry[], stockSeen: number | null | undefined) {
  const all = [{ store: null, to: input.stock, seen: stockSeen ?? null }, ...otherStores.map((e) => ({ store: e.store, to: e.stock, seen: e.seen ?? null }))];
  return {
    sets: all.flatMap((e) => (e.seen !== null && e.seen !== e.to ? [{ store: e.store, to: e.to, seen: e.seen }] : [])),
    asRead: all.flatMap((e) => (e.seen === null ? [{ store: e.store, to: e.to, seen: e.to }] : [])),
  };
}

/** A save applied; `stockNotChanged` lists the stores whose stock, sent without what was seen, was not the stock now. */
export type ProductSaved = { stockNotChanged: StockConflict[] };

/**
 * Saves an admin's edit of a product (decisions 010 and 023). `version` is the version of the
 * product's own fields the edit started from (absent: last writer wins for them); stock changes
 * are compare-and-sets per store (see {@link stockEdits}), so a sale never makes a save stale and a
 * save never undoes a sale.
 *
 * One batch, all of it or none: the stock sets come first, guarded by the version and by every
 * store still holding what the editor saw; everything else is guarded by the version and by every
 * store now holding what the editor wants, and the product's own update comes last.
 */
export async function updateProduct(
  context: AppLoadContext,
  id: string,
  input: ProductInput,
  { version, stockSeen }: { version?: number | null; stockSeen?: number | null } = {},
): Promise<ProductSaved> {
  const db = getDb(context);
  const otherStores = await assertProductRefs(db, input);
  const { sets, asRead } = stockEdits(input, otherStores, stockSeen);
  const { canApply, applied } = stockSetGuards(id, sets);
  // The barcode's check rides with the version: every statement of the save is under both.
  const sameVersion = and(version != null ? eq(products.version, version) : undefined, barcodeFree(id, input.barcode));
  const productIs = (...guards: (SQL | undefined)[]) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(products)
        .where(and(eq(products.id, id), ...guards)),
    );
  const unchanged = and(productIs(sameVersion), applied)!;
  const batch = await db
    .batch([
      writeStockSets(db, id, sets, and(productIs(sameVersion), canApply)!),
      // A set from 0 recorded a restock if someone waits for it: claimed here, handed on after the answer.
      claimRestocks(db),
      db.delete(productImages).where(and(eq(productImages.productId, id), unchanged)),
      db.delete(productCategories).where(and(eq(productCategories.productId, id), unchanged)),
      db.delete(productSubCategories).where(and(eq(productSubCategories.productId, id), unchanged)),
      ...guardedProductLinkStatements(db, id, input, and(sameVersion, applied)),
      db
        .update(products)
        .set({ ...productColumns(input), version: sql`${products.version} + 1`, updatedAt: nowMs })
        .where(and(eq(products.id, id), sameVersion, applied)),
    ])
    .catch((error: unknown) => explainProductBatch(db, input, error, id));
  flagRestocks(context, batch[1] as ClaimedRestocks);
  if ((batch[batch.length - 1] as D1Result).meta.changes) return { stockNotChanged: await stockConflicts(db, id, asRead) };
  const [current, conflicts] = await Promise.all([
    db.select({ version: products.version }).from(products).where(eq(products.id, id)).get(),
    stockConflicts(db, id, sets),
  ]);
  if (!current) throw new Refusal("Product not found", 404);
  const barcode = await barcodeRefused(db, id, input.barcode);
  if (barcode) throw barcode;
  if (version != null && current.version !== version) throw new StaleProduct({ _id: id, version: current.version }, conflicts);
  throw new StockChanged(id, conflicts);
}

/**
 * Deleting a product removes it from every cart (cascade) and leaves each of those shoppers a note,
 * in the same batch; past orders keep their snapshot.
 */
export async function deleteProduct(context: AppLoadContext, id: string) {
  const db = getDb(context);
  const [, deleted] = await db.batch([
    db.insert(cartNotices).select(
      db
        .select({
          id: sql<string>`lower(hex(randomblob(12)))`.as(cartNotices.id.name),
          userId: cartItems.userId,
          message: sql<string>`${products.name} || ${" is no longer available and was removed from your cart"}`.as(cartNotices.message.name),
          createdAt: nowMs.as(cartNotices.createdAt.name),
        })
        .from(cartItems)
        .innerJoin(products, eq(products.id, cartItems.productId))
        .where(eq(cartItems.productId, id)),
    ),
    db.delete(products).where(eq(products.id, id)),
  ]);
  if (!deleted.meta.changes) throw new Refusal("Product not found", 404);
}
