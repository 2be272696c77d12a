/**
 * Reads a store's stock CSV (stock-csv.ts: the format, limits and messages) into checked rows, with
 * csv-parse's browser build (no Node APIs, so it runs on Workers). The documents worker runs it for
 * the storefront (decision 049): csv-parse stays out of the worker every storefront request loads.
 */
import { CsvError, parse } from "csv-parse/browser/esm/sync";
import * as z from "zod";
import { shelfLocationSchema } from "./shelf-location";
import {
  MAX_PRODUCT_CELL,
  parseStockCell,
  STOCK_CSV_ERRORS,
  STOCK_CSV_MAX_BYTES,
  STOCK_CSV_MAX_ROWS,
  type StockCsvResult,
  type StockCsvRow,
} from "./stock-csv";

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
