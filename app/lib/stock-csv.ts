/**
 * A store's stock as CSV (decision 020): `product id, barcode or name, stock` per line with an
 * optional third value, the product's shelf location at the store (decision 027: empty
 * leaves the bin as it is), an optional header row (`…, stock[, …]`), a UTF-8 file with or without
 * BOM, CRLF or LF, quoted values ("Milk, 1 L").
 * This module only reads the text into rows and checks each row's own cells; which product a row
 * names (unknown, ambiguous, duplicate) is decided against the catalogue by the server.
 * Reading the text into rows is stock-csv-parse.ts, which the documents worker runs.
 */

/** The largest file or pasted text accepted, in bytes: a whole store of 20,000 rows named by name. */
export const STOCK_CSV_MAX_BYTES = 4 * 1024 * 1024;
/** The most rows one import may carry (header not counted): a whole store of a chain. */
export const STOCK_CSV_MAX_ROWS = 20_000;
/** The largest stock a row may set. */
export const MAX_STOCK = 100_000;
/** Product names are at most this long (admin schema); an id is 24 characters. */
export const MAX_PRODUCT_CELL = 200;

export const STOCK_CSV_ERRORS = {
  empty: "The CSV has no rows: one line per product, `product id or name, stock`",
  tooLarge: `The CSV is too large: at most ${STOCK_CSV_MAX_BYTES / 1024 / 1024} MB`,
  tooManyRows: `The CSV has too many rows: at most ${STOCK_CSV_MAX_ROWS.toLocaleString("en-US")} per import`,
  encoding: "The file is not UTF-8 text: save it as “CSV UTF-8” and choose it again",
  columns: "Expected two or three values: product id or name, stock, and optionally the shelf location",
  product: "Name the product (its id or its name)",
  productTooLong: "No product has a name this long",
  stock: `Stock must be a whole number from 0 to ${MAX_STOCK}`,
} as const;

/** One data row as read: where it came from, what it names, and the stock it sets (or why not). */
export type StockCsvRow = {
  /** The line of the file where the row starts (1-based, header and blank lines counted). */
  line: number;
  product: string;
  stock: number | null;
  /** The shelf location to set at the store; null: the third value was left out or empty (the bin stays as it is). */
  bin: string | null;
  error: string | null;
};

export type StockCsvResult = { ok: true; rows: StockCsvRow[] } | { ok: false; error: string };

/**
 * The bytes of an uploaded file as text, or null when they are not valid UTF-8 (a spreadsheet's
 * "CSV" in Windows-1252, a binary file). A UTF-8 BOM is dropped.
 */
export function decodeStockCsv(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** A whole number 0..MAX_STOCK written as plain digits ("12", " 0 "), else null ("1e3", "2.5", "-1"). */
export function parseStockCell(cell: string): number | null {
  const text = cell.trim();
  if (!/^\d{1,6}$/.test(text)) return null;
  const value = Number(text);
  return value <= MAX_STOCK ? value : null;
}
