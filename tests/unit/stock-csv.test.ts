import { describe, expect, it } from "vitest";
import { decodeStockCsv, parseStockCell, parseStockCsv, STOCK_CSV_ERRORS, STOCK_CSV_MAX_BYTES, STOCK_CSV_MAX_ROWS } from "~/lib/stock-csv";

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
