/**
 * Makes the invoice PDF worker's fonts (decisions 031, 045): DejaVu Sans Condensed and its bold, cut
 * down to the characters an invoice prints, so the worker bundle carries ~2 × 23 KB instead of
 * ~1.35 MB; and Noto Sans Devanagari, Bengali and Tamil, each cut to its script. A PDF embeds the
 * fonts it uses whole (workers/invoice/pdf.ts).
 *
 *   npx tsx scripts/subset-invoice-fonts.ts [fonts directory]
 *
 * The directory defaults to Debian's fonts-dejavu (/usr/share/fonts/truetype/dejavu, DejaVu 2.37).
 * It writes workers/invoice/fonts/*.ttf; their licence is workers/invoice/fonts/LICENSE. Run it
 * again only to change the character set below (and say so in the decision).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";

/** Inclusive code point ranges DejaVu keeps; the Indian scripts below have fonts of their own, anything else prints "?". */
const INVOICE_CHARACTERS: [number, number][] = [
  [0x20, 0x7e], // ASCII
  [0xa0, 0x17f], // Latin-1 and Latin Extended-A: names with accents, ×, °, ½
  [0x2010, 0x2027], // dashes, quotes, bullet, ellipsis
  [0x2030, 0x203a], // per mille, primes, angle quotes
  [0x20b9], // ₹ INDIAN RUPEE SIGN
  [0x2122], // ™
  [0x2212], // − MINUS SIGN (the HTML invoice's discounts)
].map(([from, to = from]) => [from, to] as [number, number]);

const source = process.argv[2] ?? "/usr/share/fonts/truetype/dejavu";
const out = path.join(import.meta.dirname, "..", "workers", "invoice", "fonts");
const text = INVOICE_CHARACTERS.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i))).join("");

/**
 * Indian scripts (decision 045): Noto Sans cut to one script's block, from the Google Fonts files
 * that @fontsource ships (dev dependencies), keeping GSUB/GPOS: the worker shapes these runs with
 * HarfBuzz (conjuncts, reordered vowel signs). Regular only: bold text in these scripts prints regular.
 */
const INDIC: { file: string; font: string; ranges: [number, number][] }[] = [
  {
    file: "noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff",
    font: "NotoSansDevanagari",
    ranges: [
      [0x0900, 0x097f],
      [0xa8e0, 0xa8ff],
      [0x1cd0, 0x1cff],
    ],
  },
  { file: "noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff", font: "NotoSansBengali", ranges: [[0x0980, 0x09ff]] },
  {
    file: "noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff",
    font: "NotoSansTamil",
    ranges: [
      [0x0b80, 0x0bff],
      [0x11fc0, 0x11fff],
    ],
  },
];
// Joiners, the dandas the scripts share and the dotted circle HarfBuzz draws under a lone mark.
const INDIC_COMMON = "\u200c\u200d\u0964\u0965\u25cc";
for (const { file, font, ranges } of INDIC) {
  const full = readFileSync(path.join(import.meta.dirname, "..", "node_modules", "@fontsource", file));
  const chars = ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i))).join("");
  const subset = await subsetFont(full, chars + INDIC_COMMON, { targetFormat: "sfnt", noHinting: true });
  writeFileSync(path.join(out, `${font}.ttf`), subset);
  console.log(`${font}.ttf: ${full.byteLength} (woff) → ${subset.byteLength} bytes`);
}

for (const name of ["DejaVuSansCondensed", "DejaVuSansCondensed-Bold"]) {
  const full = readFileSync(path.join(source, `${name}.ttf`));
  // No layout tables (the worker sets one glyph per character, no ligatures or kerning) and no
  // hinting (PDF viewers scale outlines): smaller fonts to bundle and embed.
  const subset = await subsetFont(full, text, { targetFormat: "sfnt", noHinting: true, dropTables: ["GSUB", "GPOS", "GDEF", "kern"] });
  writeFileSync(path.join(out, `${name}.ttf`), subset);
  console.log(`${name}.ttf: ${full.byteLength} → ${subset.byteLength} bytes`);
}
