/**
 * The invoice PDF from the document's one description (decision 045), as the store serves it: names
 * in Devanagari, Bengali and Tamil come back from the PDF's text as written; a 120-character legal
 * name, a long buyer name and long product names wrap inside their blocks and columns, so no drawn
 * string overlaps another or leaves the page; the HTML page and the PDF list the same cells in the
 * same order. The text is read through each font's ToUnicode map and the strings placed by their
 * text matrices and the fonts' widths, as a viewer does (pdftotext is not on this machine, and
 * pdf.js crashes workerd: tests/unit/invoice-pdf-text.test.ts reads the worker's PDF with pdf.js in Node).
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { makeProduct, newShopper } from "./api-client";
import { BASE } from "./fixtures";
import { codOrder, deliver, type DrawnString, invoicePdf, pdfStrings } from "./invoice-support";
import { sessionCookie } from "../security/support-pay";

const LEGAL_NAME = "Shree Annapurna Fresh Groceries and Daily Essentials Retail Private Limited, a unit of Annapurna Consumer Holdings India";
const BUYER = "श्रीमती अनुराधा लक्ष्मीनारायण क्षत्रिय-वेंकटरमण (Anuradha Lakshminarayan Kshatriya-Venkataraman)";
const NAMES = [
  "दूध पाउडर (मिल्क पाउडर) 400 ग्राम",
  "கொத்தமல்லி இலை 100 கிராம்",
  "কলকাতা মিষ্টি দই ৫০০ গ্রাম",
  "Organic Cold-Pressed Extra Virgin Coconut Oil from Kerala Farms, Glass Bottle with Tamper-Evident Seal, Family Value Pack of Two",
];

const nfc = (s: string) => s.normalize("NFC");

/** Where `text` is drawn as consecutive strings (a wrapped cell's lines) at or after `from`: the index after it, or -1. */
function findDrawn(strings: DrawnString[], text: string, from = 0): number {
  const want = nfc(text).split(/\s+/).join(" ");
  for (let start = from; start < strings.length; start++) {
    let got = "";
    for (let end = start; end < strings.length; end++) {
      got = got ? `${got} ${nfc(strings[end]!.text)}` : nfc(strings[end]!.text);
      if (got === want) return end + 1;
      if (!want.startsWith(got)) break;
    }
  }
  return -1;
}

describe("the invoice PDF", () => {
  let pages: DrawnString[][];
  let html: string;
  let productNames: string[];

  beforeAll(async () => {
    const shopper = await newShopper();
    await env.DB.prepare("update users set name = ? where email = ?").bind(BUYER, shopper.email).run();
    const storeId = crypto.getRandomValues(new Uint8Array(12)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "");
    await env.DB.prepare(
      "insert into stores (id, name, address, city, state, legal_name, gstin, fssai_licence) values (?, 'Long Names Store', '12 Test Road', 'Bengaluru', 'Karnataka', ?, '', '')",
    )
      .bind(storeId, LEGAL_NAME)
      .run();
    const products = await Promise.all(NAMES.map((name) => makeProduct({ name, price: 123.45 })));
    productNames = products.map((p) => p.name);
    const orderId = await codOrder(
      shopper.token,
      products.map((p) => ({ productId: p.id, quantity: 1 })),
    );
    await env.DB.prepare("update orders set store_id = ? where id = ?").bind(storeId, orderId).run();
    await deliver(orderId);
    const page = await SELF.fetch(`${BASE}/invoice/${orderId}`, { headers: { Cookie: await sessionCookie(shopper.email) } });
    expect(page.status).toBe(200);
    const body = await page.text();
    html = body.slice(body.indexOf('<article class="invoice-sheet'), body.indexOf("</article>"));
    const pdf = await invoicePdf(orderId, shopper.token);
    expect(pdf.status).toBe(200);
    pages = await pdfStrings(new Uint8Array(await pdf.arrayBuffer()));
  });

  it("gives back every name as written: Devanagari, Tamil and Bengali shaped, the legal and buyer names whole", () => {
    expect(LEGAL_NAME).toHaveLength(120);
    const strings = pages.flat();
    for (const name of [LEGAL_NAME, BUYER, ...productNames]) expect(findDrawn(strings, name), name).toBeGreaterThan(-1);
  });

  it("wraps long names inside their block or column: no drawn string overlaps another or leaves the margins", () => {
    const strings = pages[0]!;
    for (const page of pages) {
      const boxes = page.filter((s) => s.text.trim());
      for (const s of boxes) {
        expect(s.x0, s.text).toBeGreaterThanOrEqual(36 - 0.01);
        expect(s.x1, s.text).toBeLessThanOrEqual(595.28 - 36 + 0.01);
      }
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const a = boxes[i]!;
          const b = boxes[j]!;
          const apartX = a.x1 <= b.x0 + 0.01 || b.x1 <= a.x0 + 0.01;
          const apartY = a.y + 0.75 * a.size <= b.y - 0.2 * b.size + 0.01 || b.y + 0.75 * b.size <= a.y - 0.2 * a.size + 0.01;
          expect(apartX || apartY, `"${a.text}" and "${b.text}" overlap`).toBe(true);
        }
      }
    }
    // The legal name, the buyer's and the long product name each take more than one line.
    for (const name of [LEGAL_NAME, BUYER, productNames[3]!]) {
      const end = findDrawn(strings, name);
      const start = strings.findIndex((s) => nfc(name).startsWith(nfc(s.text)) && s.text.length > 3);
      expect(end - start, name).toBeGreaterThan(1);
    }
  });

  it("lists the same cells as the HTML page, in the same order", () => {
    const decode = (s: string) =>
      s
        .replace(/<!-- -->/g, "")
        .replace(/&#x27;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, "&");
    const table = html.slice(html.indexOf("<table"), html.indexOf("</table>"));
    const cells = [...table.matchAll(/<(td|th)\b[^>]*>([^<]*)<\/\1>/g)].map((m) => decode(m[2]!)).filter(Boolean);
    const parties = [...html.slice(0, html.indexOf("<table")).matchAll(/<p[^>]*>(.*?)<\/p>/g)].map((m) => decode(m[1]!.replace(/<[^>]+>/g, "")));
    const summary = [...html.slice(html.indexOf("</table>")).matchAll(/<(li|dt|dd)\b[^>]*>([^<]*)<\/\1>/g)].map((m) => decode(m[2]!));
    expect(cells.length).toBeGreaterThan(4 * 11);
    const strings = pages.flat();
    let at = 0;
    for (const cell of [...cells, ...summary]) {
      const next = findDrawn(strings, cell, at);
      expect(next, `${cell} after string ${at}`).toBeGreaterThan(-1);
      at = next;
    }
    for (const line of parties) expect(findDrawn(strings, line), line).toBeGreaterThan(-1);
    for (const name of [LEGAL_NAME, BUYER, ...productNames]) expect(html).toContain(name);
  });
});
