/**
 * Admin catalogue schemas, shared by the dashboard forms and the admin /api. Lists of categories
 * accept ids or the spec's objects ({_id, name}); duplicates collapse.
 */
import * as z from "zod";
import { productBarcodeSchema } from "../barcode";
import { ID_PATTERN } from "../ids";
import { HSN_PATTERN, isGstRate } from "../invoice/gst";
import { rupeesField } from "../money-input";

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(120, `${label} must be at most 120 characters`);

/**
 * An uploaded image's URL (from /api/file/upload or the form's own upload), kept root-relative. The
 * /api answers images as absolute URLs (decision 015), so a client sending one back is taken at its
 * path: only the store's own `/images/…` can ever be stored, whatever host the URL named.
 */
export const imageUrlSchema = z.preprocess(
  (value) => (typeof value === "string" ? pathOfAbsoluteUrl(value.trim()) : value),
  z
    .string({ error: "Image is required" })
    .trim()
    .min(1, "Image is required")
    .regex(/^\/images\/[a-z0-9][a-z0-9/_.-]{0,200}$/i, "Upload the image first")
    // "/images/x/../../api/…" would make every <img> showing it request another path of the store.
    .refine((url) => !url.split("/").some((part) => part === "." || part === ".."), "Upload the image first"),
);

function pathOfAbsoluteUrl(value: string): string {
  if (!/^https?:\/\//i.test(value)) return value;
  try {
    const url = new URL(value);
    return url.search || url.hash || url.username || url.password ? value : url.pathname;
  } catch {
    return value;
  }
}

const idRef = z.union([
  z.string().regex(ID_PATTERN, "Not a valid id"),
  z.object({ _id: z.string().regex(ID_PATTERN, "Not a valid id") }).transform((o) => o._id),
]);

const idListSchema = (label: string) =>
  z
    .array(idRef, { error: `Choose at least one ${label}` })
    .min(1, `Choose at least one ${label}`)
    .max(20, `At most 20 ${label}s`)
    .transform((ids) => [...new Set(ids)]);

export const categoryInputSchema = z.object({ name: name("Name"), image: imageUrlSchema });
export const subCategoryInputSchema = z.object({
  name: name("Name"),
  image: imageUrlSchema,
  category: idListSchema("category"),
});

/**
 * A number from a form (text) or JSON (a number). Blank is "required" — never a silent 0 — and
 * null, booleans and junk are refused rather than coerced.
 */
const numberField = (label: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? (value.trim() === "" ? undefined : Number(value)) : value),
    z.number({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`) }),
  );

/** The price in rupees written plainly (money-input.ts), as paise: blank is "required", never ₹0. */
const money = rupeesField("Price", { maxPaise: 1_000_000 * 100, required: "Price is required" });

const customFieldsSchema = z
  .array(
    z.object({
      name: z.string({ error: "Field name is required" }).trim().min(1, "Field name is required").max(60, "Field name is too long"),
      value: z.string({ error: "Field value is required" }).trim().min(1, "Field value is required").max(500, "Field value is too long"),
    }),
  )
  .max(20, "At most 20 custom fields")
  .refine((fields) => new Set(fields.map((f) => f.name.toLowerCase())).size === fields.length, "Custom field names must be different");

const stockNumber = (label: string) =>
  numberField(label).pipe(z.number().int(`${label} must be a whole number`).min(0, `${label} cannot be negative`).max(1_000_000, `${label} is too high`));

/**
 * Stock at stores other than the default one (decision 020); `stock` is the default store's. A
 * store left out keeps its stock. On an update an entry's `seen` is the stock the editor read there:
 * the entry is a compare-and-set (decision 023); without it the entry is the stock as read and is
 * never written. Which ids are active stores is the server's check.
 */
const storeStockSchema = z
  .array(
    z.object({
      store: z.string({ error: "Choose stores from the list" }).regex(ID_PATTERN, "Choose stores from the list"),
      stock: stockNumber("Stock at a store"),
      seen: stockNumber("The stock you saw at a store").optional(),
    }),
    { error: "storeStock must be a list of { store, stock, seen? }" },
  )
  // Bulk stock has its own endpoint (/api/store/stock-sync); a product save names a chain's stores at most.
  .max(1000, "At most 1000 stores: use /api/store/stock-sync for more")
  .refine((list) => new Set(list.map((entry) => entry.store)).size === list.length, "Each store may appear once")
  .default([]);

/** The default store's stock the editor read (decision 023): `stock` is then a compare-and-set given it. */
export const stockSeenSchema = stockNumber("stockSeen").optional();

export const productInputSchema = z.object({
  name: name("Name"),
  description: z.string({ error: "Description is required" }).trim().min(1, "Description is required").max(5000, "Description is too long"),
  image: z.array(imageUrlSchema, { error: "Add at least one image" }).min(1, "Add at least one image").max(10, "At most 10 images"),
  category: idListSchema("category"),
  subCategory: idListSchema("sub-category"),
  unit: name("Unit"),
  stock: stockNumber("Stock"),
  storeStock: storeStockSchema,
  /** Paise. */
  price: money,
  discount: numberField("Discount").pipe(
    z.number().int("Discount must be a whole percent").min(0, "Discount must be between 0 and 100").max(100, "Discount must be between 0 and 100"),
  ),
  more_details: customFieldsSchema.default([]),
  /** GST (decision 031): left out of an update keeps the product's own; a new product gets '' and 5 %. */
  hsnCode: z
    .string({ error: "HSN code must be text" })
    .trim()
    .refine((code) => code === "" || HSN_PATTERN.test(code), "HSN code is 4, 6 or 8 digits")
    .optional(),
  gstRate: numberField("GST rate")
    .pipe(z.number().refine((rate) => isGstRate(rate), "GST rate must be 0, 5, 12, 18, 28 or 40 %"))
    .optional(),
  /** EAN-13 or UPC-A (decision 042): left out or empty keeps the product's own; a new product is numbered by the store. */
  barcode: productBarcodeSchema,
});
export type ProductInput = z.infer<typeof productInputSchema>;

/** /api bodies: more_details is the spec's map {field: value}; turned into the ordered list. */
export const apiProductSchema = productInputSchema.extend({
  more_details: z
    .record(z.string(), z.string())
    .default({})
    .transform((map) => Object.entries(map).map(([n, value]) => ({ name: n, value })))
    .pipe(customFieldsSchema),
});

/**
 * The product version an edit started from (decision 010): page forms send it as text, /api clients
 * as the number they read with the product.
 */
export const productVersionSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,15}$/)
        .transform(Number),
    ],
    { error: "version must be a whole number" },
  )
  .pipe(z.number().int("version must be a whole number").min(0, "version must be 0 or more").max(Number.MAX_SAFE_INTEGER, "version is too large"))
  .optional();

export const idBodySchema = z.object({ _id: z.string({ error: "_id is required" }).regex(ID_PATTERN, "_id is not a valid id") });

/** The product page's stock summary: set a store's stock given the stock shown there (decision 023). */
export const storeStockSetSchema = z.object({
  store: z.string({ error: "Choose a store" }).regex(ID_PATTERN, "Choose a store from the list"),
  stock: stockNumber("New stock"),
  seen: stockNumber("The stock shown"),
});

/** …or add units received (negative: units removed, e.g. damaged) at a store. */
export const storeStockAddSchema = z.object({
  store: z.string({ error: "Choose a store" }).regex(ID_PATTERN, "Choose a store from the list"),
  delta: numberField("Units").pipe(
    z
      .number()
      .int("Units must be a whole number")
      .min(-1_000_000, "Units are too many")
      .max(1_000_000, "Units are too many")
      .refine((n) => n !== 0, "Enter the units received (or a negative number for units removed)"),
  ),
});
