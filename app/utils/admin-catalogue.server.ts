/**
 * Catalogue changes (ADMIN only; callers check the role). Each change is one D1 batch, so a product
 * and its images and links are written all-or-nothing. Text is stored as typed (React escapes it).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { newId } from "~/lib/ids";
import { rupeesToPaise } from "~/lib/money";
import type { ProductInput } from "~/lib/schemas/admin";
import { ApiError } from "./api.server";
import { getD1 } from "./db.server";

type CategoryInput = { name: string; image: string };
type SubCategoryInput = CategoryInput & { category: string[] };

function uniqueViolation(error: unknown, what: string): never {
  if (/UNIQUE constraint failed/i.test(String((error as Error)?.message))) throw new ApiError(`A ${what} with this name already exists`, 409, { name: [`A ${what} with this name already exists`] });
  throw error;
}

async function assertAllExist(d1: D1Database, table: "categories" | "sub_categories", ids: string[], label: string) {
  const row = await d1
    .prepare(`select count(*) as n from ${table} where id in (${ids.map(() => "?").join(",")})`)
    .bind(...ids)
    .first<{ n: number }>();
  if ((row?.n ?? 0) !== ids.length) throw new ApiError(`Choose ${label} from the list: one no longer exists`, 400);
}

// ---------------------------------------------------------------------------------------------
// Categories

export async function createCategory(context: AppLoadContext, input: CategoryInput) {
  const id = newId();
  try {
    await getD1(context).prepare("insert into categories (id, name, image) values (?, ?, ?)").bind(id, input.name, input.image).run();
  } catch (error) {
    uniqueViolation(error, "category");
  }
  return { _id: id, ...input };
}

export async function updateCategory(context: AppLoadContext, id: string, input: CategoryInput) {
  try {
    const result = await getD1(context)
      .prepare("update categories set name = ?, image = ?, updated_at = unixepoch() * 1000 where id = ?")
      .bind(input.name, input.image, id)
      .run();
    if (!result.meta.changes) throw new ApiError("Category not found", 404);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    uniqueViolation(error, "category");
  }
  return { _id: id, ...input };
}

/** Refused while sub-categories or products still use it: nothing is left dangling. */
export async function deleteCategory(context: AppLoadContext, id: string) {
  const d1 = getD1(context);
  const usage = await d1
    .prepare(
      `select (select count(*) from categories where id = ?1) as found,
              (select count(*) from sub_category_categories where category_id = ?1) as subs,
              (select count(*) from product_categories where category_id = ?1) as products`,
    )
    .bind(id)
    .first<{ found: number; subs: number; products: number }>();
  if (!usage?.found) throw new ApiError("Category not found", 404);
  if (usage.subs || usage.products) {
    throw new ApiError(
      `This category is used by ${usage.subs} sub-categor${usage.subs === 1 ? "y" : "ies"} and ${usage.products} product${usage.products === 1 ? "" : "s"}: move or delete them first`,
      409,
    );
  }
  await d1.prepare("delete from categories where id = ?").bind(id).run();
}

// ---------------------------------------------------------------------------------------------
// Sub-categories

function linkStatements(d1: D1Database, subId: string, categoryIds: string[]) {
  return categoryIds.map((categoryId, position) =>
    d1.prepare("insert into sub_category_categories (sub_category_id, category_id, position) values (?, ?, ?)").bind(subId, categoryId, position),
  );
}

export async function createSubCategory(context: AppLoadContext, input: SubCategoryInput) {
  const d1 = getD1(context);
  await assertAllExist(d1, "categories", input.category, "categories");
  const id = newId();
  await d1.batch([d1.prepare("insert into sub_categories (id, name, image) values (?, ?, ?)").bind(id, input.name, input.image), ...linkStatements(d1, id, input.category)]);
  return { _id: id, name: input.name, image: input.image, category: input.category.map((c) => ({ _id: c })) };
}

export async function updateSubCategory(context: AppLoadContext, id: string, input: SubCategoryInput) {
  const d1 = getD1(context);
  await assertAllExist(d1, "categories", input.category, "categories");
  const [updated] = await d1.batch([
    d1.prepare("update sub_categories set name = ?, image = ?, updated_at = unixepoch() * 1000 where id = ?").bind(input.name, input.image, id),
    d1.prepare("delete from sub_category_categories where sub_category_id = ? and exists (select 1 from sub_categories where id = ?)").bind(id, id),
    ...linkStatements(d1, id, input.category).map((stmt) => stmt),
  ]).catch((error) => {
    if (/FOREIGN KEY/i.test(String(error?.message))) throw new ApiError("Sub-category not found", 404);
    throw error;
  });
  if (!updated.meta.changes) throw new ApiError("Sub-category not found", 404);
  return { _id: id, name: input.name, image: input.image, category: input.category.map((c) => ({ _id: c })) };
}

export async function deleteSubCategory(context: AppLoadContext, id: string) {
  const d1 = getD1(context);
  const usage = await d1
    .prepare(
      `select (select count(*) from sub_categories where id = ?1) as found,
              (select count(*) from product_sub_categories where sub_category_id = ?1) as products`,
    )
    .bind(id)
    .first<{ found: number; products: number }>();
  if (!usage?.found) throw new ApiError("Sub-category not found", 404);
  if (usage.products) {
    throw new ApiError(`This sub-category is used by ${usage.products} product${usage.products === 1 ? "" : "s"}: move or delete them first`, 409);
  }
  await d1.prepare("delete from sub_categories where id = ?").bind(id).run();
}

// ---------------------------------------------------------------------------------------------
// Products

/** A product's images and links, each inserted only `when` a condition holds (always, on create). */
function productLinkStatements(d1: D1Database, productId: string, input: ProductInput, when: { sql: string; args: unknown[] } = { sql: "1", args: [] }) {
  const insert = (table: string, column: string, value: string, position: number) =>
    d1.prepare(`insert into ${table} (product_id, ${column}, position) select ?, ?, ? where ${when.sql}`).bind(productId, value, position, ...when.args);
  return [
    ...input.image.map((url, position) => insert("product_images", "url", url, position)),
    ...input.category.map((c, position) => insert("product_categories", "category_id", c, position)),
    ...input.subCategory.map((s, position) => insert("product_sub_categories", "sub_category_id", s, position)),
  ];
}

const moreDetailsJson = (input: ProductInput) => JSON.stringify(Object.fromEntries(input.more_details.map((f) => [f.name, f.value])));

async function assertProductRefs(d1: D1Database, input: ProductInput) {
  await assertAllExist(d1, "categories", input.category, "categories");
  await assertAllExist(d1, "sub_categories", input.subCategory, "sub-categories");
}

/** A category or sub-category deleted between the check and the batch: the batch rolled back. */
function refsGone(error: unknown): never {
  if (/FOREIGN KEY/i.test(String((error as Error)?.message))) throw new ApiError("Choose categories and sub-categories from the list: one no longer exists", 400);
  throw error;
}

export async function createProduct(context: AppLoadContext, input: ProductInput) {
  const d1 = getD1(context);
  await assertProductRefs(d1, input);
  const id = newId();
  await d1
    .batch([
      d1
        .prepare("insert into products (id, name, description, unit, stock, price, discount, more_details) values (?, ?, ?, ?, ?, ?, ?, ?)")
        .bind(id, input.name, input.description, input.unit, input.stock, rupeesToPaise(input.price), input.discount, moreDetailsJson(input)),
      ...productLinkStatements(d1, id, input),
    ])
    .catch(refsGone);
  return id;
}

export const staleProductMessage = (stock: number) => `This product changed since you opened it (now ${stock} in stock). Review and save again.`;

/** 409: the product is no longer the one the editor opened. `data` has what a retry needs. */
export class StaleProduct extends ApiError {
  constructor(public current: { _id: string; stock: number; version: number }) {
    super(staleProductMessage(current.stock), 409, undefined, undefined, current);
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
  const d1 = getD1(context);
  await assertProductRefs(d1, input);
  const [guard, guardArgs] = version != null ? ["version = ?", [version]] : ["stock = ?", [input.stock]];
  const unchanged = { sql: `exists (select 1 from products where id = ? and ${guard})`, args: [id, ...guardArgs] };
  const results = await d1
    .batch([
      ...["product_images", "product_categories", "product_sub_categories"].map((table) =>
        d1.prepare(`delete from ${table} where product_id = ? and ${unchanged.sql}`).bind(id, ...unchanged.args),
      ),
      ...productLinkStatements(d1, id, input, unchanged),
      d1
        .prepare(
          `update products set name = ?, description = ?, unit = ?, stock = ?, price = ?, discount = ?, more_details = ?,
             version = version + 1, updated_at = unixepoch() * 1000
           where id = ? and ${guard}`,
        )
        .bind(input.name, input.description, input.unit, input.stock, rupeesToPaise(input.price), input.discount, moreDetailsJson(input), id, ...guardArgs),
    ])
    .catch(refsGone);
  if (results.at(-1)!.meta.changes) return;
  const now = await d1.prepare("select stock, version from products where id = ?").bind(id).first<{ stock: number; version: number }>();
  if (!now) throw new ApiError("Product not found", 404);
  throw new StaleProduct({ _id: id, ...now });
}

/**
 * Deleting a product removes it from every cart (cascade) and leaves each of those shoppers a note,
 * in the same batch; past orders keep their snapshot.
 */
export async function deleteProduct(context: AppLoadContext, id: string) {
  const d1 = getD1(context);
  const [, deleted] = await d1.batch([
    d1
      .prepare(
        `insert into cart_notices (id, user_id, message)
         select lower(hex(randomblob(12))), ci.user_id, p.name || ' is no longer available and was removed from your cart'
           from cart_items ci join products p on p.id = ci.product_id where ci.product_id = ?`,
      )
      .bind(id),
    d1.prepare("delete from products where id = ?").bind(id),
  ]);
  if (!deleted.meta.changes) throw new ApiError("Product not found", 404);
}
