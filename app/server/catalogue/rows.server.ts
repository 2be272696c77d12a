/**
 * How the catalogue reads a product, a category and a sub-category: the columns (a product with its
 * images, categories and sub-categories aggregated as JSON in SQL, never one query per product), the
 * raw column lists search splices into its FTS5 query, the parsing of that JSON, and the base queries
 * every read builds on. A leaf: catalogue reads and search both build on it, neither on the other's rows.
 */
import { and, asc, desc, eq, exists, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/sqlite-core";
import * as z from "zod";
import { categories, productCategories, productImages, products, productSubCategories, subCategories, subCategoryCategories } from "~/db/schema";
import type { Database } from "~/server/db/db.server";
import { columnAs } from "~/server/db/named-columns.server";
import { stockAt, type StockStore } from "~/server/stores/store-stock.server";
import { firstImageUrl } from "./product-columns.server";

// ---------------------------------------------------------------------------------------------
// Columns: a product with its images, categories and sub-categories aggregated as JSON in SQL

export const qb = new QueryBuilder();

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
export const productColumns = (store: StockStore) => ({
  id: products.id,
  name: products.name,
  unit: products.unit,
  stock: stockAt(store).as("stock"),
  price: products.price,
  discount: products.discount,
  description: products.description,
  moreDetails: products.moreDetails,
  version: products.version,
  hsnCode: products.hsnCode,
  gstRate: products.gstRate,
  barcode: products.barcode,
  images: sql<string>`(select json_group_array(${imageRows.url}) from ${imageRows})`,
  categories: refsJson(categoryRows),
  subCategories: refsJson(subCategoryRows),
});

/** What a product card needs, and nothing else (pages ship this, not the whole product). */
export const cardColumns = (store: StockStore) => ({
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
 * columns of one name (`categories.name`, `sub_categories.name`): see db/named-columns.server.ts.
 */
export const renamed = columnAs;

export const categoryColumns = { id: categories.id, name: categories.name, image: categories.image };
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

export function toProduct({ images, categories, subCategories, ...row }: Omit<ProductRow, JsonKeys> & Record<JsonKeys, string | null>) {
  return {
    ...row,
    images: parseJson(imageListSchema, images, []),
    categories: parseJson(categoryRefListSchema, categories, []),
    subCategories: parseJson(categoryRefListSchema, subCategories, []),
  };
}

export type CatalogueProduct = ReturnType<typeof toProduct>;

export function toSubCategory({ categories, ...row }: SubCategoryRow) {
  return { ...row, categories: parseJson(parentListSchema, categories, []) };
}

export type SubCategoryWithParents = ReturnType<typeof toSubCategory>;

// ---------------------------------------------------------------------------------------------
// Rows of the raw FTS5 search query (search.server.ts), which splices these column lists into its
// text: the same columns as above, checked by a schema instead of inferred.

// Raw SQL: spliced into search's FTS5/bm25 ranking query, which aliases products as `p`.
const rawProductColumns = (
  stock: string,
) => `p.id, p.name, p.unit, ${stock} as stock, p.price, p.discount, p.description, p.more_details as moreDetails, p.version,
  p.hsn_code as hsnCode, p.gst_rate as gstRate, p.barcode,
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
  hsnCode: z.string(),
  gstRate: z.number(),
  barcode: z.string().nullable(),
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
export const byName = (table: typeof categories | typeof subCategories) => [sql`${table.name} collate nocase`, asc(table.id)];

export function categoriesQuery(db: Database) {
  return db
    .select(categoryColumns)
    .from(categories)
    .orderBy(...byName(categories));
}

/** Sub-categories with their parent categories (JSON, see {@link toSubCategory}), sorted by name. */
export function subCategoriesQuery(db: Database) {
  return db
    .select({
      ...subCategoryColumns,
      categories: sql<string>`(select json_group_array(json_object('id', ${parentRows.id}, 'name', ${parentRows.name})) from ${parentRows})`,
    })
    .from(subCategories)
    .orderBy(...byName(subCategories));
}

export const newestFirst = [desc(products.createdAt), asc(products.id)];

export function productQuery(db: Database, store: StockStore) {
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
export const inListing = (db: Database, categoryId: string, subCategoryId: string) =>
  and(eq(productSubCategories.subCategoryId, subCategoryId), inCategory(db, categoryId));

export interface Page<T> {
  items: T[];
  totalCount: number;
  page: number;
  totalPages: number;
}

export function paged<T>(items: T[], totalCount: number, page: number, limit: number): Page<T> {
  return { items, totalCount, page, totalPages: Math.max(1, Math.ceil(totalCount / limit)) };
}
