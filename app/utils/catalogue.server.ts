/**
 * Catalogue reads shared by the storefront pages and the catalogue /api. Every page's critical data
 * is one D1 round trip (a `batch()`), flat in catalogue size: products carry their images,
 * categories and sub-categories as JSON aggregated in SQL, never one query per product.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { paiseToRupees } from "~/lib/money";
import { getD1 } from "./db.server";
import { searchCatalogue } from "./search.server";
import { isPersonalRequest } from "./http-cache.server";

export interface CategoryRef {
  id: string;
  name: string;
  image: string;
}

export interface CatalogueProduct {
  id: string;
  name: string;
  unit: string;
  stock: number;
  /** Paise. */
  price: number;
  discount: number;
  description: string;
  moreDetails: Record<string, string>;
  images: string[];
  categories: CategoryRef[];
  subCategories: CategoryRef[];
  /** Bumped by every admin save and stock change: an edit sends back the version it started from. */
  version: number;
}

export interface SubCategoryWithParents extends CategoryRef {
  categories: { id: string; name: string }[];
}

/** Columns that assemble a whole product from `p`. */
const PRODUCT_COLUMNS = `p.id, p.name, p.unit, p.stock, p.price, p.discount, p.description, p.more_details as moreDetails, p.version,
  (select json_group_array(url) from (select url from product_images where product_id = p.id order by position)) as images,
  (select json_group_array(json_object('id', c.id, 'name', c.name, 'image', c.image)) from
     (select c.id, c.name, c.image from product_categories pc join categories c on c.id = pc.category_id
       where pc.product_id = p.id order by pc.position) c) as categories,
  (select json_group_array(json_object('id', s.id, 'name', s.name, 'image', s.image)) from
     (select s.id, s.name, s.image from product_sub_categories ps join sub_categories s on s.id = ps.sub_category_id
       where ps.product_id = p.id order by ps.position) s) as subCategories`;

/** What a product card needs, and nothing else (pages ship this, not the whole product). */
export interface CardRow {
  id: string;
  name: string;
  unit: string;
  stock: number;
  price: number;
  discount: number;
  image: string;
}

const CARD_COLUMNS = `p.id, p.name, p.unit, p.stock, p.price, p.discount,
  coalesce((select url from product_images where product_id = p.id order by position limit 1), '') as image`;

export type Shape = "card" | "full";
export const columnsFor = (shape: Shape) => (shape === "card" ? CARD_COLUMNS : PRODUCT_COLUMNS);
export function shapeRows(shape: "card", rows: unknown[]): CardRow[];
export function shapeRows(shape: "full", rows: unknown[]): CatalogueProduct[];
export function shapeRows(shape: Shape, rows: unknown[]): CardRow[] | CatalogueProduct[];
export function shapeRows(shape: Shape, rows: unknown[]) {
  return shape === "card" ? (rows as CardRow[]) : (rows as ProductRow[]).map(toProduct);
}

type ProductRow = Omit<CatalogueProduct, "moreDetails" | "images" | "categories" | "subCategories"> & {
  moreDetails: string;
  images: string;
  categories: string;
  subCategories: string;
};

function parseJson<T>(value: string | null | undefined, fallback: T): T {
  try {
    return value ? (JSON.parse(value) as T) : fallback;
  } catch {
    return fallback;
  }
}

export function toProduct(row: ProductRow): CatalogueProduct {
  return {
    ...row,
    moreDetails: parseJson(row.moreDetails, {}),
    images: parseJson(row.images, []),
    categories: parseJson(row.categories, []),
    subCategories: parseJson(row.subCategories, []),
  };
}

const rows = <T>(result: D1Result) => result.results as T[];

// ---------------------------------------------------------------------------------------------
// Statements (batchable)

export function categoriesStatement(d1: D1Database) {
  return d1.prepare("select id, name, image from categories order by name collate nocase, id");
}

/** Sub-categories with their parent categories, sorted by name. */
export function subCategoriesStatement(d1: D1Database) {
  return d1.prepare(
    `select s.id, s.name, s.image,
       (select json_group_array(json_object('id', c.id, 'name', c.name)) from
          (select c.id, c.name from sub_category_categories sc join categories c on c.id = sc.category_id
            where sc.sub_category_id = s.id order by sc.position) c) as categories
     from sub_categories s order by s.name collate nocase, s.id`,
  );
}

export function toSubCategory(row: Omit<SubCategoryWithParents, "categories"> & { categories: string }): SubCategoryWithParents {
  return { ...row, categories: parseJson(row.categories, []) };
}

const PRODUCT_ORDER = "order by p.created_at desc, p.id";

function productsInStatement(d1: D1Database, from: string, binds: unknown[], limit: number, offset: number, shape: Shape = "full") {
  return d1.prepare(`select ${columnsFor(shape)} ${from} ${PRODUCT_ORDER} limit ? offset ?`).bind(...binds, limit, offset);
}

/** Driven from the join tables' indexes, so the cost follows the category's size, not the catalogue's. */
const FROM_CATEGORY = "from product_categories pc join products p on p.id = pc.product_id where pc.category_id = ?";
const FROM_CATEGORY_AND_SUB = `from product_sub_categories ps join products p on p.id = ps.product_id
  where ps.sub_category_id = ? and exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id = ?)`;

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

function toCategoryTree(cats: D1Result, subs: D1Result) {
  return { categories: rows<CategoryRef>(cats), subCategories: rows<Parameters<typeof toSubCategory>[0]>(subs).map(toSubCategory) };
}

/** Categories and sub-categories (sorted by name): admin forms and lists. */
export async function loadCategoryTree(context: AppLoadContext) {
  const d1 = getD1(context);
  const [cats, subs] = await d1.batch([categoriesStatement(d1), subCategoriesStatement(d1)]);
  return toCategoryTree(cats, subs);
}

/**
 * Home in ONE batch: the category grid (categories and sub-categories, for each category's first
 * listing) and up to `perCategory` newest products of every category (the rows, card shape).
 */
export async function loadHomeCatalogue(context: AppLoadContext, perCategory: number) {
  const d1 = getD1(context);
  const [cats, subs, ranked] = await d1.batch([
    categoriesStatement(d1),
    subCategoriesStatement(d1),
    d1
      .prepare(
        `with ranked as (
           select pc.category_id as categoryId, pc.product_id as productId,
                  row_number() over (partition by pc.category_id order by p.created_at desc, p.id) as rank
             from product_categories pc join products p on p.id = pc.product_id)
         select r.categoryId, ${CARD_COLUMNS}
           from ranked r join products p on p.id = r.productId
          where r.rank <= ? order by r.categoryId, r.rank`,
      )
      .bind(perCategory),
  ]);
  const rowsByCategory: Record<string, CardRow[]> = {};
  for (const { categoryId, ...card } of ranked.results as (CardRow & { categoryId: string })[]) (rowsByCategory[categoryId] ??= []).push(card);
  return { ...toCategoryTree(cats, subs), rowsByCategory };
}

/** A listing: the category, the sub-category, the category's sub-categories and products 1..page. */
export async function loadListing<S extends Shape>(
  context: AppLoadContext,
  {
    categoryId,
    subCategoryId,
    page,
    pageSize,
    cumulative,
    shape,
  }: { categoryId: string; subCategoryId: string; page: number; pageSize: number; cumulative: boolean; shape: S },
) {
  const d1 = getD1(context);
  const limit = cumulative ? page * pageSize : pageSize;
  const offset = cumulative ? 0 : (page - 1) * pageSize;
  const [cat, sub, rail, items, count] = await d1.batch([
    d1.prepare("select id, name, image from categories where id = ?").bind(categoryId),
    d1.prepare("select id, name, image from sub_categories where id = ?").bind(subCategoryId),
    d1
      .prepare(
        `select s.id, s.name, s.image from sub_categories s join sub_category_categories sc on sc.sub_category_id = s.id
          where sc.category_id = ? order by s.name collate nocase, s.id`,
      )
      .bind(categoryId),
    productsInStatement(d1, FROM_CATEGORY_AND_SUB, [subCategoryId, categoryId], limit, offset, shape),
    d1.prepare(`select count(*) as n ${FROM_CATEGORY_AND_SUB}`).bind(subCategoryId, categoryId),
  ]);
  return {
    category: rows<CategoryRef>(cat)[0] ?? null,
    subCategory: rows<CategoryRef>(sub)[0] ?? null,
    subCategories: rows<CategoryRef>(rail),
    ...paged<S extends "card" ? CardRow : CatalogueProduct>(
      shapeRows(shape, items.results) as (S extends "card" ? CardRow : CatalogueProduct)[],
      rows<{ n: number }>(count)[0]?.n ?? 0,
      page,
      pageSize,
    ),
  };
}

export async function loadProduct(context: AppLoadContext, id: string): Promise<CatalogueProduct | null> {
  const row = await getD1(context).prepare(`select ${PRODUCT_COLUMNS} from products p where p.id = ?`).bind(id).first<ProductRow>();
  return row ? toProduct(row) : null;
}

export async function loadProductsByCategory(context: AppLoadContext, categoryId: string, limit: number) {
  const { results } = await productsInStatement(getD1(context), FROM_CATEGORY, [categoryId], limit, 0).all<ProductRow>();
  return results.map(toProduct);
}

/** Admin-style list (newest first), optionally filtered by a search. */
export async function loadProductPage(context: AppLoadContext, { page, limit, search }: { page: number; limit: number; search: string }) {
  // An admin looks for what they typed: no correction.
  if (search.trim()) return searchCatalogue(context, { q: search, page, pageSize: limit, cumulative: false, shape: "full", correct: false });
  const d1 = getD1(context);
  const [items, count] = await d1.batch([
    productsInStatement(d1, "from products p", [], limit, (page - 1) * limit),
    d1.prepare("select count(*) as n from products"),
  ]);
  return paged(rows<ProductRow>(items).map(toProduct), rows<{ n: number }>(count)[0]?.n ?? 0, page, limit);
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

/** Cache-Control for catalogue pages: shared caches only for anonymous visitors (no cookie but the delivery location). */
export function catalogueCacheControl(request: Request): string {
  return isPersonalRequest(request) ? "private, no-store" : "public, max-age=60, s-maxage=300, stale-while-revalidate=600";
}
