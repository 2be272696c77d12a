/**
 * A product's shelf location (bin) at a store (decision 027): at most 32 letters, digits, spaces and
 * `. _ / -`, trimmed; empty means "none". One rule for the product form (where empty clears the
 * bin), the stock CSV's optional third column and `/api/store/stock-sync` rows (where empty leaves
 * the bin as it is). `product_bins_bin_check` holds the length in D1.
 */
import * as z from "zod";

const SHELF_LOCATION_MAX = 32;

export const shelfLocationSchema = z
  .string({ error: "A shelf location is text" })
  .trim()
  .max(SHELF_LOCATION_MAX, `A shelf location is at most ${SHELF_LOCATION_MAX} characters`)
  .regex(/^[\p{L}\p{N} ._/-]*$/u, "A shelf location uses letters, digits, spaces and . _ / - only");
