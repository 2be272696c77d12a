/**
 * Draws the installable app's icons (public/icons/*.png, committed) from one SVG in the store's
 * palette: the brand green behind a shopping bag in the accent yellow with a green bolt, the
 * "dash" of FreshDash. Run `npx tsx scripts/make-icons.ts` after changing the drawing. The PNGs are
 * screenshots of the SVG in the Chromium the e2e tests use, so no image library is needed.
 *
 * - `icon-192.png`, `icon-512.png` (purpose "any"): a rounded square, transparent corners;
 * - `icon-maskable-512.png`, `icon-maskable-192.png` (purpose "maskable"): the green fills the
 *   square and the bag stays inside the central 80 % circle every mask keeps;
 * - `apple-touch-icon.png` (180 px): iOS wants it opaque and rounds it itself, so the maskable drawing.
 */
import { chromium } from "@playwright/test";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { root } from "./local-store";

const BRAND = "#0b7d1d";
const ACCENT = "#f8cb46";
const ACCENT_INK = "#a87800";

/** The bag and bolt on a 100 × 100 grid, centred; `scale` shrinks it about the centre. */
function glyph(scale: number) {
  return `<g transform="translate(50 50) scale(${scale}) translate(-50 -50)">
    <path d="M34 34 V28 a16 16 0 0 1 32 0 V34" fill="none" stroke="${ACCENT}" stroke-width="6" stroke-linecap="round"/>
    <path d="M20 34 H80 L75 86 a6 6 0 0 1 -6 5 H31 a6 6 0 0 1 -6 -5 Z" fill="${ACCENT}" stroke="${ACCENT_INK}" stroke-width="2" stroke-linejoin="round"/>
    <path d="M55 42 L38 66 H50 L45 84 L63 58 H51 Z" fill="${BRAND}"/>
  </g>`;
}

function svg(kind: "any" | "maskable") {
  const background = kind === "any" ? `<rect width="100" height="100" rx="22" fill="${BRAND}"/>` : `<rect width="100" height="100" fill="${BRAND}"/>`;
  // Maskable: the safe zone is a circle of radius 40 about the centre; the bag's corners at 0.62
  // stay within it.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${background}${glyph(kind === "any" ? 0.8 : 0.62)}</svg>`;
}

const outputs: { file: string; kind: "any" | "maskable"; size: number }[] = [
  { file: "icon-192.png", kind: "any", size: 192 },
  { file: "icon-512.png", kind: "any", size: 512 },
  { file: "icon-maskable-192.png", kind: "maskable", size: 192 },
  { file: "icon-maskable-512.png", kind: "maskable", size: 512 },
  { file: "apple-touch-icon.png", kind: "maskable", size: 180 },
];

const dir = path.join(root, "public", "icons");
mkdirSync(dir, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  for (const { file, kind, size } of outputs) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const style = "margin:0;background:transparent";
    await page.setContent(
      `<html><body style="${style}"><div style="width:${size}px;height:${size}px">${svg(kind).replace("<svg ", `<svg width="${size}" height="${size}" `)}</div></body></html>`,
    );
    writeFileSync(path.join(dir, file), await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }));
    await page.close();
    console.log(`public/icons/${file} (${size} × ${size}, ${kind})`);
  }
} finally {
  await browser.close();
}
