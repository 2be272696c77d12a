/**
 * The invoice PDF worker (decisions 031, 045): POST /render with an InvoiceDocument (JSON) answers it
 * as a PDF. It trusts its caller, the store worker, through a service binding: it has no public
 * route, reads no database and holds no secrets.
 *
 * It draws the document's one description (app/lib/invoice/layout.ts), the same the HTML page
 * renders, with text shaped by HarfBuzz (shaper.ts) in DejaVu Sans Condensed and Noto Sans
 * Devanagari, Bengali and Tamil (fonts/, cut by scripts/subset-invoice-fonts.ts, bundled as Data
 * modules), written by a small PDF writer of its own (pdf.ts).
 */
import hbWasm from "harfbuzzjs/dist/harfbuzz.wasm";
import type { InvoiceDocument } from "../../app/lib/invoice/document";
import { describeDocument, type PrintedDocument } from "../../app/lib/invoice/layout";
import { placeForPincode } from "../../app/lib/pincode-places";
import { parseStockCsv } from "../../app/lib/stock-csv-parse";
import boldFont from "./fonts/DejaVuSansCondensed-Bold.ttf";
import regularFont from "./fonts/DejaVuSansCondensed.ttf";
import bengaliFont from "./fonts/NotoSansBengali.ttf";
import devanagariFont from "./fonts/NotoSansDevanagari.ttf";
import tamilFont from "./fonts/NotoSansTamil.ttf";
import { renderLayoutPdf } from "./render";
import { type FontBytes, Shaper } from "./shaper";

// Data modules are ArrayBuffers in the worker (vite's client types call every *.ttf a URL string).
const data = (module: unknown) => module as ArrayBuffer;
const FONTS: FontBytes = {
  regular: data(regularFont),
  bold: data(boldFont),
  devanagari: data(devanagariFont),
  bengali: data(bengaliFont),
  tamil: data(tamilFont),
};

/** One HarfBuzz instance per isolate, made on the first PDF. */
let shaper: Promise<Shaper> | undefined;

export async function renderInvoicePdf(invoice: PrintedDocument): Promise<Uint8Array> {
  shaper ??= Shaper.create(hbWasm, FONTS);
  return renderLayoutPdf(describeDocument(invoice), await shaper, FONTS);
}

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    // The pincode table lives here, not in the storefront worker (decision 040).
    if (url.pathname === "/place" && request.method === "GET") {
      const place = placeForPincode(url.searchParams.get("pincode") ?? "");
      return place ? Response.json(place) : new Response("Unknown pincode", { status: 404 });
    }
    // A store's stock CSV read into checked rows (decision 049): csv-parse stays out of the storefront.
    if (url.pathname === "/stock-csv" && request.method === "POST") return Response.json(parseStockCsv(await request.text()));
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
