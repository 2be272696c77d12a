/**
 * What the invoice tests share: a cash order delivered by hand, the invoice PDF from /api, and the
 * text a PDF shows as a reader extracts it.
 */
import { env, SELF } from "cloudflare:test";
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import { expect } from "vitest";
import { api, VALID_ADDRESS } from "./api-client";
import { BASE } from "./fixtures";

export async function codOrder(token: string, lines: { productId: string; quantity: number }[]) {
  const address = await api("/api/address/create", { method: "POST", token, body: VALID_ADDRESS });
  const res = await api("/api/order/cash-on-delivery", { method: "POST", token, body: { list_items: lines, addressId: address.body.data._id } });
  expect(res.status).toBe(201);
  return res.body.data._id as string;
}

/** Marks an order delivered as the handover does (status and its history row); the handover itself is tested in store-ops. */
export async function deliver(orderId: string) {
  const historyId = crypto.getRandomValues(new Uint8Array(12)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "");
  await env.DB.batch([
    env.DB.prepare("update orders set status = 'delivered' where id = ?").bind(orderId),
    env.DB.prepare("insert into order_status_history (id, order_id, status, note) values (?, ?, 'delivered', 'test')").bind(historyId, orderId),
  ]);
}

export const invoicePdf = (orderId: string, token?: string) =>
  SELF.fetch(`${BASE}/api/order/invoice?_id=${orderId}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });

/**
 * The text a PDF shows, as a reader extracts it: per page, each drawn string (`BT … ET`) of the content streams
 * decoded `<hex> Tj` by `<hex> Tj` through the ToUnicode map of the font selected by the `Tf` before it (the invoice's
 * embedded fonts draw glyph ids, not characters). One line per drawn string.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const latin1 = new TextDecoder("latin1");
  const lines: string[] = [];
  for (const page of pdf.getPages()) {
    const maps = new Map<string, Map<string, string>>();
    const fonts = page.node.Resources()?.lookup(PDFName.of("Font"), PDFDict);
    for (const [name, ref] of fonts?.entries() ?? []) {
      const toUnicode = pdf.context.lookup(ref, PDFDict).lookup(PDFName.of("ToUnicode"));
      expect(toUnicode, `font ${name.asString()} has a ToUnicode map`).toBeInstanceOf(PDFRawStream);
      maps.set(name.asString(), toUnicodeMap(latin1.decode(decodePDFRawStream(toUnicode as PDFRawStream).decode())));
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      const content = latin1.decode(decodePDFRawStream(stream as PDFRawStream).decode());
      let map: Map<string, string> | undefined;
      // One drawn string is one BT … ET, whose runs (one per font) each select their font with Tf.
      for (const block of content.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
        let line = "";
        for (const op of block[1]!.matchAll(/(\/[^\s/]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
          if (op[1]) map = maps.get(op[1]);
          else
            line +=
              op[2]!
                .match(/.{4}/g)
                ?.map((code) => map?.get(code.toUpperCase()) ?? "\uFFFD")
                .join("") ?? "";
        }
        lines.push(line);
      }
    }
  }
  return lines.join("\n");
}

/** A ToUnicode CMap's bfchar and bfrange entries: 4-hex-digit code → the text (UTF-16BE). */
function toUnicodeMap(cmap: string): Map<string, string> {
  const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
  const map = new Map<string, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of block[1]!.matchAll(/<([0-9A-Fa-f]{4})>\s*<([0-9A-Fa-f]*)>/g)) map.set(code!.toUpperCase(), utf16(text!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, text] of block[1]!.matchAll(/<([0-9A-Fa-f]{4})>\s*<([0-9A-Fa-f]{4})>\s*<([0-9A-Fa-f]+)>/g)) {
      for (let code = parseInt(from!, 16), i = 0; code <= parseInt(to!, 16); code++, i++) {
        map.set(
          code.toString(16).toUpperCase().padStart(4, "0"),
          utf16(text!.slice(0, -4) + (parseInt(text!.slice(-4), 16) + i).toString(16).padStart(4, "0")),
        );
      }
    }
  }
  return map;
}

/** One drawn string of a PDF: its text (through ToUnicode), where it starts and ends on its baseline, its size. */
export interface DrawnString {
  text: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
}

/**
 * Each drawn string (`BT … ET`) of a PDF's pages with its box: from the text matrix of each `Tj` and
 * the widths of its CIDs in the font's /W array, as a viewer places them.
 */
export async function pdfStrings(bytes: Uint8Array): Promise<DrawnString[][]> {
  const pdf = await PDFDocument.load(bytes);
  const latin1 = new TextDecoder("latin1");
  const pages: DrawnString[][] = [];
  for (const page of pdf.getPages()) {
    const fonts = new Map<string, { map: Map<string, string>; widths: Map<number, number> }>();
    for (const [name, ref] of page.node.Resources()?.lookup(PDFName.of("Font"), PDFDict)?.entries() ?? []) {
      const font = pdf.context.lookup(ref, PDFDict);
      const map = toUnicodeMap(latin1.decode(decodePDFRawStream(font.lookup(PDFName.of("ToUnicode")) as PDFRawStream).decode()));
      const cidFont = font.lookup(PDFName.of("DescendantFonts"), PDFArray).lookup(0, PDFDict);
      const w = cidFont.lookup(PDFName.of("W"), PDFArray);
      const widths = new Map<number, number>();
      for (let i = 0; i < w.size(); i += 2) {
        const first = Number(w.lookup(i)!.toString());
        w.lookup(i + 1, PDFArray)
          .asArray()
          .forEach((n, k) => widths.set(first + k, Number(n.toString())));
      }
      fonts.set(name.asString(), { map, widths });
    }
    const strings: DrawnString[] = [];
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      const content = latin1.decode(decodePDFRawStream(stream as PDFRawStream).decode());
      for (const block of content.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
        let font: { map: Map<string, string>; widths: Map<number, number> } | undefined;
        let size = 0;
        const drawn: DrawnString = { text: "", x0: Infinity, x1: -Infinity, y: NaN, size: 0 };
        for (const op of block[1]!.matchAll(/(\/[^\s/]+)\s+([\d.]+)\s+Tf|1 0 0 1 ([-\d.]+) ([-\d.]+) Tm <([0-9A-Fa-f]*)>\s*Tj/g)) {
          if (op[1]) {
            font = fonts.get(op[1]);
            size = Number(op[2]);
            continue;
          }
          const codes = op[5]!.match(/.{4}/g) ?? [];
          const x = Number(op[3]);
          const width = codes.reduce((sum, code) => sum + (font?.widths.get(parseInt(code, 16)) ?? 0), 0) * (size / 1000);
          drawn.text += codes.map((code) => font?.map.get(code.toUpperCase()) ?? "\uFFFD").join("");
          drawn.x0 = Math.min(drawn.x0, x);
          drawn.x1 = Math.max(drawn.x1, x + width);
          if (Number.isNaN(drawn.y)) drawn.y = Number(op[4]);
          drawn.size = Math.max(drawn.size, size);
        }
        strings.push(drawn);
      }
    }
    pages.push(strings);
  }
  return pages;
}
