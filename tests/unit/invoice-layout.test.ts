/**
 * The one description of a printed invoice (app/lib/invoice/layout.ts, decision 045): the HTML sheet
 * and the PDF draw it. Column widths fill the page, the item column takes the room the amounts leave,
 * every cell of the table is there, the title and header rows come from the record, and line breaking
 * by measured width keeps every line within its width without losing a character.
 */
import { describe, expect, it } from "vitest";
import type { InvoiceDocument } from "~/lib/invoice/document";
import { CONTENT_WIDTH, describeDocument, wrapText } from "~/lib/invoice/layout";
import { computeInvoice } from "~/lib/invoice/maths";

function doc(intraState: boolean, names = ["Milk", "दूध पाउडर"]): InvoiceDocument {
  return {
    title: "Tax invoice",
    number: "BLR/2627/0000001",
    date: Date.parse("2026-11-20T10:00:00Z"),
    orderNumber: "ORD-1",
    paymentMethod: "Cash on delivery",
    seller: { name: "Seller Pvt Ltd", storeName: "Store", address: ["1 Road"], state: "Karnataka", stateCode: "29", gstin: "", fssaiLicence: "" },
    buyer: { name: "Buyer", address: ["2 Street"], state: "Karnataka", stateCode: "29", gstin: "", mobile: "9876543210" },
    placeOfSupply: "Karnataka (29)",
    maths: computeInvoice({
      lines: names.map((name, i) => ({ name, hsn: i ? "" : "0401", gstRate: 5 * i, quantity: 1 + i, unitPrice: 2500 })),
      discount: 100,
      tip: 0,
      intraState,
    }),
  };
}

/** One unit per code point: a measure whose answers are easy to reason about. */
const perChar = (s: string) => [...s].length;

describe("the document's description", () => {
  it("lays the table's columns across the page's width, the item column the widest, one cell per column in every row", () => {
    for (const intra of [true, false]) {
      const { table } = describeDocument(doc(intra));
      const widths = table.columns.map((c) => c.width);
      expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(CONTENT_WIDTH, 6);
      const item = table.columns.find((c) => c.title === "Item")!;
      expect(Math.max(...widths)).toBe(item.width);
      expect(table.columns.map((c) => c.title)).toEqual(
        intra
          ? ["#", "Item", "HSN", "Qty", "Rate", "Discount", "Taxable value", "GST", "CGST", "SGST", "Total"]
          : ["#", "Item", "HSN", "Qty", "Rate", "Discount", "Taxable value", "GST", "IGST", "Total"],
      );
      for (const row of [...table.body, ...table.foot]) expect(row.cells.reduce((n, c) => n + (c.span ?? 1), 0)).toBe(table.columns.length);
    }
    const { table } = describeDocument(doc(true));
    expect(table.body[1]!.cells.map((c) => c.text)).toEqual(["2", "दूध पाउडर", "—", "2", "₹25.00", "₹0.67", "₹46.99", "5%", "₹1.17", "₹1.17", "₹49.33"]);
  });

  it("takes the title and the header rows from the record: an invoice by default, any document kind by its own wording", () => {
    const invoice = describeDocument(doc(true));
    expect(invoice.title).toBe("Tax invoice");
    expect(invoice.headerRows.map((r) => [r.label, r.value])).toEqual([
      ["Invoice no.", "BLR/2627/0000001"],
      ["Date", "20 Nov 2026"],
      ["Order", "ORD-1"],
    ]);
    const other = describeDocument({
      ...doc(true),
      title: "Credit note",
      numberLabel: "Credit note no.",
      extraHeaderRows: [{ label: "Against invoice", value: "No. BLR/2627/0000001 dated 20 Nov 2026" }],
    });
    expect(other.title).toBe("Credit note");
    expect(other.headerRows.map((r) => r.label)).toEqual(["Credit note no.", "Date", "Order", "Against invoice"]);
    expect(other.headerRows[3]!.value).toBe("No. BLR/2627/0000001 dated 20 Nov 2026");
  });
});

describe("line breaking by measured width", () => {
  const legal = "Sri Lakshmi Venkateswara Agro Foods and Fresh Produce Retail Private Limited (a unit of Lakshmi Group Holdings), Bengalu";

  it("keeps every line within its width and gives every character back, for a 120-character legal name", () => {
    expect(legal.length).toBe(120);
    for (const width of [10, 25, 40, 119]) {
      const lines = wrapText(legal, width, perChar);
      for (const line of lines) expect(perChar(line)).toBeLessThanOrEqual(width);
      // "Venkateswara" (12) is broken inside only at width 10; wider lines break between words only.
      expect(lines.join(width < 12 ? "" : " ").replaceAll(" ", "")).toBe(legal.replaceAll(" ", ""));
      if (width >= 12) expect(lines.join(" ")).toBe(legal);
      expect(lines.length).toBeGreaterThan(1);
    }
    expect(wrapText(legal, 120, perChar)).toEqual([legal]);
  });

  it("breaks between words where it can, fills each line greedily, and breaks inside a word only when the word alone is too wide", () => {
    expect(wrapText("aa bb cc dd", 5, perChar)).toEqual(["aa bb", "cc dd"]);
    expect(wrapText("aa bbbbbbbbbbbb cc", 5, perChar)).toEqual(["aa", "bbbbb", "bbbbb", "bb cc"]);
    expect(wrapText("  spaced   out  ", 20, perChar)).toEqual(["spaced out"]);
    expect(wrapText("", 5, perChar)).toEqual([""]);
  });

  it("never splits a grapheme cluster (a conjunct or a letter with its vowel sign), even in a word wider than the line", () => {
    const word = "क्षत्रियकिसान"; // क्ष and त्रि are clusters of several code points
    const lines = wrapText(word, 2, perChar);
    expect(lines.join("")).toBe(word);
    const clusters = [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(word)].map((s) => s.segment);
    let at = 0;
    for (const line of lines) {
      // Each line is a whole number of clusters, in order.
      let taken = "";
      while (taken.length < line.length) taken += clusters[at++];
      expect(taken).toBe(line);
    }
    // A single cluster wider than the line still goes out whole, on a line of its own.
    expect(wrapText("क्ष", 1, perChar)).toEqual(["क्ष"]);
  });
});
