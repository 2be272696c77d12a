import * as z from "zod";
import { ID_PATTERN } from "../ids";
import { pincodeSchema } from "./store";

const MAX_PAGE = 500;
const MAX_LIMIT = 50;

const id = (label: string) => z.string({ error: `${label} is required` }).regex(ID_PATTERN, `${label} is not a valid id`);

/** page: whole number ≥ 1 (400 otherwise), capped at MAX_PAGE. */
const pageSchema = z.coerce
  .number({ error: "page must be a number" })
  .int("page must be a whole number")
  .min(1, "page must be 1 or more")
  .transform((n) => Math.min(n, MAX_PAGE))
  .default(1);

/** limit: whole number ≥ 1, clamped to MAX_LIMIT. */
const limitSchema = (fallback: number) =>
  z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be 1 or more")
    .transform((n) => Math.min(n, MAX_LIMIT))
    .default(fallback);

const searchTextSchema = z
  .string({ error: "search must be text" })
  .transform((s) => s.slice(0, 100))
  .default("");

/**
 * The optional delivery pincode of a catalogue request: the products show the stock of the store
 * serving it (decision 020). A number is read as its digits.
 */
const deliveryPincode = z.union([z.string(), z.number().int()], { error: "pincode must be 6 digits" }).transform(String).pipe(pincodeSchema).optional();

export const productListSchema = z.object({ page: pageSchema, limit: limitSchema(12), search: searchTextSchema, pincode: deliveryPincode });
export const productsByCategorySchema = z.object({ id: id("id"), pincode: deliveryPincode });
export const productsByCategoryAndSubSchema = z.object({
  categoryId: id("categoryId"),
  subCategoryId: id("subCategoryId"),
  page: pageSchema,
  limit: limitSchema(8),
  pincode: deliveryPincode,
});
export const productDetailsSchema = z.object({ productId: id("productId"), pincode: deliveryPincode });
export const searchProductSchema = z.object({ search: searchTextSchema, page: pageSchema, pincode: deliveryPincode });

/** `?page=N` on listing and search pages: bad values fall back to 1 rather than failing the page. */
export function pageParam(url: URL): number {
  const parsed = pageSchema.safeParse(url.searchParams.get("page") ?? undefined);
  return parsed.success ? parsed.data : 1;
}
