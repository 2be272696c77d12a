/**
 * Confirming a pick line before the pick is finished (docs/decisions/042-picks-verified-by-scan.md),
 * shared by the pick page's forms and /api: the line (its product), then a code scanned or typed,
 * or a manual confirmation without one. Whether a code is a barcode, and the line's, is the server's
 * check (its message names the line and the product scanned).
 */
import * as z from "zod";
import { ID_PATTERN } from "../ids";

const productId = z.string({ error: "productId is required" }).regex(ID_PATTERN, "That is not a valid productId");
const code = z
  .string({ error: "code must be text" })
  .trim()
  .min(1, "Scan or type the code")
  .max(32, "That is not a barcode: type the 12 or 13 digits under the bars");
const units = z
  .number({ error: "units must be a whole number" })
  .int("units must be a whole number")
  .min(1, "units must be at least 1")
  .max(1000, "units must be at most 1000");

/** POST /api/order/pick/confirm { _id, productId, code?, typed?, manual?: true, units? } */
export const apiPickConfirmSchema = z
  .object({
    _id: z.string({ error: "Order id is required" }).regex(ID_PATTERN, "That is not a valid order id"),
    productId,
    code: code.optional(),
    /** The code was typed, not scanned (the scan rate counts both as verified). */
    typed: z.boolean({ error: "typed must be true or false" }).optional(),
    manual: z.literal(true, { error: "manual must be true" }).optional(),
    units: units.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.manual === undefined), "Send the code scanned, or manual: true to confirm without one");

/** The pick page's confirm forms: one line, how, the code (not for manual) and the units (default 1). */
export const pickConfirmFormSchema = z.object({
  intent: z.literal("confirm"),
  productId,
  method: z.enum(["scan", "typed", "manual"], { error: "Unknown confirmation: reload the page and try again" }),
  code: z.string().optional(),
  units: z
    .string()
    .trim()
    .regex(/^[0-9]{1,4}$/, "units must be a whole number")
    .transform(Number)
    .pipe(units)
    .optional(),
});
