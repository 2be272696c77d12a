/**
 * The invoice worker's PDF read by another reader: pdf.js (pdfjs-dist) extracts its text as a
 * viewer's "copy" does, and every name comes back as written, Devanagari, Tamil and Bengali
 * included (equal under NFC: a split vowel sign is given as its two canonical parts). It runs the
 * worker's own renderer in Node (pdf.js crashes workerd), with the worker's fonts and HarfBuzz wasm.
 * pdf.js ignores /ActualText and spaces glyphs by its own rule (see below); poppler's pdftotext reads
 * /ActualText, which holds each string exactly.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { InvoiceDocument } from "~/lib/invoice/document";
import { describeDocument } from "~/lib/invoice/layout";
import { computeInvoice } from "~/lib/invoice/maths";
import { renderLayoutPdf } from "../../workers/invoice/render";
import { type FontBytes, Shaper } from "../../workers/invoice/shaper";

const root = path.join(import.meta.dirname, "..", "..");
const file = (name: string) => {
  const b = readFileSync(path.join(root, name));
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
};
const fonts: FontBytes = {
  regular: file("workers/invoice/fonts/DejaVuSansCondensed.ttf"),
  bold: file("workers/invoice/fonts/DejaVuSansCondensed-Bold.ttf"),
  devanagari: file("workers/invoice/fonts/NotoSansDevanagari.ttf"),
  bengali: file("workers/invoice/fonts/NotoSansBengali.ttf"),
  tamil: file("workers/invoice/fonts/NotoSansTamil.ttf"),
};

const NAMES = ["किसान क्षत्रिय दूध पाउडर", "श्रीमती अनुराधा", "கொத்தமல்லி இலை கோழி", "কলকাতা মিষ্টি দই গ্রাম", "Zoë D'Souza — Café ₹"];

async function render(names: string[]): Promise<Uint8Array> {
  const doc: InvoiceDocument = {
    title: "Tax invoice",
    number: "BLR/2627/0000007",
    date: Date.parse("2026-11-20T10:00:00Z"),
    orderNumber: "ORD-7",
    paymentMethod: "Cash on delivery",
    seller: { name: "Seller Pvt Ltd", storeName: "Store", address: ["1 Road"], state: "Karnataka", stateCode: "29", gstin: "", fssaiLicence: "" },
    buyer: { name: names[1]!, address: ["2 Street"], state: "Karnataka", stateCode: "29", gstin: "", mobile: "9876543210" },
    placeOfSupply: "Karnataka (29)",
    maths: computeInvoice({
      lines: names.map((name) => ({ name, hsn: "0401", gstRate: 5, quantity: 1, unitPrice: 1000 })),
      discount: 0,
      tip: 0,
      intraState: true,
    }),
  };
  const wasm = new WebAssembly.Module(readFileSync(path.join(root, "node_modules/harfbuzzjs/dist/harfbuzz.wasm")));
  return renderLayoutPdf(describeDocument(doc), await Shaper.create(wasm, fonts), fonts);
}

/** pdf.js's text, one string per marked span (each drawn string is one /Span), its items joined as extracted. */
async function pdfjsStrings(bytes: Uint8Array): Promise<string[]> {
  // pdf.js runs its worker in this thread when it finds it here (no worker file to load in Node).
  // @ts-expect-error: pdfjs-dist ships no types for its worker module.
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await pdfjs.getDocument({ data: bytes, isEvalSupported: false, disableFontFace: true, useSystemFonts: false }).promise;
  const out: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent({ includeMarkedContent: true });
    let current: string | null = null;
    for (const item of content.items) {
      if ("type" in item) {
        if (item.type === "beginMarkedContentProps" || item.type === "beginMarkedContent") current = "";
        else if (item.type === "endMarkedContent" && current !== null) {
          out.push(current);
          current = null;
        }
      } else if (current !== null) current += item.str;
    }
  }
  await doc.destroy();
  return out;
}

describe("the invoice PDF read by pdf.js", () => {
  it("gives back every name as written, Indian scripts shaped, with no stray characters", async () => {
    const strings = await pdfjsStrings(await render(NAMES));
    // pdf.js takes a glyph whose text holds a nonspacing mark (ू, ्) for a zero-width diacritic and
    // then sees a gap after it, where it adds a space; spaces aside, the text is the name's.
    const bare = (s: string) => s.normalize("NFC").replace(/\s+/g, "");
    for (const name of NAMES) expect(strings.map(bare), name).toContain(bare(name));
    // Latin text has no such marks: it comes back exactly, spaces included.
    expect(strings.map((s) => s.trim())).toContain("Zoë D'Souza — Café ₹");
    // No control character (pdf.js gives a code for a glyph mapped to nothing), no replacement mark.
    expect([...strings.join("")].filter((c) => c.charCodeAt(0) < 0x20 || c === "\ufffd" || c === "?")).toEqual([]);
  });
});
