/**
 * Catalogue reads shared by the storefront pages and the catalogue /api. Every page's critical data
 * is one D1 round trip (a `batch()`), flat in catalogue size: products carry their images,
 * categories and sub-categories as JSON aggregated in SQL, never one query per product.
 */
import type { AppLoadContext, HeadersFunction } from "@remix-run/cloudflare";
import { and, asc, count, desc, eq, exists, inArray, sql } from "drizzle-orm";
import { type AnySQLiteColumn, QueryBuilder } from "drizzle-orm/sqlite-core";
import * as z from "zod";
import {
  categories,
  productCategories,
  productImages,
  products,
  productSubCategories,
  subCategories,
  subCategoryCategories,
} from "~/db/schema";
import { paiseToRupees } from "~/lib/money";
import { type Database, getDb } from "./db.server";
import type { SharedBatch } from "./shared-batch.server";
import { isPersonalRequest, PRIVATE_NO_STORE } from "./http-cache.server";
import { firstImageUrl } from "./product-columns.server";
import { searchCatalogue } from "./search.server";
import { stockAt, type StockStore } from "./store-stock.server";

// ---------------------------------------------------------------------------------------------
// Columns: a product with its images, categories and sub-categories aggregated as JSON in SQL

const qb = new QueryBuilder();

/** A product's image URLs, categories and sub-categories in the admin's order (correlated on `products`). */
const imageRows = qb
  .select({ url: productImages.url })
  .from(productImages)
  .where(eq(productImages.productId, products.id))
  .orderBy(asc(productImages.position))
  .as("image_rows");
const categoryRows = qb
  .select({ id: categories.id, name: categories.name, image: categories.image })
  .from(productCategories)
  .innerJoin(categories, eq(categories.id, productCategories.categoryId))
  .where(eq(productCategories.productId, products.id))
  .orderBy(asc(productCategories.position))
  .as("category_rows");
const subCategoryRows = qb
  .select({ id: subCategories.id, name: subCategories.name, image: subCategories.image })
  .from(productSubCategories)
  .innerJoin(subCategories, eq(subCategories.id, productSubCategories.subCategoryId))
  .where(eq(productSubCategories.productId, products.id))
  .orderBy(asc(productSubCategories.position))
  .as("sub_category_rows");
/** A sub-category's parent categories in the admin's chip order (correlated on `sub_categories`). */
const parentRows = qb
  .select({ id: categories.id, name: categories.name })
  .from(subCategoryCategories)
  .innerJoin(categories, eq(categories.id, subCategoryCategories.categoryId))
  .where(eq(subCategoryCategories.subCategoryId, subCategories.id))
  .orderBy(asc(subCategoryCategories.position))
  .as("parent_rows");

/** JSON text of a list of category refs; parsed by {@link toProduct} / {@link toSubCategory}. */
const refsJson = (rows: typeof categoryRows | typeof subCategoryRows) =>
  sql<string>`(select json_group_array(json_object('id', ${rows.id}, 'name', ${rows.name}, 'image', ${rows.image})) from ${rows})`;

/** Columns that assemble a whole product (a select whose `from` or join is `products`), stock at `store`. */
const productColumns = (store: StockStore) => ({
  id: products.id,
  name: products.name,
  unit: products.unit,
  stock: stockAt(store).as("stock"),
  price: products.price,
  discount: products.discount,
  description: products.description,
  moreDetails: products.moreDetails,
  version: products.version,
  images: sql<string>`(select json_group_array(${imageRows.url}) from ${imageRows})`,
  categories: refsJson(categoryRows),
  subCategories: refsJson(subCategoryRows),
});

/** What a product card needs, and nothing else (pages ship this, not the whole product). */
const cardColumns = (store: StockStore) => ({
  id: products.id,
  name: products.name,
  unit: products.unit,
  stock: stockAt(store).as("stock"),
  price: products.price,
  discount: products.discount,
  image: firstImageUrl,
});

/**
 * A column selected under a name of its own. Needed when a joined select in a `db.batch` reads two
 * columns of one name (`categories.name`, `sub_categories.name`): D1 returns batch rows as objects
 * keyed by column name, so the second would overwrite the first before Drizzle maps them.
 */
export const renamed = <T extends AnySQLiteColumn>(column: T, name: string) => sql`${column}`.mapWith(column).as(name);

const categoryColumns = { id: categories.id, name: categories.name, image: categories.image };
export const subCategoryColumns = { id: subCategories.id, name: subCategories.name, image: subCategories.image };

export type CategoryRef = Awaited<ReturnType<typeof categoriesQuery>>[number];
type ProductRow = Awaited<ReturnType<typeof productQuery>>[number];
type SubCategoryRow = Awaited<ReturnType<typeof subCategoriesQuery>>[number];

// ---------------------------------------------------------------------------------------------
// The JSON those columns carry, parsed in this one place

const categoryRefSchema = z.object({ id: z.string(), name: z.string(), image: z.string() });
const imageListSchema = z.array(z.string());
const categoryRefListSchema = z.array(categoryRefSchema);
const parentListSchema = z.array(z.object({ id: z.string(), name: z.string() }));
const moreDetailsSchema = z.record(z.string(), z.string());

/** JSON text checked against `schema`; anything else (never expected) reads as `fallback`. */
function parseJson<T>(schema: z.ZodType<T>, text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

type JsonKeys = "images" | "categories" | "subCategories";

function toProduct({ images, categories, subCategories, ...row }: Omit<ProductRow, JsonKeys> & Record<JsonKeys, string | null>) {
  return {
    ...row,
    images: parseJson(imageListSchema, images, []),
    categories: parseJson(categoryRefListSchema, categories, []),
    subCategories: parseJson(categoryRefListSchema, subCategories, []),
  };
}

export type CatalogueProduct = ReturnType<typeof toProduct>;

function toSubCategory({ categories, ...row }: SubCategoryRow) {
  return { ...row, categories: parseJson(parentListSchema, categories, []) };
}

export type SubCategoryWithParents = ReturnType<typeof toSubCategory>;

// ---------------------------------------------------------------------------------------------
// Rows of the raw FTS5 search query (search.server.ts), which splices these column lists into its
// text: the same columns as above, checked by a schema instead of inferred.

// Raw SQL: spliced into search's FTS5/bm25 ranking query, which aliases products as `p`.
const rawProductColumns = (stock: string) => `p.id, p.name, p.unit, ${stock} as stock, p.price, p.discount, p.description, p.more_details as moreDetails, p.version,
  (select json_group_array(url) from (select url from product_images where product_id = p.id order by position)) as images,
  (select json_group_array(json_object('id', c.id, 'name', c.name, 'image', c.image)) from
     (select c.id, c.name, c.image from product_categories pc join categories c on c.id = pc.category_id
       where pc.product_id = p.id order by pc.position) c) as categories,
  (select json_group_array(json_object('id', s.id, 'name', s.name, 'image', s.image)) from
     (select s.id, s.name, s.image from product_sub_categories ps join sub_categories s on s.id = ps.sub_category_id
       where ps.product_id = p.id order by ps.position) s) as subCategories`;
// Raw SQL: as above.
const rawCardColumns = (stock: string) => `p.id, p.name, p.unit, ${stock} as stock, p.price, p.discount,
  coalesce((select url from product_images where product_id = p.id order by position limit 1), '') as image`;

const cardRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  unit: z.string(),
  stock: z.number(),
  price: z.number(),
  discount: z.number(),
  image: z.string(),
});
const rawProductRowSchema = cardRowSchema.omit({ image: true }).extend({
  description: z.string(),
  version: z.number(),
  moreDetails: z.string().transform((text) => parseJson(moreDetailsSchema, text, {})),
  images: z.string().nullable(),
  categories: z.string().nullable(),
  subCategories: z.string().nullable(),
});

export type CardRow = z.infer<typeof cardRowSchema>;

export type Shape = "card" | "full";
/** The raw columns of a shape, `stock` being the raw expression of the product's stock at the request's store. */
export const columnsFor = (shape: Shape, stock: string) => (shape === "card" ? rawCardColumns(stock) : rawProductColumns(stock));
export function shapeRows(shape: "card", rows: unknown[]): CardRow[];
export function shapeRows(shape: "full", rows: unknown[]): CatalogueProduct[];
export function shapeRows(shape: Shape, rows: unknown[]): CardRow[] | CatalogueProduct[];
export function shapeRows(shape: Shape, rows: unknown[]) {
  return shape === "card" ? rows.map((row) => cardRowSchema.parse(row)) : rows.map((row) => toProduct(rawProductRowSchema.parse(row)));
}

// ---------------------------------------------------------------------------------------------
// Queries (batchable)

/** Categories and sub-categories are listed by name, case-insensitively, then by id (spec). */
const byName = (table: typeof categories | typeof subCategories) => [sql`${table.name} collate nocase`, asc(table.id)];

function categoriesQuery(db: Database) {
  return db.select(categoryColumns).from(categories).orderBy(...byName(categories));
}

/** Sub-categories with their parent categories (JSON, see {@link toSubCategory}), sorted by name. */
function subCategoriesQuery(db: Database) {
  return db
    .select({ ...subCategoryColumns, categories: sql<string>`(select json_group_array(json_object('id', ${parentRows.id}, 'name', ${parentRows.name})) from ${parentRows})` })
    .from(subCategories)
    .orderBy(...byName(subCategories));
}

const newestFirst = [desc(products.createdAt), asc(products.id)];

function productQuery(db: Database, store: StockStore) {
  return db.select(productColumns(store)).from(products);
}

/** Products of a category: driven from the join table's index, so the cost follows the category's size. */
const inCategory = (db: Database, categoryId: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(productCategories)
      .where(and(eq(productCategories.productId, products.id), eq(productCategories.categoryId, categoryId))),
  );

/** Products of a sub-category that are also in the category (from `product_sub_categories` join `products`). */
const inListing = (db: Database, categoryId: string, subCategoryId: string) =>
  and(eq(productSubCategories.subCategoryId, subCategoryId), inCategory(db, categoryId));

// ---------------------------------------------------------------------------------------------
// Reads

export interface Page<T> {
  items: T[];
  totalCount: number;
  page: number;
  totalPages: number;
}

export function paged<T>(items: T[], totalCount: number, page: number, limit: number): Page<T> {
  return { items, totalCount, page, totalPages: Math.max(1, Math.ceil(totalCount / limit)) };
}

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
      .limit(1);
  const newest = qb
    .select({ id: productCategories.productId })
    .from(productCategories)
    .where(eq(productCategories.categoryId, categories.id))
    .orderBy(desc(productCategories.productCreatedAt), asc(productCategories.productId))
    .limit(perCategory);
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
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset);
    const [cat, sub, rail, rows, total] = await send([...frame, items, totalCount]);
    return { ...listing(cat, sub, rail), ...paged(rows, total[0]?.n ?? 0, page, pageSize) };
  }
  const items = db
    .select(productColumns(store))
    .from(productSubCategories)
    .innerJoin(products, eq(products.id, productSubCategories.productId))
    .where(inListing(db, categoryId, subCategoryId))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
  const [cat, sub, rail, rows, total] = await send([...frame, items, totalCount]);
  return { ...listing(cat, sub, rail), ...paged(rows.map(toProduct), total[0]?.n ?? 0, page, pageSize) };
}

export type Listing<T> = Page<T> & { category: CategoryRef | null; subCategory: CategoryRef | null; subCategories: CategoryRef[] };

/** `batch`: the request's shared batch when the caller holds a seat (shared-batch.server.ts). */
export async function loadProduct(context: AppLoadContext, id: string, store: StockStore, batch?: SharedBatch): Promise<CatalogueProduct | null> {
  const db = getDb(context);
  const query = productQuery(db, store).where(eq(products.id, id)).limit(1);
  const [rows] = await (batch ?? db.batch.bind(db))([query]);
  return rows[0] ? toProduct(rows[0]) : null;
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

/** Admin-style list (newest first), optionally filtered by a search; stock at `store`. */
export async function loadProductPage(
  context: AppLoadContext,
  { page, limit, search, store }: { page: number; limit: number; search: string; store: StockStore },
) {
  // An admin looks for what they typed: no correction.
  if (search.trim()) return searchCatalogue(context, { q: search, page, pageSize: limit, cumulative: false, shape: "full", correct: false, store });
  const db = getDb(context);
  const [rows, total] = await db.batch([
    productQuery(db, store).orderBy(...newestFirst).limit(limit).offset((page - 1) * limit),
    db.select({ n: count() }).from(products),
  ]);
  return paged(rows.map(toProduct), total[0]?.n ?? 0, page, limit);
}

// ---------------------------------------------------------------------------------------------
// /api shapes (spec section 3): `_id`, rupees, image lists, embedded category objects

export const serializeCategory = (c: CategoryRef) => ({ _id: c.id, name: c.name, image: c.image });

export const serializeSubCategory = (s: SubCategoryWithParents) => ({
  _id: s.id,
  name: s.name,
  image: s.image,
  category: s.categories.map((c) => ({ _id: c.id, name: c.name })),
});

export function serializeProduct(p: CatalogueProduct) {
  return {
    _id: p.id,
    name: p.name,
    image: p.images,
    category: p.categories.map(serializeCategory),
    subCategory: p.subCategories.map(serializeCategory),
    unit: p.unit,
    stock: p.stock,
    price: paiseToRupees(p.price),
    discount: p.discount,
    description: p.description,
    more_details: p.moreDetails,
    version: p.version,
  };
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
