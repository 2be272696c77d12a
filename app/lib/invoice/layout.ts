/**
 * The one description of a printed GST document (decision 045): the HTML sheet
 * (app/components/invoice/InvoiceSheet.tsx) and the PDF worker (workers/invoice) both draw this and
 * nothing else, so they print the same title, header rows, parties, cells and totals. Pure: it reads
 * only the frozen record (decision 038), never today's rows.
 *
 * Everything a document kind varies is data: its title, the label of its number and any further
 * header rows (a credit note's "Against invoice No. X dated Y") come from the record, with the tax
 * invoice's wording as the default for records that do not say.
 */
import type { InvoiceDocument } from "./document";
import { invoiceDate, isCreditNote } from "./document";
import { formatInvoiceAmount } from "../money";

/** A4 in PDF points and the page margin: the table's column widths add up to the width between margins. */
export const PAGE = { width: 595.28, height: 841.89, margin: 36 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

/** A label and its value in the header (number, date, order, a reference…). */
interface HeaderRow {
  label: string;
  value: string;
  mono?: boolean;
  testId?: string;
}

/** A header row a document kind adds after the standard ones (e.g. a credit note's invoice reference). */
interface ExtraHeaderRow {
  label: string;
  value: string;
  testId?: string;
}

/** The fields a document other than a tax invoice may set on its record; absent on every invoice. */
interface DocumentWording {
  /** "Invoice no." unless given (a credit note: "Credit note no."). */
  numberLabel?: string;
  /** Rows after number, date and order, in order. */
  extraHeaderRows?: ExtraHeaderRow[];
}

export type PrintedDocument = InvoiceDocument & DocumentWording;

/** One printed line of a party block: plain text, or a label followed by a value (set in mono when `mono`). */
export interface PartyLine {
  text: string;
  /** When set, `text` is the label and this the value after it. */
  value?: string;
  mono?: boolean;
  muted?: boolean;
}

interface PartyBlock {
  heading: string;
  ariaLabel: string;
  lines: PartyLine[];
}

export interface LayoutColumn {
  title: string;
  /** PDF points; the columns add up to CONTENT_WIDTH. The HTML sets the same shares as percentages. */
  width: number;
  align: "left" | "right";
  mono?: boolean;
  /** Text wraps between words (and inside a word too long for the column); amounts are set smaller first, then wrap. */
  kind: "text" | "amount";
}

interface TableCell {
  text: string;
  /** Columns this cell covers (default 1). */
  span?: number;
  testId?: string;
  /** A row header (the totals' "Total"). */
  header?: boolean;
}

interface SummaryRow {
  label: string;
  value: string;
  /** A smaller line under the label. */
  note?: string;
  strong?: boolean;
  testId?: string;
}

export interface DocumentLayout {
  title: string;
  headerRows: HeaderRow[];
  parties: PartyBlock[];
  table: { caption: string; columns: LayoutColumn[]; body: { cells: TableCell[] }[]; foot: { cells: TableCell[] }[] };
  taxSummary: { heading: string; lines: string[] };
  summary: SummaryRow[];
  notes: string[];
  /** The PDF's own metadata. */
  meta: { title: string; subject: string; author: string };
}

const money = formatInvoiceAmount;

function stateLine(state: string, code: string): string {
  return `State: ${state || "—"}${code ? ` (${code})` : ""}`;
}

/** The document as both renderers print it. */
export function describeDocument(doc: PrintedDocument): DocumentLayout {
  const { lines, totals: t, intraState } = doc.maths;
  // A credit note (decision 044) prints the same document with its amounts labelled as reversals
  // and the invoice it is against.
  const credit = isCreditNote(doc);
  const reversed = (label: string) => (credit ? `${label} reversed` : label);
  const taxTitles = (intraState ? ["CGST", "SGST"] : ["IGST"]).map(reversed);
  const extraRows: ExtraHeaderRow[] = [
    ...(doc.against
      ? [{ label: "Against invoice", value: `No. ${doc.against.number} dated ${invoiceDate(doc.against.date)}`, testId: "credit-note-against" }]
      : []),
    ...(doc.extraHeaderRows ?? []),
  ];
  const headerRows: HeaderRow[] = [
    { label: doc.numberLabel ?? (credit ? "Credit note no." : "Invoice no."), value: doc.number, mono: true, testId: "invoice-number" },
    { label: "Date", value: invoiceDate(doc.date) },
    { label: "Order", value: doc.orderNumber },
    ...extraRows.map((row) => ({ label: row.label, value: row.value, testId: row.testId })),
  ];
  const seller: PartyBlock = {
    heading: "Sold by",
    ariaLabel: "Seller",
    lines: [
      { text: doc.seller.name },
      { text: doc.seller.storeName, muted: true },
      ...doc.seller.address.map((text) => ({ text })),
      { text: stateLine(doc.seller.state, doc.seller.stateCode) },
      { text: "GSTIN: ", value: doc.seller.gstin || "not registered", mono: true },
      { text: "FSSAI licence no.: ", value: doc.seller.fssaiLicence || "not given", mono: true },
    ],
  };
  const buyer: PartyBlock = {
    heading: "Billed and shipped to",
    ariaLabel: "Buyer",
    lines: [
      { text: doc.buyer.name },
      ...doc.buyer.address.map((text) => ({ text })),
      { text: stateLine(doc.buyer.state, doc.buyer.stateCode) },
      { text: `Mobile: ${doc.buyer.mobile}` },
      { text: `Place of supply: ${doc.placeOfSupply}` },
    ],
  };
  // Widths in points: the item column takes what the amounts leave, so a long name has the most room.
  const amount = (title: string, width: number): LayoutColumn => ({ title, width, align: "right", kind: "amount" });
  const fixed: LayoutColumn[] = [
    { title: "HSN", width: 40, align: "left", mono: true, kind: "text" },
    amount("Qty", 24),
    amount("Rate", 46),
    amount("Discount", 42),
    amount(reversed("Taxable value"), 50),
    amount("GST", 26),
    ...taxTitles.map((title) => amount(title, 42)),
    amount(credit ? "Value reversed" : "Total", 50),
  ];
  const number: LayoutColumn = { title: "#", width: 16, align: "left", kind: "text" };
  const used = number.width + fixed.reduce((sum, c) => sum + c.width, 0);
  const columns: LayoutColumn[] = [number, { title: "Item", width: CONTENT_WIDTH - used, align: "left", kind: "text" }, ...fixed];
  const taxes = (of: { cgst: number; sgst: number; igst: number }, ids?: boolean): TableCell[] =>
    intraState
      ? [
          { text: money(of.cgst), testId: ids ? "invoice-cgst" : undefined },
          { text: money(of.sgst), testId: ids ? "invoice-sgst" : undefined },
        ]
      : [{ text: money(of.igst), testId: ids ? "invoice-igst" : undefined }];
  const body = lines.map((line, i) => ({
    cells: [
      { text: String(i + 1) },
      { text: line.name },
      { text: line.hsn || "—" },
      // A note that reverses only value (a part refund of a line) has no quantity or rate of its own.
      { text: credit && !line.quantity ? "—" : String(line.quantity) },
      { text: credit && !line.quantity ? "—" : money(line.unitPrice) },
      { text: money(line.discount) },
      { text: money(line.taxable) },
      { text: `${line.gstRate}%` },
      ...taxes(line),
      { text: money(line.value) },
    ],
  }));
  const foot = [
    {
      cells: [
        { text: "Total", span: 5, header: true },
        { text: money(t.discount) },
        { text: money(t.taxable), testId: "invoice-taxable" },
        { text: "" },
        ...taxes(t, true),
        { text: money(t.invoiceValue) },
      ],
    },
  ];
  const summary: SummaryRow[] = [
    { label: credit ? "Items credited (GST included)" : "Items (GST included)", value: money(t.gross) },
    ...(t.discount ? [{ label: "Discount (coupon)", value: `−${money(t.discount)}`, testId: "invoice-discount" }] : []),
    { label: credit ? "Value of supply reversed" : "Invoice value", value: money(t.invoiceValue), strong: true, testId: "invoice-value" },
    ...(t.tip
      ? [
          {
            label: credit ? "Tip refunded" : "Tip for the delivery partner",
            note: "(not a supply of the seller, no GST)",
            value: money(t.tip),
            testId: "invoice-tip",
          },
        ]
      : []),
    ...(t.roundOff
      ? [
          {
            label: "Round off",
            note: "(cash in whole rupees)",
            value: `${t.roundOff < 0 ? "−" : "+"}${money(Math.abs(t.roundOff))}`,
            testId: "invoice-round-off",
          },
        ]
      : []),
    { label: credit ? "Amount refunded" : "Amount paid", value: money(t.amountPaid), strong: true, testId: "invoice-paid" },
  ];
  return {
    title: doc.title,
    headerRows,
    parties: [seller, buyer],
    table: { caption: credit ? "Credit note lines" : "Invoice lines", columns, body, foot },
    taxSummary: {
      heading: "Tax summary",
      lines: t.byRate.map(
        (r) =>
          `GST ${r.rate}%: taxable ${money(r.taxable)}, ${
            intraState ? `CGST ${r.rate / 2}% ${money(r.cgst)} + SGST ${r.rate / 2}% ${money(r.sgst)}` : `IGST ${r.rate}% ${money(r.igst)}`
          }`,
      ),
    },
    summary,
    notes: [
      ...(credit ? ["Issued under section 34 of the CGST Act for the refund of the supply invoiced above: the taxable value and tax shown are reversed."] : []),
      `Payment: ${doc.paymentMethod}. Prices include GST. Supply made by the seller named above; delivery is free.`,
      "This is a computer-generated document and needs no signature.",
    ],
    meta: { title: `${doc.title} ${doc.number}`, subject: `Order ${doc.orderNumber}`, author: doc.seller.name },
  };
}

/** A party line as printed in one string (the PDF draws it so; the HTML sets the value in its own span). */
export function partyLineText(line: PartyLine): string {
  return line.value === undefined ? line.text : `${line.text}${line.value}`;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * Greedy line breaking by measured width: breaks between words, and inside a word (between grapheme
 * clusters, so a conjunct or a letter with its marks is never split) only when the word alone is
 * wider than the line. No character is dropped: the lines joined with single spaces give the text
 * back with its runs of spaces made single. An empty text is one empty line.
 */
export function wrapText(text: string, maxWidth: number, measure: (s: string) => number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0) return [""];
  const lines: string[] = [];
  let current = "";
  const push = (word: string) => {
    const candidate = current ? `${current} ${word}` : word;
    if (measure(candidate) <= maxWidth) {
      current = candidate;
      return;
    }
    if (current) lines.push(current);
    current = "";
    if (measure(word) <= maxWidth) {
      current = word;
      return;
    }
    // A word wider than the line: as many whole graphemes per line as fit (at least one).
    let piece = "";
    for (const { segment } of graphemes.segment(word)) {
      if (piece && measure(piece + segment) > maxWidth) {
        lines.push(piece);
        piece = "";
      }
      piece += segment;
    }
    current = piece;
  };
  for (const word of words) push(word);
  lines.push(current);
  return lines;
}
