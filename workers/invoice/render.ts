/**
 * The invoice PDF (decision 045): the document's one description (app/lib/invoice/layout.ts) drawn
 * on A4 pages, every string shaped by HarfBuzz and broken into lines by its measured width, so a long
 * name wraps inside its column or block and never runs into the next one.
 */
import { type DocumentLayout, PAGE, partyLineText, wrapText } from "../../app/lib/invoice/layout";
import { PdfWriter } from "./pdf";
import type { FontBytes, Shaper } from "./shaper";

const { width: PAGE_WIDTH, height: PAGE_HEIGHT, margin: MARGIN } = PAGE;
/** The smallest size an amount is set at before it wraps instead. */
const SMALLEST_AMOUNT = 5.5;

export async function renderLayoutPdf(layout: DocumentLayout, shaper: Shaper, fonts: FontBytes): Promise<Uint8Array> {
  const pdf = new PdfWriter({ ...fonts }, PAGE_WIDTH, PAGE_HEIGHT);
  pdf.addPage();
  let y = PAGE_HEIGHT - MARGIN;
  // Widths add up across spaces (a space always ends a shaped run: no kerning or ligature spans
  // one), so each word is shaped once however often line breaking tries it.
  const widths = new Map<string, number>();
  const space = { regular: shaper.measure(" ", 1), bold: shaper.measure(" ", 1, true) };
  const measure = (text: string, size: number, bold = false) => {
    let total = 0;
    const words = text.split(" ");
    for (const word of words) {
      const key = `${bold ? "b" : "r"}${word}`;
      let w = widths.get(key);
      if (w === undefined) widths.set(key, (w = shaper.measure(word, 1, bold)));
      total += w;
    }
    return (total + (words.length - 1) * (bold ? space.bold : space.regular)) * size;
  };
  const draw = (text: string, x: number, at: number, size: number, bold = false, gray = 0.1) => pdf.text(shaper.shape(text, bold), text, x, at, size, gray);
  /** Draws text wrapped to a width from the current line down; returns the lines' count. */
  const paragraph = (text: string, x: number, top: number, width: number, size: number, bold = false, leading = size + 2.5, gray = 0.1) => {
    const lines = wrapText(text, width, (s) => measure(s, size, bold));
    lines.forEach((line, i) => draw(line, x, top - i * leading, size, bold, gray));
    return lines.length * leading;
  };
  const newPageIfBelow = (room: number) => {
    if (y - room > MARGIN) return false;
    pdf.addPage();
    y = PAGE_HEIGHT - MARGIN;
    return true;
  };

  // Title on the left, the header rows on the right.
  const headerX = 360;
  const titleHeight = paragraph(layout.title.toUpperCase(), MARGIN, y, headerX - MARGIN - 12, 16, true, 19);
  let headerY = y;
  layout.headerRows.forEach((row, i) => {
    const first = i === 0;
    headerY -= paragraph(`${row.label} ${row.value}`, headerX, headerY, PAGE_WIDTH - MARGIN - headerX, first ? 10 : 8, first, first ? 14 : 11);
  });
  y = Math.min(y - titleHeight, headerY) - 12;

  // The parties side by side, each wrapped to its half.
  const partyTop = y;
  let partyBottom = y;
  const half = (PAGE_WIDTH - 2 * MARGIN) / 2;
  layout.parties.forEach((party, i) => {
    const x = MARGIN + i * (half + 8);
    let at = partyTop;
    at -= paragraph(party.heading, x, at, half - 8, 8, true, 12);
    for (const line of party.lines) at -= paragraph(partyLineText(line), x, at, half - 8, 8, false, 11, line.muted ? 0.35 : 0.1);
    partyBottom = Math.min(partyBottom, at);
  });
  y = partyBottom - 10;

  // The table: each cell wrapped to its column; a row is as tall as its tallest cell.
  const { columns } = layout.table;
  const PAD = 3;
  const cellLines = (text: string, width: number, kind: "text" | "amount", size: number, bold: boolean) => {
    let cellSize = size;
    if (kind === "amount") while (cellSize > SMALLEST_AMOUNT && measure(text, cellSize, bold) > width) cellSize -= 0.25;
    return { size: cellSize, lines: wrapText(text, width, (s) => measure(s, cellSize, bold)) };
  };
  const row = (cells: { text: string; span?: number }[], bold: boolean, size = 7.5) => {
    const leading = size + 2.5;
    let x = MARGIN;
    let column = 0;
    const laid = cells.map((cell) => {
      const span = cell.span ?? 1;
      const covered = columns.slice(column, column + span);
      const width = covered.reduce((sum, c) => sum + c.width, 0) - PAD;
      const first = covered[0]!;
      const at = { x, width, align: span > 1 ? "left" : first.align, ...cellLines(cell.text, width, span > 1 ? "text" : first.kind, size, bold) };
      x += width + PAD;
      column += span;
      return at;
    });
    const height = Math.max(...laid.map((c) => c.lines.length)) * leading;
    return {
      height,
      draw: () => {
        for (const cell of laid) {
          cell.lines.forEach((line, i) => {
            const w = measure(line, cell.size, bold);
            draw(line, cell.align === "right" ? cell.x + cell.width - w : cell.x, y - i * leading, cell.size, bold);
          });
        }
        y -= height + 2;
      },
    };
  };
  const rule = () => pdf.line(MARGIN, y + 8, PAGE_WIDTH - MARGIN, y + 8);
  const header = () => {
    row(
      columns.map((c) => ({ text: c.title })),
      true,
    ).draw();
    rule();
  };
  header();
  for (const body of layout.table.body) {
    const laid = row(body.cells, false);
    if (newPageIfBelow(laid.height + 30)) header();
    laid.draw();
  }
  rule();
  for (const foot of layout.table.foot) {
    const laid = row(foot.cells, true);
    newPageIfBelow(laid.height + 10);
    laid.draw();
  }
  y -= 8;

  // The tax summary, then what was paid: labels wrap in their room, amounts right-aligned.
  newPageIfBelow(80 + 12 * layout.taxSummary.lines.length);
  y -= paragraph(layout.taxSummary.heading, MARGIN, y, PAGE_WIDTH - 2 * MARGIN, 9, true, 12);
  for (const line of layout.taxSummary.lines) y -= paragraph(line, MARGIN, y, PAGE_WIDTH - 2 * MARGIN, 8, false, 11);
  y -= 6;
  const labelX = 300;
  for (const s of layout.summary) {
    newPageIfBelow(24);
    const valueWidth = measure(s.value, 8.5, s.strong);
    const labelWidth = PAGE_WIDTH - MARGIN - labelX - valueWidth - 8;
    const top = y;
    y -= paragraph(s.label, labelX, y, labelWidth, 8.5, s.strong, 12);
    if (s.note) y -= paragraph(s.note, labelX, y + 2, labelWidth, 7, false, 11) - 2;
    draw(s.value, PAGE_WIDTH - MARGIN - valueWidth, top, 8.5, s.strong);
  }
  y -= 10;
  for (const note of layout.notes) {
    newPageIfBelow(12);
    y -= paragraph(note, MARGIN, y, PAGE_WIDTH - 2 * MARGIN, 7, false, 10);
  }
  return pdf.save(layout.meta);
}
