/**
 * The invoice PDF worker (decision 031): POST /render with an InvoiceDocument (JSON) answers the
 * tax invoice as a PDF made with pdf-lib. It trusts its caller, the store worker, through a
 * service binding: it has no public route, reads no database and holds no secrets.
 *
 * Text is set in DejaVu Sans Condensed (regular and bold, fonts/LICENSE), cut down to the
 * characters an invoice prints by scripts/subset-invoice-fonts.ts and bundled as Data modules
 * (wrangler.toml [[rules]]); each PDF embeds only the glyphs it uses, with a ToUnicode map so its
 * text can be searched and copied. Amounts are formatted by the HTML invoice's own formatInvoiceAmount.
 */
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import { type InvoiceDocument, invoiceDate, isCreditNote } from "../../app/lib/invoice/document";
import { formatInvoiceAmount } from "../../app/lib/money";
import { placeForPincode } from "../../app/lib/pincode-places";
import boldFont from "./fonts/DejaVuSansCondensed-Bold.ttf";
import regularFont from "./fonts/DejaVuSansCondensed.ttf";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 36;

/** Amounts as the HTML invoice prints them: "₹1,23,456.78" (Indian grouping). */
const money = formatInvoiceAmount;

/** The characters each embedded font can draw. */
const characterSets = new WeakMap<PDFFont, Set<number>>();

/** Text the font can draw: any other character (Devanagari, emoji…) becomes "?". */
function printable(text: string, font: PDFFont): string {
  let set = characterSets.get(font);
  if (!set) characterSets.set(font, (set = new Set(font.getCharacterSet())));
  let out = "";
  for (const char of text) out += set.has(char.codePointAt(0)!) ? char : "?";
  return out;
}

interface Pen {
  page: PDFPage;
  y: number;
}

interface Column {
  title: string;
  width: number;
  align: "left" | "right";
}

export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Uint8Array> {
  // A credit note (decision 044) is the same document: its title, its number's label, the invoice
  // it is against, and its amounts labelled as reversed.
  const credit = isCreditNote(invoice);
  const reversed = (label: string) => (credit ? `${label} rev.` : label);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${invoice.title} ${invoice.number}`);
  pdf.setSubject(`Order ${invoice.orderNumber}`);
  pdf.setCreator(invoice.seller.name);
  pdf.registerFontkit(fontkit);
  // No ligatures or kerning: one glyph per character, so widths measured are widths drawn.
  const features = { liga: false, kern: false };
  const font = await pdf.embedFont(regularFont, { subset: true, features });
  const bold = await pdf.embedFont(boldFont, { subset: true, features });
  const pen: Pen = { page: pdf.addPage(A4), y: A4[1] - MARGIN };
  const text = (value: string, x: number, size = 9, f: PDFFont = font) =>
    pen.page.drawText(printable(value, f), { x, y: pen.y, size, font: f, color: rgb(0.1, 0.1, 0.1) });
  const fit = (value: string, width: number, size: number, f: PDFFont = font) => {
    let out = printable(value, f);
    while (out.length > 1 && f.widthOfTextAtSize(out, size) > width) out = `${out.slice(0, -2)}.`;
    return out;
  };
  const newPageIfBelow = (room: number) => {
    if (pen.y - room > MARGIN) return false;
    pen.page = pdf.addPage(A4);
    pen.y = A4[1] - MARGIN;
    return true;
  };

  // Heading and the two parties.
  text(invoice.title.toUpperCase(), MARGIN, 16, bold);
  text(`${credit ? "Credit note no." : "Invoice no."} ${invoice.number}`, 360, 10, bold);
  pen.y -= 14;
  text(`Date: ${invoiceDate(invoice.date)}   Order: ${invoice.orderNumber}`, 360, 8);
  if (invoice.against) {
    pen.y -= 11;
    text(`Against invoice No. ${invoice.against.number} dated ${invoiceDate(invoice.against.date)}`, MARGIN, 9, bold);
  }
  pen.y -= 24;
  const sellerTop = pen.y;
  text("Sold by", MARGIN, 8, bold);
  pen.y -= 12;
  for (const line of [
    invoice.seller.name,
    `(${invoice.seller.storeName})`,
    ...invoice.seller.address,
    `State: ${invoice.seller.state} ${invoice.seller.stateCode ? `(${invoice.seller.stateCode})` : ""}`,
    `GSTIN: ${invoice.seller.gstin || "not registered"}`,
    `FSSAI licence no.: ${invoice.seller.fssaiLicence || "not given"}`,
  ]) {
    text(line, MARGIN, 8);
    pen.y -= 11;
  }
  const sellerBottom = pen.y;
  pen.y = sellerTop;
  text("Billed and shipped to", 310, 8, bold);
  pen.y -= 12;
  for (const line of [
    invoice.buyer.name,
    ...invoice.buyer.address,
    `State: ${invoice.buyer.state} ${invoice.buyer.stateCode ? `(${invoice.buyer.stateCode})` : ""}`,
    `Mobile: ${invoice.buyer.mobile}`,
    `Place of supply: ${invoice.placeOfSupply}`,
  ]) {
    text(line, 310, 8);
    pen.y -= 11;
  }
  pen.y = Math.min(pen.y, sellerBottom) - 14;

  // The lines.
  const intra = invoice.maths.intraState;
  const columns: Column[] = [
    { title: "#", width: 16, align: "left" },
    { title: "Item", width: intra ? 149 : 189, align: "left" }, // the columns fill the page's width
    { title: "HSN", width: 40, align: "left" },
    { title: "Qty", width: 22, align: "right" },
    { title: "Rate", width: 44, align: "right" },
    { title: "Discount", width: 40, align: "right" },
    { title: reversed("Taxable"), width: 52, align: "right" },
    { title: "GST %", width: 28, align: "right" },
    ...(intra
      ? [
          { title: reversed("CGST"), width: 40, align: "right" as const },
          { title: reversed("SGST"), width: 40, align: "right" as const },
        ]
      : [{ title: reversed("IGST"), width: 40, align: "right" as const }]),
    { title: credit ? "Reversed" : "Total", width: 52, align: "right" },
  ];
  const row = (cells: string[], f: PDFFont = font, size = 7.5) => {
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      // Amounts (right-aligned) are never cut short: a long one is set smaller instead.
      let cellSize = size;
      if (column.align === "right") while (cellSize > 4 && f.widthOfTextAtSize(printable(cell, f), cellSize) > column.width - 3) cellSize -= 0.25;
      const value = fit(cell, column.width - 3, cellSize, f);
      const width = f.widthOfTextAtSize(value, cellSize);
      pen.page.drawText(value, { x: column.align === "right" ? x + column.width - 3 - width : x, y: pen.y, size: cellSize, font: f });
      x += column.width;
    });
    pen.y -= 12;
  };
  const rule = () => {
    pen.page.drawLine({ start: { x: MARGIN, y: pen.y + 8 }, end: { x: A4[0] - MARGIN, y: pen.y + 8 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  };
  const header = () => {
    row(
      columns.map((c) => c.title),
      bold,
    );
    rule();
  };
  header();
  invoice.maths.lines.forEach((line, i) => {
    if (newPageIfBelow(60)) header();
    row([
      String(i + 1),
      line.name,
      line.hsn || "-",
      credit && !line.quantity ? "-" : String(line.quantity),
      credit && !line.quantity ? "-" : money(line.unitPrice),
      money(line.discount),
      money(line.taxable),
      `${line.gstRate}%`,
      ...(intra ? [money(line.cgst), money(line.sgst)] : [money(line.igst)]),
      money(line.value),
    ]);
  });
  rule();
  const t = invoice.maths.totals;
  row(
    ["", "Total", "", "", "", money(t.discount), money(t.taxable), "", ...(intra ? [money(t.cgst), money(t.sgst)] : [money(t.igst)]), money(t.invoiceValue)],
    bold,
  );
  pen.y -= 8;

  // The tax summary per rate, then what was paid.
  newPageIfBelow(80 + 12 * t.byRate.length);
  text("Tax summary", MARGIN, 9, bold);
  pen.y -= 12;
  for (const rate of t.byRate) {
    const tax = intra ? `CGST ${rate.rate / 2}% ${money(rate.cgst)} + SGST ${rate.rate / 2}% ${money(rate.sgst)}` : `IGST ${rate.rate}% ${money(rate.igst)}`;
    text(`GST ${rate.rate}%: taxable ${money(rate.taxable)}, ${tax}`, MARGIN, 8);
    pen.y -= 11;
  }
  pen.y -= 6;
  const VALUE = credit ? "Value of supply reversed" : "Invoice value";
  const PAID = credit ? "Amount refunded" : "Amount paid";
  // [label, amount, a note under the label]
  const summary: [string, string, string?][] = [
    [credit ? "Items credited (GST included)" : "Items (GST included)", money(t.gross)],
    ...(t.discount ? [["Discount (coupon)", `−${money(t.discount)}`] as [string, string]] : []),
    [VALUE, money(t.invoiceValue)],
    ...(t.tip
      ? [[credit ? "Tip refunded" : "Tip for the delivery partner", money(t.tip), "(not a supply of the seller, no GST)"] as [string, string, string]]
      : []),
    ...(t.roundOff ? [["Round off", `${t.roundOff < 0 ? "−" : "+"}${money(Math.abs(t.roundOff))}`, "(cash in whole rupees)"] as [string, string, string]] : []),
    [PAID, money(t.amountPaid)],
  ];
  for (const [label, value, note] of summary) {
    const f = label === PAID || label === VALUE ? bold : font;
    text(label, 300, 8.5, f);
    const v = printable(value, f);
    pen.page.drawText(v, { x: A4[0] - MARGIN - f.widthOfTextAtSize(v, 8.5), y: pen.y, size: 8.5, font: f });
    pen.y -= 12;
    if (note) {
      pen.y += 2;
      text(note, 300, 7);
      pen.y -= 11;
    }
  }
  pen.y -= 10;
  if (credit) {
    text("Issued under section 34 of the CGST Act for the refund of the supply invoiced above: the taxable value and tax shown are reversed.", MARGIN, 7);
    pen.y -= 10;
  }
  text(`Payment: ${invoice.paymentMethod}. Prices include GST. Supply made by the seller named above; delivery is free.`, MARGIN, 7);
  pen.y -= 10;
  text(`This is a computer-generated ${credit ? "credit note" : "invoice"} and needs no signature.`, MARGIN, 7);
  return pdf.save();
}

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    // The pincode table lives here, not in the storefront worker (decision 040).
    if (url.pathname === "/place" && request.method === "GET") {
      const place = placeForPincode(url.searchParams.get("pincode") ?? "");
      return place ? Response.json(place) : new Response("Unknown pincode", { status: 404 });
    }
    if (url.pathname !== "/render") return new Response("Not found", { status: 404 });
    if (request.method !== "POST") return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
    let invoice: InvoiceDocument;
    try {
      invoice = (await request.json()) as InvoiceDocument;
      if (!invoice?.number || !Array.isArray(invoice.maths?.lines)) throw new Error("not an invoice");
    } catch {
      return new Response("Expected an invoice as JSON", { status: 400 });
    }
    const bytes = await renderInvoicePdf(invoice);
    return new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { "Content-Type": "application/pdf", "Content-Length": String(bytes.byteLength) } });
  },
};
