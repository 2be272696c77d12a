/**
 * CPU per invoice PDF (decision 045), in Node: the worker's own renderer (HarfBuzz wasm, the fonts,
 * the PDF writer) on a typical invoice: 8 lines, one name in Devanagari, one in Tamil, a coupon and a
 * tip, within one state. Prints the first render (HarfBuzz instantiated, fonts deflated) and the median
 * and 95th percentile of the next ones, and writes the sample PDF to .state/bench/invoice-sample.pdf.
 *
 *   npx tsx scripts/bench-invoice-pdf.ts [renders]
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { InvoiceDocument } from "../app/lib/invoice/document";
import { describeDocument } from "../app/lib/invoice/layout";
import { computeInvoice } from "../app/lib/invoice/maths";
import { renderLayoutPdf } from "../workers/invoice/render";
import { type FontBytes, Shaper } from "../workers/invoice/shaper";

const root = path.join(import.meta.dirname, "..");
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

export function typicalInvoice(): InvoiceDocument {
  const names: [string, number, number, number][] = [
    ["Amul Taaza Toned Milk 500 ml", 2800, 2, 0],
    ["Aashirvaad Shudh Chakki Atta 5 kg", 27500, 1, 5],
    ["दूध पाउडर (मिल्क पाउडर) 400 ग्राम", 21000, 1, 5],
    ["கொத்தமல்லி 100 g", 1500, 2, 0],
    ["Britannia Good Day Cashew Cookies 200 g", 4000, 3, 5],
    ["Surf Excel Easy Wash Detergent Powder 1 kg", 13500, 1, 18],
    ["Coca-Cola Original Taste 750 ml", 4000, 2, 40],
    ["Fresh bananas (Robusta), 1 dozen", 6000, 1, 0],
  ];
  const maths = computeInvoice({
    lines: names.map(([name, unitPrice, quantity, gstRate]) => ({ name, hsn: "19053100", gstRate, quantity, unitPrice })),
    discount: 5000,
    tip: 2000,
    intraState: true,
  });
  return {
    title: "Tax invoice-cum-bill of supply",
    number: "BLR/2627/0000042",
    date: Date.parse("2026-11-20T10:00:00Z"),
    orderNumber: "ORD-20261120-0042",
    paymentMethod: "Cash on delivery",
    seller: {
      name: "Quick Grocer Retail Private Limited",
      storeName: "Indiranagar",
      address: ["12, 100 Feet Road, HAL 2nd Stage", "Indiranagar, Bengaluru 560038"],
      state: "Karnataka",
      stateCode: "29",
      gstin: "29ABCDE1234F1Z5",
      fssaiLicence: "10020042001234",
    },
    buyer: {
      name: "Priya Raghavan",
      address: ["Flat 4B, Lake View Apartments", "Koramangala, Bengaluru 560034"],
      state: "Karnataka",
      stateCode: "29",
      gstin: "",
      mobile: "9876543210",
    },
    placeOfSupply: "Karnataka (29)",
    maths,
  };
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const renders = Number(process.argv[2] ?? 200);
  const wasm = new WebAssembly.Module(readFileSync(path.join(root, "node_modules/harfbuzzjs/dist/harfbuzz.wasm")));
  const invoice = typicalInvoice();
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  let start = cpu();
  const shaper = await Shaper.create(wasm, fonts);
  let bytes = await renderLayoutPdf(describeDocument(invoice), shaper, fonts);
  const first = cpu() - start;
  const times: number[] = [];
  for (let i = 0; i < renders; i++) {
    start = cpu();
    const t0 = performance.now();
    bytes = await renderLayoutPdf(describeDocument(invoice), shaper, fonts);
    times.push(Math.max(cpu() - start, 0) || performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const out = path.join(root, ".state", "bench");
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, "invoice-sample.pdf"), bytes);
  console.log(`first PDF (HarfBuzz and fonts loaded): ${first.toFixed(1)} ms CPU`);
  console.log(
    `next ${renders}: median ${times[Math.floor(renders / 2)]!.toFixed(2)} ms, p95 ${times[Math.floor(renders * 0.95)]!.toFixed(2)} ms CPU; ${bytes.byteLength} bytes`,
  );
}
