import { describe, expect, it } from "vitest";
import { decodeStockCsv, parseStockCell, STOCK_CSV_ERRORS, STOCK_CSV_MAX_BYTES, STOCK_CSV_MAX_ROWS } from "~/lib/stock-csv";
import { parseStockCsv } from "~/lib/stock-csv-parse";

const rowsOf = (text: string) => {
  const result = parseStockCsv(text);
  if (!result.ok) throw new Error(`expected rows, got: ${result.error}`);
  return result.rows;
};

describe("parseStockCsv", () => {
  it("reads rows without a header, trimming values", () => {
    expect(rowsOf("Amul Milk, 12\n0123456789abcdef01234567 ,0\n")).toEqual([
      { line: 1, product: "Amul Milk", stock: 12, bin: null, error: null },
      { line: 2, product: "0123456789abcdef01234567", stock: 0, bin: null, error: null },
    ]);
  });

  it("skips a header row whose second value is 'stock', and counts its line", () => {
    expect(rowsOf("product id or name,Stock\r\nBread,5\r\n")).toEqual([{ line: 2, product: "Bread", stock: 5, bin: null, error: null }]);
  });

  it("takes a first row as data when its second value is not 'stock'", () => {
    expect(rowsOf("Bread,5")).toEqual([{ line: 1, product: "Bread", stock: 5, bin: null, error: null }]);
  });

  it("handles a BOM, CRLF, quoted commas, escaped quotes and blank lines", () => {
    const text = '\uFEFFproduct,stock\r\n"Milk, 1 L",7\r\n\r\n"Chips ""Classic""",3\r\n';
    expect(rowsOf(text)).toEqual([
      { line: 2, product: "Milk, 1 L", stock: 7, bin: null, error: null },
      { line: 4, product: 'Chips "Classic"', stock: 3, bin: null, error: null },
    ]);
  });

  it("numbers a row by the line it starts on when a quoted value spans lines", () => {
    const rows = rowsOf('"Two\nlines",1\nAfter,2');
    expect(rows.map((r) => r.line)).toEqual([1, 3]);
  });

  it.each([["-1"], ["2.5"], ["1e3"], ["100001"], ["twelve"], [""], ["0x10"], ["１２"]])("refuses the stock %j on its row", (stock) => {
    expect(rowsOf(`Bread,${stock}`)).toEqual([{ line: 1, product: "Bread", stock: null, bin: null, error: STOCK_CSV_ERRORS.stock }]);
  });

  it("refuses rows with the wrong number of values or no product, keeping the others", () => {
    expect(rowsOf("Bread\nMilk,1,A-2,x\n,4\nEggs,6")).toEqual([
      { line: 1, product: "Bread", stock: null, bin: null, error: STOCK_CSV_ERRORS.columns },
      { line: 2, product: "Milk", stock: null, bin: null, error: STOCK_CSV_ERRORS.columns },
      { line: 3, product: "", stock: null, bin: null, error: STOCK_CSV_ERRORS.product },
      { line: 4, product: "Eggs", stock: 6, bin: null, error: null },
    ]);
  });

  it("reads an optional third value, the shelf location: trimmed, empty or missing leaves the bin alone", () => {
    expect(rowsOf('product,stock,bin\nBread,5, A-03 \n"Milk, 1 L",7,\nEggs,6\nTea,2,"Aisle 4 / Shelf 2"')).toEqual([
      { line: 2, product: "Bread", stock: 5, bin: "A-03", error: null },
      { line: 3, product: "Milk, 1 L", stock: 7, bin: null, error: null },
      { line: 4, product: "Eggs", stock: 6, bin: null, error: null },
      { line: 5, product: "Tea", stock: 2, bin: "Aisle 4 / Shelf 2", error: null },
    ]);
  });

  it("refuses a shelf location the product form would refuse, on its row", () => {
    expect(rowsOf(`Bread,5,${"B".repeat(33)}\nMilk,1,A;3\nEggs,2,"=HYPERLINK(1)"\nTea,1,${"C".repeat(32)}`)).toEqual([
      { line: 1, product: "Bread", stock: null, bin: null, error: "A shelf location is at most 32 characters" },
      { line: 2, product: "Milk", stock: null, bin: null, error: "A shelf location uses letters, digits, spaces and . _ / - only" },
      { line: 3, product: "Eggs", stock: null, bin: null, error: "A shelf location uses letters, digits, spaces and . _ / - only" },
      { line: 4, product: "Tea", stock: 1, bin: "C".repeat(32), error: null },
    ]);
  });

  it("refuses an empty CSV or one with a header only", () => {
    expect(parseStockCsv("")).toEqual({ ok: false, error: STOCK_CSV_ERRORS.empty });
    expect(parseStockCsv("product,stock\n\n")).toEqual({ ok: false, error: STOCK_CSV_ERRORS.empty });
  });

  it("refuses too many rows and too many bytes as a whole", () => {
    const rows = Array.from({ length: STOCK_CSV_MAX_ROWS + 1 }, (_, i) => `P${i},1`).join("\n");
    expect(parseStockCsv(rows)).toEqual({ ok: false, error: STOCK_CSV_ERRORS.tooManyRows });
    expect(parseStockCsv(Array.from({ length: STOCK_CSV_MAX_ROWS }, (_, i) => `P${i},1`).join("\n")).ok).toBe(true);
    expect(parseStockCsv(`${"x".repeat(STOCK_CSV_MAX_BYTES)},1`)).toEqual({ ok: false, error: STOCK_CSV_ERRORS.tooLarge });
  });

  it("reports an unclosed quote with its line instead of swallowing the file", () => {
    const result = parseStockCsv('Bread,1\n"Milk,2\nEggs,3');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^Line \d+: a quoted value is not closed/);
  });
});

describe("decodeStockCsv", () => {
  it("decodes UTF-8 and drops the BOM", () => {
    expect(decodeStockCsv(new Uint8Array([0xef, 0xbb, 0xbf, 0x41, 0x2c, 0x31]))).toBe("A,1");
  });

  it("refuses bytes that are not UTF-8 (a Windows-1252 é)", () => {
    expect(decodeStockCsv(new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x2c, 0x31]))).toBeNull();
  });
});

describe("parseStockCell", () => {
  it("accepts 0 through 100000 in plain digits", () => {
    expect(parseStockCell("0")).toBe(0);
    expect(parseStockCell(" 100000 ")).toBe(100000);
    expect(parseStockCell("007")).toBe(7);
  });
});

describe("the stock CSV at its edges", () => {
  it("tells the shopkeeper what to fix, in these words", () => {
    expect(STOCK_CSV_ERRORS).toEqual({
      empty: "The CSV has no rows: one line per product, `product id or name, stock`",
      tooLarge: "The CSV is too large: at most 4 MB",
      tooManyRows: "The CSV has too many rows: at most 20,000 per import",
      encoding: "The file is not UTF-8 text: save it as “CSV UTF-8” and choose it again",
      columns: "Expected two or three values: product id or name, stock, and optionally the shelf location",
      product: "Name the product (its id or its name)",
      productTooLong: "No product has a name this long",
      stock: "Stock must be a whole number from 0 to 100000",
    });
  });

  it("says which line a CSV cannot be read at, and why", () => {
    expect(parseStockCsv('Bread,1\n"Milk,2')).toEqual({ ok: false, error: 'Line 2: a quoted value is not closed (a " is missing)' });
    const closing = 'Line 1: a quoted value is followed by other characters; write "" for a quote inside quotes';
    expect(parseStockCsv('"Milk"x,2')).toEqual({ ok: false, error: closing });
    expect(parseStockCsv('"Milk" ,2')).toEqual({ ok: false, error: closing });
    expect(parseStockCsv(`Bread,1\n${"x".repeat(2000)},1`)).toEqual({ ok: false, error: "Line 2: the row is too long" });
    expect(parseStockCsv('Mi"lk,2')).toEqual({ ok: false, error: "Line 1: the CSV could not be read" });
  });

  it("reads a quoted first value after a byte order mark", () => {
    expect(rowsOf('\uFEFF"Milk, 1 L",7')).toEqual([{ line: 1, product: "Milk, 1 L", stock: 7, bin: null, error: null }]);
  });

  it("recognises a header whatever the case and spacing of 'stock'", () => {
    expect(rowsOf("product , Stock \nBread,5")).toEqual([{ line: 2, product: "Bread", stock: 5, bin: null, error: null }]);
  });

  it("skips rows of empty values, counting their lines", () => {
    expect(rowsOf("Bread,1\n,,\n , \nMilk,2")).toEqual([
      { line: 1, product: "Bread", stock: 1, bin: null, error: null },
      { line: 4, product: "Milk", stock: 2, bin: null, error: null },
    ]);
  });

  it("numbers rows by their first line when quoted values hold LF or CR line breaks", () => {
    expect(rowsOf('"A\nB",1\n"C\nD",2\nE,3').map((r) => r.line)).toEqual([1, 3, 5]);
    expect(rowsOf('"A\rB",1\r"C\rD",2\rE,3').map((r) => r.line)).toEqual([1, 3, 5]);
  });

  it("accepts a product name of 200 characters and refuses a longer one, shown cut", () => {
    const name = "N".repeat(200);
    expect(rowsOf(`${name},1\n${name}X,1`)).toEqual([
      { line: 1, product: name, stock: 1, bin: null, error: null },
      { line: 2, product: name, stock: null, bin: null, error: STOCK_CSV_ERRORS.productTooLong },
    ]);
  });

  it("reads exactly the row limit, and a file of exactly the byte limit", () => {
    const rows = Array.from({ length: STOCK_CSV_MAX_ROWS }, (_, i) => `P${i},1`);
    const result = parseStockCsv(["product,stock", ...rows].join("\n"));
    expect(result.ok && result.rows.length).toBe(STOCK_CSV_MAX_ROWS);
    expect(result.ok && result.rows.at(-1)).toEqual({ line: STOCK_CSV_MAX_ROWS + 1, product: `P${STOCK_CSV_MAX_ROWS - 1}`, stock: 1, bin: null, error: null });
    // Exactly the limit in bytes is not "too large" (here it is one row too long instead).
    expect(parseStockCsv(`${"x".repeat(STOCK_CSV_MAX_BYTES - 2)},1`)).toEqual({ ok: false, error: "Line 1: the row is too long" });
    // Bytes, not characters: "é" is two.
    expect(parseStockCsv("é".repeat(STOCK_CSV_MAX_BYTES / 2 + 1))).toEqual({ ok: false, error: STOCK_CSV_ERRORS.tooLarge });
  });

  it("refuses stock written with more than six digits or anything around the digits", () => {
    for (const cell of ["1000000", "0000001", "a12", "12a", "1 2", "+5"]) expect(parseStockCell(cell), cell).toBeNull();
    expect(parseStockCell("000100")).toBe(100);
  });
});
