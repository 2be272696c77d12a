/**
 * A small PDF writer for the invoice (decision 045): pages of shaped text and rules, fonts embedded
 * whole (they are already cut to what an invoice prints) as CID fonts, streams deflated with the
 * platform's CompressionStream. It replaces pdf-lib, fontkit and pako in the worker.
 *
 * Extraction gives the text back as written, shaped scripts included: each (glyph, advance, text)
 * gets a CID of its own (CIDToGIDMap points it at the glyph), so the ToUnicode map can say, for the
 * glyphs of one cluster in visual order, which characters each stands for, and the widths are the
 * shaped advances; every drawn string is also marked with its /ActualText.
 */
import type { FontKey, ShapedRun } from "./shaper";

const encoder = new TextEncoder();

/** UTF-16BE hex of a string, as PDF text strings and ToUnicode targets are written. */
function utf16Hex(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) out += text.charCodeAt(i).toString(16).padStart(4, "0");
  return out.toUpperCase();
}

const num = (n: number) => (Math.round(n * 100) / 100).toString();

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** What a font descriptor needs, read from the font's head and hhea tables (PDF units: 1000 per em). */
function fontMetrics(bytes: ArrayBuffer) {
  const view = new DataView(bytes);
  const tables = new Map<string, number>();
  for (let i = 0, count = view.getUint16(4); i < count; i++) {
    const at = 12 + 16 * i;
    tables.set(String.fromCharCode(...new Uint8Array(bytes, at, 4)), view.getUint32(at + 8));
  }
  const head = tables.get("head")!;
  const hhea = tables.get("hhea")!;
  const upem = view.getUint16(head + 18);
  const scale = (v: number) => Math.round((v * 1000) / upem);
  return {
    bbox: [view.getInt16(head + 36), view.getInt16(head + 38), view.getInt16(head + 40), view.getInt16(head + 42)].map(scale),
    ascent: scale(view.getInt16(hhea + 4)),
    descent: scale(view.getInt16(hhea + 6)),
  };
}

/** Deflated font files, made once per isolate. */
const deflatedFonts = new Map<FontKey, Promise<Uint8Array>>();

interface FontUse {
  name: string;
  resource: string;
  bytes: ArrayBuffer;
  upem: number;
  /** `${gid} ${advance} ${text}` → CID */
  cids: Map<string, number>;
  glyphOf: number[];
  textOf: string[];
  widthOf: number[];
}

const FONT_NAMES: Record<FontKey, string> = {
  regular: "DejaVuSansCondensed",
  bold: "DejaVuSansCondensed-Bold",
  devanagari: "NotoSansDevanagari-Regular",
  bengali: "NotoSansBengali-Regular",
  tamil: "NotoSansTamil-Regular",
};

export interface PdfMeta {
  title: string;
  subject: string;
  author: string;
}

export class PdfWriter {
  private readonly pages: string[][] = [];
  private readonly fonts = new Map<FontKey, FontUse>();

  constructor(
    private readonly fontBytes: Record<FontKey, ArrayBuffer>,
    readonly width: number,
    readonly height: number,
  ) {}

  addPage(): void {
    this.pages.push([]);
  }

  private get ops(): string[] {
    return this.pages.at(-1)!;
  }

  private use(key: FontKey, upem: number): FontUse {
    let font = this.fonts.get(key);
    if (!font) {
      font = {
        name: FONT_NAMES[key],
        resource: `F${this.fonts.size + 1}`,
        bytes: this.fontBytes[key],
        upem,
        cids: new Map(),
        glyphOf: [0],
        textOf: [""],
        widthOf: [0],
      };
      this.fonts.set(key, font);
    }
    return font;
  }

  /** The CID of a glyph standing for `text` and advancing by `advance` (font units). */
  private cid(font: FontUse, gid: number, text: string, advance: number): number {
    const key = `${gid} ${advance} ${text}`;
    let cid = font.cids.get(key);
    if (cid === undefined) {
      cid = font.glyphOf.length;
      font.cids.set(key, cid);
      font.glyphOf.push(gid);
      font.textOf.push(text);
      font.widthOf.push(Math.round((advance * 1000) / font.upem));
    }
    return cid;
  }

  /**
   * Draws shaped runs from (x, y) at a size; `text` is what they spell, for extraction. A glyph's CID
   * carries HarfBuzz's advance as its width, so a viewer advances exactly as shaped and the glyphs
   * of a run go out as one string; a glyph HarfBuzz moved (a mark's offset) is placed on its own,
   * with its width less its shift, so the string goes on where it would have.
   */
  text(runs: ShapedRun[], text: string, x: number, y: number, size: number, gray = 0.1): void {
    if (!runs.some((run) => run.glyphs.length)) return;
    const ops = [`/Span <</ActualText <FEFF${utf16Hex(text)}>>> BDC`, "BT", `${gray} g`];
    let pen = x;
    for (const run of runs) {
      const font = this.use(run.font, run.upem);
      const scale = size / run.upem;
      ops.push(`/${font.resource} ${num(size)} Tf`);
      let chunk = "";
      let chunkX = pen;
      const flush = () => {
        if (chunk) ops.push(`1 0 0 1 ${num(chunkX)} ${num(y)} Tm <${chunk}> Tj`);
        chunk = "";
      };
      for (const glyph of run.glyphs) {
        const hex = this.cid(font, glyph.gid, glyph.text, glyph.advance - glyph.dx)
          .toString(16)
          .padStart(4, "0")
          .toUpperCase();
        if (glyph.dx || glyph.dy) {
          flush();
          ops.push(`1 0 0 1 ${num(pen + glyph.dx * scale)} ${num(y + glyph.dy * scale)} Tm <${hex}> Tj`);
        } else {
          if (!chunk) chunkX = pen;
          chunk += hex;
        }
        pen += glyph.advance * scale;
      }
      flush();
    }
    ops.push("ET", "EMC");
    this.ops.push(...ops);
  }

  line(x1: number, y1: number, x2: number, y2: number, thickness = 0.5, gray = 0.6): void {
    this.ops.push(`${gray} G ${num(thickness)} w ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`);
  }

  async save(meta: PdfMeta): Promise<Uint8Array> {
    const objects: (string | { dict: string; data: Uint8Array })[] = [];
    const add = (object: string | { dict: string; data: Uint8Array }) => objects.push(object);
    const reserve = () => objects.push("") as number;
    const catalog = reserve();
    const pagesId = reserve();
    const fontRefs: string[] = [];
    for (const [key, font] of this.fonts) {
      let file = deflatedFonts.get(key);
      if (!file) deflatedFonts.set(key, (file = deflate(new Uint8Array(font.bytes))));
      const fileId = add({ dict: `/Length1 ${font.bytes.byteLength} /Filter /FlateDecode`, data: await file });
      const m = fontMetrics(font.bytes);
      const descriptor = add(
        `<< /Type /FontDescriptor /FontName /${font.name} /Flags 4 /FontBBox [${m.bbox.join(" ")}] /ItalicAngle 0 /Ascent ${m.ascent} /Descent ${m.descent} /CapHeight ${m.ascent} /StemV 80 /FontFile2 ${fileId} 0 R >>`,
      );
      const map = new Uint8Array(font.glyphOf.length * 2);
      font.glyphOf.forEach((gid, cid) => {
        map[cid * 2] = gid >> 8;
        map[cid * 2 + 1] = gid & 0xff;
      });
      const cidToGid = add({ dict: "/Filter /FlateDecode", data: await deflate(map) });
      const cidFont = add(
        `<< /Type /Font /Subtype /CIDFontType2 /BaseFont /${font.name} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ${descriptor} 0 R /W [1 [${font.widthOf.slice(1).join(" ")}]] /DW 0 /CIDToGIDMap ${cidToGid} 0 R >>`,
      );
      const entries = font.textOf.slice(1).map((text, i) => `<${(i + 1).toString(16).padStart(4, "0").toUpperCase()}> <${utf16Hex(text)}>`);
      const blocks: string[] = [];
      for (let i = 0; i < entries.length; i += 100)
        blocks.push(`${Math.min(100, entries.length - i)} beginbfchar\n${entries.slice(i, i + 100).join("\n")}\nendbfchar`);
      const cmap = [
        "/CIDInit /ProcSet findresource begin",
        "12 dict begin",
        "begincmap",
        "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
        "/CMapName /Adobe-Identity-UCS def",
        "/CMapType 2 def",
        "1 begincodespacerange",
        "<0000> <FFFF>",
        "endcodespacerange",
        ...blocks,
        "endcmap",
        "CMapName currentdict /CMap defineresource pop",
        "end",
        "end",
      ].join("\n");
      const toUnicode = add({ dict: "/Filter /FlateDecode", data: await deflate(encoder.encode(cmap)) });
      const type0 = add(
        `<< /Type /Font /Subtype /Type0 /BaseFont /${font.name} /Encoding /Identity-H /DescendantFonts [${cidFont} 0 R] /ToUnicode ${toUnicode} 0 R >>`,
      );
      fontRefs.push(`/${font.resource} ${type0} 0 R`);
    }
    const pageIds: number[] = [];
    for (const ops of this.pages) {
      const content = add({ dict: "/Filter /FlateDecode", data: await deflate(encoder.encode(ops.join("\n"))) });
      pageIds.push(
        add(
          `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${num(this.width)} ${num(this.height)}] /Resources << /Font << ${fontRefs.join(" ")} >> >> /Contents ${content} 0 R >>`,
        ),
      );
    }
    objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R >>`;
    objects[pagesId - 1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`;
    const info = add(
      `<< /Title <FEFF${utf16Hex(meta.title)}> /Subject <FEFF${utf16Hex(meta.subject)}> /Author <FEFF${utf16Hex(meta.author)}> /Creator <FEFF${utf16Hex(meta.author)}> /Producer (grocery-invoice) >>`,
    );

    const parts: Uint8Array[] = [encoder.encode("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n")];
    let length = parts[0]!.byteLength;
    const offsets: number[] = [];
    const push = (bytes: Uint8Array) => {
      parts.push(bytes);
      length += bytes.byteLength;
    };
    objects.forEach((object, i) => {
      offsets.push(length);
      if (typeof object === "string") push(encoder.encode(`${i + 1} 0 obj\n${object}\nendobj\n`));
      else {
        push(encoder.encode(`${i + 1} 0 obj\n<< ${object.dict} /Length ${object.data.byteLength} >>\nstream\n`));
        push(object.data);
        push(encoder.encode("\nendstream\nendobj\n"));
      }
    });
    const xref = length;
    push(
      encoder.encode(
        `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
      ),
    );
    const out = new Uint8Array(length);
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.byteLength;
    }
    return out;
  }
}
