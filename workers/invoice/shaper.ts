/**
 * Text shaping for the invoice PDF (decision 045): HarfBuzz (harfbuzzjs's WebAssembly build, called
 * through its C API directly: five imports, no Emscripten glue) turns each run of text into glyphs
 * and positions in the font that covers its script. Latin, ₹ and punctuation are set in DejaVu Sans
 * Condensed; Devanagari, Bengali and Tamil in Noto Sans of that script, shaped (conjuncts, reordered
 * and split vowel signs, mark positions). A character no font has prints "?".
 *
 * The wasm module and the font bytes are given by the caller (the worker imports them as modules;
 * Node tests and benches read the files), so this file runs in both.
 */

export type FontKey = "regular" | "bold" | "devanagari" | "bengali" | "tamil";

export interface FontBytes {
  regular: ArrayBuffer;
  bold: ArrayBuffer;
  devanagari: ArrayBuffer;
  bengali: ArrayBuffer;
  tamil: ArrayBuffer;
}

/** One glyph as drawn: its id, where it sits relative to the pen (font units) and the text it stands for. */
interface ShapedGlyph {
  gid: number;
  /** HarfBuzz's advance and offsets, font units. */
  advance: number;
  dx: number;
  dy: number;
  /** The characters this glyph stands for in extraction (a cluster's text spread over its glyphs in visual order). */
  text: string;
}

export interface ShapedRun {
  font: FontKey;
  upem: number;
  glyphs: ShapedGlyph[];
  /** Sum of advances, font units. */
  advance: number;
}

interface Hb {
  memory: WebAssembly.Memory;
  malloc(size: number): number;
  free(ptr: number): void;
  __wasm_call_ctors(): void;
  hb_blob_create(data: number, length: number, mode: number, user: number, destroy: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_get_upem(face: number): number;
  hb_font_create(face: number): number;
  hb_font_get_nominal_glyph(font: number, unicode: number, glyph: number): number;
  hb_buffer_create(): number;
  hb_buffer_clear_contents(buffer: number): void;
  hb_buffer_add_utf16(buffer: number, text: number, length: number, offset: number, itemLength: number): void;
  hb_buffer_guess_segment_properties(buffer: number): void;
  hb_buffer_get_length(buffer: number): number;
  hb_buffer_get_glyph_infos(buffer: number, length: number): number;
  hb_buffer_get_glyph_positions(buffer: number, length: number): number;
  hb_shape(font: number, buffer: number, features: number, featureCount: number): void;
}

const HB_MEMORY_MODE_READONLY = 1;

function scriptFont(cp: number): FontKey | null {
  if ((cp >= 0x0900 && cp <= 0x097f) || (cp >= 0xa8e0 && cp <= 0xa8ff) || (cp >= 0x1cd0 && cp <= 0x1cff)) return "devanagari";
  if (cp >= 0x0980 && cp <= 0x09ff) return "bengali";
  if ((cp >= 0x0b80 && cp <= 0x0bff) || (cp >= 0x11fc0 && cp <= 0x11fff)) return "tamil";
  return null;
}

/** Characters that belong to the script run around them (joiners, dandas, the dotted circle). */
const JOINS_RUN = new Set([0x200c, 0x200d, 0x0964, 0x0965, 0x25cc]);

export class Shaper {
  private readonly hb: Hb;
  private readonly fonts = new Map<FontKey, { font: number; upem: number }>();
  private readonly buffer: number;
  private readonly scratch: number;

  static async create(wasm: WebAssembly.Module, bytes: FontBytes): Promise<Shaper> {
    // The instance's memory, known once it exists; HarfBuzz grows it through the import below.
    const heap: { memory?: WebAssembly.Memory } = {};
    const fail = () => {
      throw new Error("HarfBuzz aborted");
    };
    const instance = await WebAssembly.instantiate(wasm, {
      env: {
        _abort_js: fail,
        _emscripten_runtime_keepalive_clear: () => {},
        _setitimer_js: () => 0,
        emscripten_resize_heap: (requested: number) => {
          const grow = Math.ceil(((requested >>> 0) - heap.memory!.buffer.byteLength) / 65536);
          try {
            heap.memory!.grow(grow);
            return 1;
          } catch {
            return 0;
          }
        },
      },
      wasi_snapshot_preview1: { proc_exit: fail },
    });
    const hb = instance.exports as unknown as Hb;
    heap.memory = hb.memory;
    hb.__wasm_call_ctors();
    return new Shaper(hb, bytes);
  }

  private constructor(
    hb: Hb,
    private readonly bytes: FontBytes,
  ) {
    this.hb = hb;
    this.buffer = hb.hb_buffer_create();
    this.scratch = hb.malloc(8);
  }

  private face(key: FontKey): { font: number; upem: number } {
    let found = this.fonts.get(key);
    if (!found) {
      const hb = this.hb;
      const data = new Uint8Array(this.bytes[key]);
      // Kept for the isolate's life: faces read the font in place.
      const ptr = hb.malloc(data.byteLength);
      new Uint8Array(hb.memory.buffer, ptr, data.byteLength).set(data);
      const blob = hb.hb_blob_create(ptr, data.byteLength, HB_MEMORY_MODE_READONLY, 0, 0);
      const face = hb.hb_face_create(blob, 0);
      found = { font: hb.hb_font_create(face), upem: hb.hb_face_get_upem(face) };
      this.fonts.set(key, found);
    }
    return found;
  }

  private has(key: FontKey, cp: number): boolean {
    return this.hb.hb_font_get_nominal_glyph(this.face(key).font, cp, this.scratch) !== 0;
  }

  /**
   * Splits text into runs of one font each: a script's letters go to its Noto face, everything else
   * to DejaVu (regular or bold). What the chosen font lacks becomes "?" in DejaVu.
   */
  private itemize(text: string, bold: boolean): { font: FontKey; text: string }[] {
    const latin: FontKey = bold ? "bold" : "regular";
    const runs: { font: FontKey; text: string }[] = [];
    for (const char of text) {
      const cp = char.codePointAt(0)!;
      const previous = runs.at(-1);
      let font: FontKey = scriptFont(cp) ?? (JOINS_RUN.has(cp) && previous && previous.font !== latin ? previous.font : latin);
      let out = char;
      if (!this.has(font, cp)) {
        font = latin;
        out = "?";
      }
      if (previous?.font === font) previous.text += out;
      else runs.push({ font, text: out });
    }
    return runs;
  }

  /** Text shaped into runs, left to right. */
  shape(text: string, bold = false): ShapedRun[] {
    return this.itemize(text, bold).map(({ font: key, text: runText }) => {
      const hb = this.hb;
      const { font, upem } = this.face(key);
      const units = runText.length;
      const textPtr = hb.malloc(units * 2);
      const view = new Uint16Array(hb.memory.buffer, textPtr, units);
      for (let i = 0; i < units; i++) view[i] = runText.charCodeAt(i);
      hb.hb_buffer_clear_contents(this.buffer);
      hb.hb_buffer_add_utf16(this.buffer, textPtr, units, 0, units);
      hb.hb_buffer_guess_segment_properties(this.buffer);
      hb.hb_shape(font, this.buffer, 0, 0);
      hb.free(textPtr);
      const count = hb.hb_buffer_get_length(this.buffer);
      const infos = new Uint32Array(hb.memory.buffer, hb.hb_buffer_get_glyph_infos(this.buffer, 0), count * 5);
      const positions = new Int32Array(hb.memory.buffer, hb.hb_buffer_get_glyph_positions(this.buffer, 0), count * 5);
      // Each cluster's text (UTF-16 offsets; monotone, so a cluster's glyphs are side by side) is
      // spread over its glyphs in visual order, one code point each and the rest on the last, so
      // reading the glyphs left to right gives the text back.
      const glyphs: ShapedGlyph[] = [];
      for (let i = 0; i < count;) {
        const cluster = infos[i * 5 + 2]!;
        let j = i + 1;
        while (j < count && infos[j * 5 + 2] === cluster) j++;
        const end = j < count ? infos[j * 5 + 2]! : units;
        const clusterText = runText.slice(cluster, end);
        let points = j - i === 1 ? [clusterText] : [...clusterText];
        // More glyphs than characters: a split vowel sign (Tamil ொ, Bengali ো) is drawn as its two
        // canonical parts, so the decomposed text has one character per glyph (equal under NFC).
        if (points.length < j - i) points = [...clusterText.normalize("NFD")];
        for (let k = i; k < j; k++) {
          const index = k - i;
          const gid = infos[k * 5]!;
          glyphs.push({
            gid,
            advance: positions[k * 5]!,
            dx: positions[k * 5 + 2]!,
            dy: positions[k * 5 + 3]!,
            text: k === j - 1 ? points.slice(index).join("") : (points[index] ?? ""),
          });
        }
        i = j;
      }
      return { font: key, upem, glyphs, advance: glyphs.reduce((sum, g) => sum + g.advance, 0) };
    });
  }

  /** Width of the text at a size, points. */
  measure(text: string, size: number, bold = false): number {
    return this.shape(text, bold).reduce((sum, run) => sum + (run.advance / run.upem) * size, 0);
  }
}
