/**
 * Catalogue changes (ADMIN only; callers check the role). Each change is one D1 batch, so a product
 * and its images and links are written all-or-nothing. Text is stored as typed (React escapes it).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, count, eq, exists, inArray, sql, type SQL } from "drizzle-orm";
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
  storeStock,
  subCategories,
  subCategoryCategories,
  nowMs,
} from "~/db/schema";
import { newId } from "~/lib/ids";
import { rupeesToPaise } from "~/lib/money";
import type { ProductInput } from "~/lib/schemas/admin";
import { Refusal } from "~/lib/refusal";
import { type Database, failedOn, getDb } from "~/server/db/db.server";
import { stockAt } from "~/server/stores/store-stock.server";

type CategoryInput = { name: string; image: string };
type SubCategoryInput = CategoryInput & { category: string[] };

function uniqueViolation(error: unknown, what: string): never {
  if (failedOn(error, /UNIQUE constraint failed/i))
    throw new Refusal(`A ${what} with this name already exists`, 409, { fields: { name: [`A ${what} with this name already exists`] } });
  throw error;
}

async function assertAllExist(db: Database, table: typeof categories | typeof subCategories, ids: string[], label: string) {
  const row = await db.select({ n: count() }).from(table).where(inArray(table.id, ids)).get();
  if ((row?.n ?? 0) !== ids.length) throw new Refusal(`Choose ${label} from the list: one no longer exists`, 400);
}

// ---------------------------------------------------------------------------------------------
// Categories

export async function createCategory(context: AppLoadContext, input: CategoryInput) {
  const id = newId();
  try {
    await getDb(context).insert(categories).values({ id, name: input.name, image: input.image });
  } catch (error) {
    uniqueViolation(error, "category");
  }
  return { _id: id, ...input };
}

export async function updateCategory(context: AppLoadContext, id: string, input: CategoryInput) {
  try {
    const result = await getDb(context).update(categories).set({ name: input.name, image: input.image, updatedAt: nowMs }).where(eq(categories.id, id));
    if (!result.meta.changes) throw new Refusal("Category not found", 404);
  } catch (error) {
    if (error instanceof Refusal) throw error;
    uniqueViolation(error, "category");
  }
  return { _id: id, ...input };
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
    .catch((error: unknown) => {
      if (failedOn(error, /FOREIGN KEY/i)) throw new Refusal("Sub-category not found", 404);
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

/** A product's images and links (in the order the admin gave), inserted as they are: a new product. */
function productLinkStatements(db: Database, productId: string, input: ProductInput) {
  return [
    ...input.image.map((url, position) => db.insert(productImages).values({ productId, position, url })),
    ...input.category.map((categoryId, position) => db.insert(productCategories).values({ productId, categoryId, position })),
    ...input.subCategory.map((subCategoryId, position) => db.insert(productSubCategories).values({ productId, subCategoryId, position })),
  ];
}

/** A bound value selected as `column` (an `insert … select` names what it selects). */
const value = <T extends string | number>(v: T, column: AnySQLiteColumn) => sql<T>`${v}`.as(column.name);

/**
 * The same links, each inserted only while `unchanged` holds for the product's row (an edit): an
 * `insert … select` from the one product row (its primary key) that still matches the guard.
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
  const found = await db
    .select({ id: stores.id, isDefault: stores.isDefault })
    .from(stores)
    .where(and(inArray(stores.id, ids), eq(stores.active, true)));
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
    price: rupeesToPaise(input.price),
    discount: input.discount,
    moreDetails: moreDetails(input),
  };
}

/** A store's stock row for the product, written as `insert … select` so `guards` can hold it back. */
function storeStockRow(db: Database, productId: string, entry: StoreStockEntry, ...guards: SQL[]) {
  return db.insert(storeStock).select(
    db
      .select({ storeId: stores.id, productId: sql<string>`${productId}`.as("product_id"), stock: sql<number>`${entry.stock}`.as("stock") })
      .from(stores)
      .where(and(eq(stores.id, entry.store), ...guards)),
  );
}

/** A category or sub-category deleted between the check and the batch: the batch rolled back. */
function refsGone(error: unknown): never {
  if (failedOn(error, /FOREIGN KEY/i)) throw new Refusal("Choose categories and sub-categories from the list: one no longer exists", 400);
  throw error;
}

export async function createProduct(context: AppLoadContext, input: ProductInput) {
  const db = getDb(context);
  const otherStores = await assertProductRefs(db, input);
  const id = newId();
  await db
    .batch([
      db.insert(products).values({ id, ...productColumns(input) }),
      defaultStoreStock(db, id, input.stock),
      ...otherStores.map((entry) => storeStockRow(db, id, entry)),
      ...productLinkStatements(db, id, input),
    ])
    .catch(refsGone);
  return id;
}

/**
 * The product form's stock is the default store's (decision 020): a row written as `insert … select`
 * from the default store (none: nothing written, stock 0). Never an update, so the stock trigger does
 * not bump the version the admin's own save bumps once.
 */
function defaultStoreStock(db: Database, productId: string, stock: number, ...guards: SQL[]) {
  return db.insert(storeStock).select(
    db
      .select({ storeId: stores.id, productId: sql<string>`${productId}`.as("product_id"), stock: sql<number>`${stock}`.as("stock") })
      .from(stores)
      .where(and(eq(stores.isDefault, true), ...guards)),
  );
}

const staleProductMessage = (stock: number) => `This product changed since you opened it (now ${stock} in stock). Review and save again.`;

/** 409: the product is no longer the one the editor opened. `data` has what a retry needs. */
export class StaleProduct extends Refusal {
  constructor(public current: { _id: string; stock: number; version: number }) {
    super(staleProductMessage(current.stock), 409, { data: current });
  }
}

/**
 * Saves an admin's edit of a product (decision 010). `version` is the product version the edit
 * started from: every admin save bumps it, and so does every stock change (a trigger), so a form
 * opened before a sale, a checkout hold or another admin's save is refused with StaleProduct and
 * writes nothing. Without a version (an /api client that did not send one) the name, price and
 * other fields are last-writer-wins, but only while the stock it sends is the stock now: a stock
 * read before a sale is never written back.
 *
 * One batch; every statement is guarded by the same condition and the product's own update comes
 * last, so either all of it applies or none, and of N saves racing from one version exactly one wins.
 */
export async function updateProduct(context: AppLoadContext, id: string, input: ProductInput, { version }: { version?: number | null } = {}) {
  const db = getDb(context);
  const otherStores = await assertProductRefs(db, input);
  const defaultStock = stockAt(null);
  const guard =
    version != null
      ? eq(products.version, version)
      : and(sql`${defaultStock} = ${input.stock}`, ...otherStores.map((entry) => sql`${stockAt({ storeId: entry.store })} = ${entry.stock}`));
  const unchanged = exists(
    db
      .select({ one: sql`1` })
      .from(products)
      .where(and(eq(products.id, id), guard)),
  );
  // Each store's stock, replaced (delete + insert) only by a versioned save: without a version the
  // stock sent must already be the stock at every store named, so there is nothing to write.
  const writeStock =
    version != null
      ? [
          db
            .delete(storeStock)
            .where(
              and(eq(storeStock.productId, id), eq(storeStock.storeId, sql`(select ${stores.id} from ${stores} where ${stores.isDefault} = 1)`), unchanged),
            ),
          defaultStoreStock(db, id, input.stock, unchanged),
          ...otherStores.flatMap((entry) => [
            db.delete(storeStock).where(and(eq(storeStock.productId, id), eq(storeStock.storeId, entry.store), unchanged)),
            storeStockRow(db, id, entry, unchanged),
          ]),
        ]
      : [];
  const results = await db
    .batch([
      db.delete(productImages).where(and(eq(productImages.productId, id), unchanged)),
      db.delete(productCategories).where(and(eq(productCategories.productId, id), unchanged)),
      db.delete(productSubCategories).where(and(eq(productSubCategories.productId, id), unchanged)),
      ...guardedProductLinkStatements(db, id, input, guard),
      ...writeStock,
      db
        .update(products)
        .set({
          ...productColumns(input),
          version: sql`${products.version} + 1`,
          updatedAt: nowMs,
        })
        .where(and(eq(products.id, id), guard)),
    ])
    .catch(refsGone);
  if (results[results.length - 1].meta.changes) return;
  const current = await db.select({ stock: defaultStock, version: products.version }).from(products).where(eq(products.id, id)).get();
  if (!current) throw new Refusal("Product not found", 404);
  throw new StaleProduct({ _id: id, ...current });
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
