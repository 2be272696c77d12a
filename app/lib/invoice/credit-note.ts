/**
 * A GST credit note's arithmetic (decision 044), pure and in integer paise: what one refund reverses
 * of an issued invoice, line by line, at the invoice's own rates and its own split (CGST + SGST or
 * IGST). The note's total is exactly the refund, so the invoice's amount paid minus its credit
 * notes is always what the shopper kept paid.
 *
 * The rules:
 * 1. The refund goes to the invoice's lines first (their value not yet reversed by earlier notes),
 *    then to the tip (not a supply: no GST), then, for a cash order rounded up, to its round off.
 *    More than is left is refused.
 * 2. With `lines` (invoice line and quantity) the items' part is shared among those lines in
 *    proportion to the value of the quantities named; without, among all lines by what is left of
 *    each. No line is ever reversed beyond its value.
 * 3. Tax is reversed cumulatively: after all notes on a line its reversed value is V(c) and its
 *    reversed tax is the tax of V(c) taken out as the invoice took it (and exactly the invoice's
 *    tax once the whole line is reversed), so the notes of a fully refunded invoice reverse its
 *    taxable value and every tax to the paisa.
 */
import type { InvoiceMaths } from "./maths";
import { extractTax, financialYearCode, prorate } from "./maths";

type Line = InvoiceMaths["lines"][number];

/** A credit note's line: a reversal of part of the invoice's line `invoiceLine` (its index). */
export type CreditNoteLine = Line & { invoiceLine: number };

export interface CreditRequest {
  /** Paise refunded (> 0). */
  amount: number;
  /** The invoice lines (index in the invoice) and quantities refunded; absent: the whole invoice, pro rata. */
  lines?: readonly { line: number; quantity: number }[];
}

/** Why a credit cannot be made: bad input (400: not an amount, a line that is not on the invoice) or more than is left (409). */
export class CreditRefused extends Error {
  constructor(
    message: string,
    readonly status: 400 | 409 = 409,
  ) {
    super(message);
  }
}

const sumOf = <T>(items: readonly T[], pick: (item: T) => number) => items.reduce((s, item) => s + pick(item), 0);

/**
 * The credit note's maths for `request` against `invoice`, after the notes `earlier` (their maths,
 * in any order). Throws CreditRefused when the refund cannot be credited.
 */
export function computeCreditNote(invoice: InvoiceMaths, earlier: readonly InvoiceMaths[], request: CreditRequest): InvoiceMaths {
  const amount = request.amount;
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new CreditRefused("A credit note is for a positive amount in paise", 400);
  const previous = earlier.flatMap((note) => note.lines as CreditNoteLine[]);
  const reversed = invoice.lines.map((_, i) => previous.filter((l) => l.invoiceLine === i));
  const left = invoice.lines.map((line, i) => line.value - sumOf(reversed[i]!, (l) => l.value));

  // Which lines, by what weight.
  let weights: number[];
  if (request.lines?.length) {
    weights = invoice.lines.map(() => 0);
    for (const { line, quantity } of request.lines) {
      const invoiced = invoice.lines[line];
      if (!invoiced || !Number.isSafeInteger(quantity) || quantity <= 0 || quantity > invoiced.quantity) {
        throw new CreditRefused(`Line ${line + 1} of the invoice has no ${quantity} units to credit`, 400);
      }
      weights[line]! += Math.max(1, Math.floor((invoiced.value * quantity) / invoiced.quantity));
    }
    weights = weights.map((w, i) => Math.min(w, left[i]!));
  } else {
    weights = left.slice();
  }
  const named = request.lines?.length ? new Set(request.lines.map((l) => l.line)) : null;
  const caps = left.map((value, i) => (!named || named.has(i) ? value : 0));
  const items = Math.min(
    amount,
    sumOf(caps, (v) => v),
  );
  const shares = spread(items, weights, caps);

  const tipLeft = invoice.totals.tip - sumOf(earlier, (n) => n.totals.tip);
  const tip = Math.min(amount - items, tipLeft);
  const roundOffLeft = Math.max(0, invoice.totals.roundOff ?? 0) - sumOf(earlier, (n) => n.totals.roundOff ?? 0);
  const roundOff = amount - items - tip;
  if (roundOff > roundOffLeft) throw new CreditRefused("The refund is more than what is left to credit on the invoice");

  const lines: CreditNoteLine[] = [];
  invoice.lines.forEach((invoiced, i) => {
    const value = shares[i]!;
    if (value <= 0) return;
    const before = sumOf(reversed[i]!, (l) => l.value);
    const taxBefore = { cgst: sumOf(reversed[i]!, (l) => l.cgst), sgst: sumOf(reversed[i]!, (l) => l.sgst), igst: sumOf(reversed[i]!, (l) => l.igst) };
    const after = before + value;
    const taxAfter = after === invoiced.value ? invoiced : extractTax(after, invoiced.gstRate, invoice.intraState);
    const cgst = taxAfter.cgst - taxBefore.cgst;
    const sgst = taxAfter.sgst - taxBefore.sgst;
    const igst = taxAfter.igst - taxBefore.igst;
    const quantity = request.lines?.length
      ? sumOf(
          request.lines.filter((l) => l.line === i),
          (l) => l.quantity,
        )
      : 0;
    const discount = quantity ? Math.max(0, quantity * invoiced.unitPrice - value) : 0;
    lines.push({
      invoiceLine: i,
      name: invoiced.name,
      hsn: invoiced.hsn,
      gstRate: invoiced.gstRate,
      quantity,
      unitPrice: quantity ? invoiced.unitPrice : 0,
      gross: value + discount,
      discount,
      value,
      taxable: value - cgst - sgst - igst,
      cgst,
      sgst,
      igst,
    });
  });
  const rates = [...new Set(lines.map((l) => l.gstRate))].sort((a, b) => a - b);
  const invoiceValue = sumOf(lines, (l) => l.value);
  return {
    intraState: invoice.intraState,
    lines,
    totals: {
      gross: sumOf(lines, (l) => l.gross),
      discount: sumOf(lines, (l) => l.discount),
      taxable: sumOf(lines, (l) => l.taxable),
      cgst: sumOf(lines, (l) => l.cgst),
      sgst: sumOf(lines, (l) => l.sgst),
      igst: sumOf(lines, (l) => l.igst),
      invoiceValue,
      tip,
      ...(roundOff ? { roundOff } : {}),
      amountPaid: invoiceValue + tip + roundOff,
      byRate: rates.map((rate) => {
        const of = lines.filter((l) => l.gstRate === rate);
        return { rate, taxable: sumOf(of, (l) => l.taxable), cgst: sumOf(of, (l) => l.cgst), sgst: sumOf(of, (l) => l.sgst), igst: sumOf(of, (l) => l.igst) };
      }),
    },
  };
}

/**
 * `amount` shared by `weights` (each at most its line's `cap`, so no share is above it); what the
 * weights cannot take (named units worth less than the refund) goes to the next line with room.
 */
function spread(amount: number, weights: readonly number[], caps: readonly number[]): number[] {
  const shares = prorate(amount, weights);
  let rest = amount - sumOf(shares, (s) => s);
  for (let i = 0; rest > 0 && i < shares.length; i++) {
    const more = Math.min(rest, caps[i]! - shares[i]!);
    shares[i]! += more;
    rest -= more;
  }
  return shares;
}

/**
 * The printed credit-note number, at most 16 characters as rule 53 asks: the invoice's series code
 * (1-3 characters), "C" and the financial year, and the number in that series, 6 digits, e.g.
 * `BLR/C2627/000012`. The second part's "C" keeps it apart from every invoice number's shape.
 */
export function creditNoteNumber(series: string, fy: number, seq: number): string {
  return `${series}/C${financialYearCode(fy)}/${String(seq).padStart(6, "0")}`;
}
