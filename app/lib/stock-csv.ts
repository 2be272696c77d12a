/**
 * A store's stock as CSV (decision 020): `product id, barcode or name, stock` per line with an
 * optional third value, the product's shelf location at the store (decision 027: empty
 * leaves the bin as it is), an optional header row (`…, stock[, …]`), a UTF-8 file with or without
 * BOM, CRLF or LF, quoted values ("Milk, 1 L").
 * This module only reads the text into rows and checks each row's own cells; which product a row
 * names (unknown, ambiguous, duplicate) is decided against the catalogue by the server.
 *
 * Parsing is csv-parse's browser build (no Node APIs, so it runs on Workers).
 */
import { CsvError, parse } from "csv-parse/browser/esm/sync";
import * as z from "zod";
import { shelfLocationSchema } from "./shelf-location";

/** The largest file or pasted text accepted, in bytes: a whole store of 20,000 rows named by name. */
export const STOCK_CSV_MAX_BYTES = 4 * 1024 * 1024;
/** The most rows one import may carry (header not counted): a whole store of a chain. */
export const STOCK_CSV_MAX_ROWS = 20_000;
/** The largest stock a row may set. */
export const MAX_STOCK = 100_000;
/** Product names are at most this long (admin schema); an id is 24 characters. */
const MAX_PRODUCT_CELL = 200;

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

const recordsWithInfo = z.array(z.object({ record: z.array(z.string()), info: z.object({ lines: z.number() }) }));

/** A first row whose second value is "stock" (any case) is a header. */
function isHeader(record: string[]) {
  return record.length >= 2 && record[1].trim().toLowerCase() === "stock";
}

function checkRow(line: number, record: string[]): StockCsvRow {
  const product = (record[0] ?? "").trim();
  const stockCell = record[1] ?? "";
  const row = (error: string | null, stock: number | null = null, bin: string | null = null) => ({
    line,
    product: product.slice(0, MAX_PRODUCT_CELL),
    stock,
    bin,
    error,
  });
  if (record.length !== 2 && record.length !== 3) return row(STOCK_CSV_ERRORS.columns);
  if (!product) return row(STOCK_CSV_ERRORS.product);
  if (product.length > MAX_PRODUCT_CELL) return row(STOCK_CSV_ERRORS.productTooLong);
  const stock = parseStockCell(stockCell);
  if (stock === null) return row(STOCK_CSV_ERRORS.stock);
  const bin = shelfLocationSchema.safeParse(record[2] ?? "");
  if (!bin.success) return row(bin.error.issues[0].message);
  return row(null, stock, bin.data || null);
}

/** Reads CSV text (a decoded file or pasted text) into checked rows, or one error for the whole text. */
export function parseStockCsv(text: string): StockCsvResult {
  if (new TextEncoder().encode(text).byteLength > STOCK_CSV_MAX_BYTES) return { ok: false, error: STOCK_CSV_ERRORS.tooLarge };
  let raw: unknown;
  try {
    raw = parse(text, {
      bom: true,
      delimiter: ",",
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      // One record may not swallow the file (an unclosed quote is reported, not absorbed).
      max_record_size: 1024,
      // Stops at the first record past the limit instead of reading them all.
      to: STOCK_CSV_MAX_ROWS + 2,
    });
  } catch (error) {
    if (error instanceof CsvError) return { ok: false, error: describeCsvError(error) };
    throw error;
  }
  // With `info`, each record comes as { record, info } (the library's types say string[][]).
  const records = recordsWithInfo.parse(raw);
  const start = records.length && isHeader(records[0].record) ? 1 : 0;
  const data = records.slice(start);
  if (!data.length) return { ok: false, error: STOCK_CSV_ERRORS.empty };
  if (data.length > STOCK_CSV_MAX_ROWS) return { ok: false, error: STOCK_CSV_ERRORS.tooManyRows };
  return { ok: true, rows: data.map(({ record, info }) => checkRow(startLine(info.lines, record), record)) };
}

/**
 * csv-parse's `info.lines` is the line where the record ends; a record spanning lines (a quoted
 * value with a line break) started earlier.
 */
function startLine(endLine: number, record: string[]) {
  const breaks = record.reduce((n, cell) => n + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
  return Math.max(1, endLine - breaks);
}

function describeCsvError(error: CsvError) {
  const line = typeof error.lines === "number" ? `Line ${error.lines}: ` : "";
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return `${line}a quoted value is not closed (a " is missing)`;
    case "CSV_INVALID_CLOSING_QUOTE":
    case "CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE":
      return `${line}a quoted value is followed by other characters; write "" for a quote inside quotes`;
    case "CSV_MAX_RECORD_SIZE":
      return `${line}the row is too long`;
    default:
      return `${line}the CSV could not be read`;
  }
}
