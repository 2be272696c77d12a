/**
 * Catalogue reads shared by the storefront pages and the catalogue /api. Every page's critical data
 * is one D1 round trip (a `batch()`), flat in catalogue size (the columns are in rows.server.ts).
 */
import type { AppLoadContext, HeadersFunction } from "@remix-run/cloudflare";
import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { categories, productCategories, products, productSubCategories, subCategories, subCategoryCategories } from "~/db/schema";
import type { BatchItem } from "drizzle-orm/batch";
import { getDb, type Database } from "~/server/db/db.server";
import { limitBy, rowCount, writtenLimit } from "~/server/db/row-count.server";
import type { SharedBatch } from "~/server/db/shared-batch.server";
import { isPersonalRequest, PRIVATE_NO_STORE } from "~/server/http/http-cache.server";
import { stockAt, type StockStore } from "~/server/stores/store-stock.server";
import {
  byName,
  cardColumns,
  categoriesQuery,
  categoryColumns,
  inListing,
  newestFirst,
  paged,
  productColumns,
  productQuery,
  qb,
  renamed,
  subCategoriesQuery,
  subCategoryColumns,
  toProduct,
  toSubCategory,
  type CardRow,
  type CatalogueProduct,
  type CategoryRef,
  type Page,
  type Shape,
} from "./rows.server";

/** Every category, sorted by name. */
export async function loadCategories(context: AppLoadContext) {
  return categoriesQuery(getDb(context));
}

/** Every sub-category with its parents, sorted by name: /api. */
export async function loadSubCategories(context: AppLoadContext) {
  return (await subCategoriesQuery(getDb(context))).map(toSubCategory);
}

/** Categories and sub-categories (sorted by name): admin forms and lists. */
export async function loadCategoryTree(context: AppLoadContext) {
  const db = getDb(context);
  const [cats, subs] = await db.batch([categoriesQuery(db), subCategoriesQuery(db)]);
  return { categories: cats, subCategories: subs.map(toSubCategory) };
}

/**
 * Home in ONE batch: every category with its first listing (the first sub-category by name that
 * lists it, spec "Category grid") and the `perCategory` newest products of each (the rows, card
 * shape). Each category's products are the first entries of `product_categories_newest_idx`
 * (migrations/0014): the cost follows the number of categories, not the catalogue's size. The
 * cross join keeps categories on the outside, so that list is read once per category.
 */
/** `batch`: the request's shared batch when the caller holds a seat (shared-batch.server.ts). */
export async function loadHomeCatalogue(context: AppLoadContext, perCategory: number, store: StockStore, batch?: SharedBatch) {
  const db = getDb(context);
  /** A category's first listing's `column` (correlated on `categories`). */
  const firstListing = (column: typeof subCategories.id | typeof subCategories.name) =>
    qb
      .select({ value: column })
      .from(subCategoryCategories)
      .innerJoin(subCategories, eq(subCategories.id, subCategoryCategories.subCategoryId))
      .where(eq(subCategoryCategories.categoryId, categories.id))
      .orderBy(...byName(subCategories))
      .limit(writtenLimit(1));
  const newest = qb
    .select({ id: productCategories.productId })
    .from(productCategories)
    .where(eq(productCategories.categoryId, categories.id))
    .orderBy(desc(productCategories.productCreatedAt), asc(productCategories.productId))
    .limit(writtenLimit(perCategory));
  const [cats, rows] = await (batch ?? db.batch.bind(db))([
    db
      .select({
        ...categoryColumns,
        firstSubCategoryId: sql<string | null>`(${firstListing(subCategories.id)})`.as("first_sub_category_id"),
        firstSubCategoryName: sql<string | null>`(${firstListing(subCategories.name)})`.as("first_sub_category_name"),
      })
      .from(categories)
      .orderBy(...byName(categories)),
    db
      .select({ categoryId: renamed(categories.id, "category_id"), ...cardColumns(store) })
      .from(categories)
      .crossJoin(products)
      .where(inArray(products.id, newest))
      .orderBy(asc(categories.id), ...newestFirst),
  ]);
  const rowsByCategory: Record<string, CardRow[]> = {};
  for (const { categoryId, ...card } of rows) (rowsByCategory[categoryId] ??= []).push(card);
  return {
    categories: cats.map(({ firstSubCategoryId, firstSubCategoryName, ...category }) => ({
      ...category,
      firstListing: firstSubCategoryId && firstSubCategoryName !== null ? { id: firstSubCategoryId, name: firstSubCategoryName } : null,
    })),
    rowsByCategory,
  };
}

interface ListingOptions<S extends Shape> {
  categoryId: string;
  subCategoryId: string;
  page: number;
  pageSize: number;
  cumulative: boolean;
  shape: S;
  /** Whose stock the products show. */
  store: StockStore;
  /** The request's shared batch, when the caller holds a seat (shared-batch.server.ts). */
  batch?: SharedBatch;
}

/** A listing: the category, the sub-category, the category's sub-categories and products 1..page. */
export async function loadListing(context: AppLoadContext, options: ListingOptions<"card">): Promise<Listing<CardRow>>;
export async function loadListing(context: AppLoadContext, options: ListingOptions<"full">): Promise<Listing<CatalogueProduct>>;
export async function loadListing(
  context: AppLoadContext,
  { categoryId, subCategoryId, page, pageSize, cumulative, shape, store, batch }: ListingOptions<Shape>,
): Promise<Listing<CardRow> | Listing<CatalogueProduct>> {
  const db = getDb(context);
  const send = batch ?? db.batch.bind(db);
  const limit = cumulative ? page * pageSize : pageSize;
  const offset = cumulative ? 0 : (page - 1) * pageSize;
  const frame = [
    db.select(categoryColumns).from(categories).where(eq(categories.id, categoryId)),
    db.select(subCategoryColumns).from(subCategories).where(eq(subCategories.id, subCategoryId)),
    db
      .select(subCategoryColumns)
      .from(subCategories)
      .innerJoin(subCategoryCategories, eq(subCategoryCategories.subCategoryId, subCategories.id))
      .where(eq(subCategoryCategories.categoryId, categoryId))
      .orderBy(...byName(subCategories)),
  ] as const;
  // Newest first from the link's own index (product_sub_categories_newest_idx): the page's rows, not the sub-category's.
  const newestInListing = [desc(productSubCategories.productCreatedAt), asc(productSubCategories.productId)];
  const totalCount = db
    .select({ n: count() })
    .from(productSubCategories)
    .innerJoin(products, eq(products.id, productSubCategories.productId))
    .where(inListing(db, categoryId, subCategoryId));
  const listing = (cat: CategoryRef[], sub: CategoryRef[], rail: CategoryRef[]) => ({
    category: cat[0] ?? null,
    subCategory: sub[0] ?? null,
    subCategories: rail,
  });
  if (shape === "card") {
    const items = db
      .select(cardColumns(store))
      .from(productSubCategories)
      .innerJoin(products, eq(products.id, productSubCategories.productId))
      .where(inListing(db, categoryId, subCategoryId))
      .orderBy(...newestInListing)
      .limit(writtenLimit(limit))
      .offset(writtenLimit(offset));
    const [cat, sub, rail, rows, total] = await send([...frame, items, totalCount]);
    return { ...listing(cat, sub, rail), ...paged(rows, total[0]?.n ?? 0, page, pageSize) };
  }
  const items = db
    .select(productColumns(store))
    .from(productSubCategories)
    .innerJoin(products, eq(products.id, productSubCategories.productId))
    .where(inListing(db, categoryId, subCategoryId))
    .orderBy(...newestInListing)
    .limit(writtenLimit(limit))
    .offset(writtenLimit(offset));
  const [cat, sub, rail, rows, total] = await send([...frame, items, totalCount]);
  return { ...listing(cat, sub, rail), ...paged(rows.map(toProduct), total[0]?.n ?? 0, page, pageSize) };
}

export type Listing<T> = Page<T> & { category: CategoryRef | null; subCategory: CategoryRef | null; subCategories: CategoryRef[] };

/** `batch`: the request's shared batch when the caller holds a seat (shared-batch.server.ts). */
export async function loadProduct(context: AppLoadContext, id: string, store: StockStore, batch?: SharedBatch): Promise<CatalogueProduct | null> {
  const db = getDb(context);
  const query = productQuery(db, store).where(eq(products.id, id)).limit(writtenLimit(1));
  const [rows] = await (batch ?? db.batch.bind(db))([query]);
  return rows[0] ? toProduct(rows[0]) : null;
}

/** At most this many similar items are shown for an out-of-stock product. */
const SIMILAR_MAX = 6;

/**
 * Up to 6 products sharing a sub-category with `id`, in stock at the store, nearest in price (then
 * by id); none while `id` itself is in stock there (the condition is in the query, so a page sends
 * it in its one round trip without knowing the stock first). That condition is the LIMIT (0 while
 * in stock): SQLite reads it before any row, so an in-stock product's page reads no sibling. As a
 * WHERE term it was checked per sibling: 901 rows read for a product in stock at 20,000 products.
 */
function similarQuery(db: Database, id: string, store: StockStore) {
  const siblings = db
    .select({ id: productSubCategories.productId })
    .from(productSubCategories)
    .where(
      inArray(
        productSubCategories.subCategoryId,
        db.select({ id: productSubCategories.subCategoryId }).from(productSubCategories).where(eq(productSubCategories.productId, id)),
      ),
    );
  const price = db.select({ price: products.price }).from(products).where(eq(products.id, id));
  return db
    .select(cardColumns(store))
    .from(products)
    .where(and(inArray(products.id, siblings), ne(products.id, id), sql`${stockAt(store)} > 0`))
    .orderBy(sql`abs(${products.price} - (${price}))`, asc(products.id))
    .limit(limitBy(sql`case when ${stockAt(store, sql`${id}`)} > 0 then 0 else ${sql.raw(rowCount(SIMILAR_MAX))} end`));
}

/**
 * A product and, when it is out of stock at the store, its similar items: one round trip, which
 * also carries `also` (a page's own read, e.g. the "Notify me" state) when given.
 */
export async function loadProductWithSimilar<A extends BatchItem<"sqlite"> = never>(
  context: AppLoadContext,
  id: string,
  store: StockStore,
  batch?: SharedBatch,
  also?: A,
): Promise<{ product: CatalogueProduct; similar: CardRow[]; also: Awaited<A> | null } | null> {
  const db = getDb(context);
  const send = batch ?? db.batch.bind(db);
  const queries = [productQuery(db, store).where(eq(products.id, id)).limit(writtenLimit(1)), similarQuery(db, id, store)] as const;
  const [rows, similar, extra] = also ? await send([...queries, also]) : [...(await send(queries)), null];
  return rows[0]
    ? { product: toProduct(rows[0]), similar: similar.map((row) => ({ ...row, image: row.image ?? "" })), also: (extra ?? null) as Awaited<A> | null }
    : null;
}

/** Similar items for several out-of-stock products (the cart's sold-out lines), as statements for the page's one batch. */
export function similarQueries(context: AppLoadContext, ids: readonly string[], store: StockStore) {
  const db = getDb(context);
  return ids.map((id) => similarQuery(db, id, store));
}

/** The rows of {@link similarQueries}, as cards. */
export function similarCards(rows: readonly Awaited<ReturnType<typeof similarQuery>>[]): CardRow[][] {
  return rows.map((list) => list.map((row) => ({ ...row, image: row.image ?? "" })));
}

export async function loadProductsByCategory(context: AppLoadContext, categoryId: string, limit: number, store: StockStore) {
  const db = getDb(context);
  const rows = await db
    .select(productColumns(store))
    .from(productCategories)
    .innerJoin(products, eq(products.id, productCategories.productId))
    .where(eq(productCategories.categoryId, categoryId))
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map(toProduct);
}

/** Every product, newest first (the admin list; search/product-page.server.ts adds its search); stock at `store`. */
export async function loadNewestProducts(context: AppLoadContext, { page, limit, store }: { page: number; limit: number; store: StockStore }) {
  const db = getDb(context);
  const [rows, total] = await db.batch([
    productQuery(db, store)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(products),
  ]);
  return paged(rows.map(toProduct), total[0]?.n ?? 0, page, limit);
}

/**
 * The catalogue pages' `headers` export (each route re-exports it): the Cache-Control their loader
 * chose, else private. Remix drops a loader's headers on a document unless the route exports this.
 */
export const catalogueHeaders: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? PRIVATE_NO_STORE,
});

/** Cache-Control for catalogue pages: shared caches only for anonymous visitors (no cookie but the delivery location). */
export function catalogueCacheControl(request: Request): string {
  return isPersonalRequest(request) ? "private, no-store" : "public, max-age=60, s-maxage=300, stale-while-revalidate=600";
}
