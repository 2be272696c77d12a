/**
 * Product barcodes (docs/decisions/042-picks-verified-by-scan.md): EAN-13 or UPC-A, kept as the
 * 13 digits of EAN-13 (a UPC-A code is the EAN-13 code with a leading 0), so a scan of either form
 * finds the same product. Shared by the admin form, the product /api bodies, the stock CSV, the
 * stock sync and the pick page's scan.
 */
import * as z from "zod";

/** The GS1 check digit of the digits before it (EAN-13: 12 digits, UPC-A: 11). */
function barcodeCheckDigit(body: string): number {
  let sum = 0;
  // Weights 3 and 1 alternate from the rightmost digit of the body.
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** The code as kept (13 digits), or null when it is not an EAN-13 or UPC-A with a valid check digit. */
export function normalizeBarcode(value: string): string | null {
  const code = value.trim();
  if (!/^(?:[0-9]{12}|[0-9]{13})$/.test(code)) return null;
  const ean = code.length === 12 ? `0${code}` : code;
  return barcodeCheckDigit(ean.slice(0, 12)) === Number(ean[12]) ? ean : null;
}

/** A valid EAN-13 code from its first 12 digits (the seed and tests number products this way). */
export function barcodeFrom(first12: string): string {
  return `${first12}${barcodeCheckDigit(first12)}`;
}

/**
 * Codes the store numbers itself: a product saved without a barcode gets `200` + its row number +
 * the check digit (migration 0036's trigger). 200-209 is GS1's restricted-circulation range, never
 * on a manufacturer's pack, so an admin may keep such a code but not type a new one.
 */
export const STORE_BARCODE_PREFIX = "200";

const BARCODE_INVALID = "Barcode must be an EAN-13 (13 digits) or UPC-A (12 digits) code with a valid check digit";

/** A barcode typed or sent: 12 or 13 digits with a valid check digit, kept as 13. */
export const barcodeSchema = z
  .string({ error: "Barcode must be text" })
  .trim()
  .transform((value, ctx) => {
    const code = normalizeBarcode(value);
    if (code) return code;
    ctx.addIssue({ code: "custom", message: BARCODE_INVALID });
    return z.NEVER;
  });

/** A product's barcode in a save: left out or empty keeps the product's own (a new product is numbered by the store). */
export const productBarcodeSchema = z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), barcodeSchema.optional());
