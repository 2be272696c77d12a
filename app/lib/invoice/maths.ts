/**
 * The GST invoice's arithmetic (decision 031), pure and in integer paise. Prices are GST-inclusive:
 * the tax is taken out of what the shopper pays, never added on top, so the invoice's total is the
 * amount paid to the paisa.
 *
 * The rules:
 * 1. A line's gross = quantity × unit price (the selling price after the product's own discount).
 * 2. An order-level discount (a coupon) is a discount on the invoice: it is pro-rated across the
 *    lines in proportion to their gross, each share rounded down to the paisa, and the paise left
 *    over go one each to the lines with the largest remainders (ties: the earlier line). The shares
 *    sum to the discount exactly, and no share exceeds its line.
 * 3. A line's value = gross − its share of the discount (what the shopper pays for it, tax included).
 * 4. Tax is extracted from the value, half up to the paisa: within one state CGST = SGST =
 *    round(value × rate / (2 × (100 + rate))) (so the two halves are always equal); between states
 *    IGST = round(value × rate / (100 + rate)). Taxable value = value − tax, so every line adds up.
 * 5. A tip is the delivery partner's money, collected with the order: not a supply by the store, no
 *    GST, shown below the invoice value and added only to the amount paid.
 * 6. A cash order is collected in whole rupees: its round off (−49..+50 paise, app/lib/pricing.ts
 *    `cashRoundOff`) is printed as "Round off" below the tip and added only to the amount paid, so
 *    the amount paid is what the rider collected; the invoice value and its tax stay exact.
 */

export interface InvoiceLineInput {
  name: string;
  /** HSN code ('' when not set). */
  hsn: string;
  /** GST rate, whole percent. */
  gstRate: number;
  quantity: number;
  /** Selling price per unit, GST included, paise. */
  unitPrice: number;
}

export interface InvoiceInput {
  lines: readonly InvoiceLineInput[];
  /** Order-level discount (coupon), paise. */
  discount: number;
  /** Tip for the delivery partner, paise. */
  tip: number;
  /** Round off of a cash order, paise (negative when rounded down); 0 or absent otherwise. */
  roundOff?: number;
  /** Store and delivery address in one state: CGST + SGST; otherwise IGST. */
  intraState: boolean;
}

interface InvoiceLine extends InvoiceLineInput {
  gross: number;
  discount: number;
  /** gross − discount: what the shopper pays for this line, tax included. */
  value: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

interface TaxByRate {
  rate: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

interface InvoiceTotals {
  gross: number;
  discount: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** Taxable + all tax = gross − discount: the invoice's value. */
  invoiceValue: number;
  tip: number;
  /** Round off of a cash order (rule 6); absent in invoices issued before it. */
  roundOff?: number;
  /** invoiceValue + tip + roundOff: what the shopper paid. */
  amountPaid: number;
  /** The tax summary per rate, lowest rate first. */
  byRate: TaxByRate[];
}

export interface InvoiceMaths {
  intraState: boolean;
  lines: InvoiceLine[];
  totals: InvoiceTotals;
}

const paise = (n: number) => Math.max(0, Math.trunc(Number.isFinite(n) ? n : 0));

/** a / b rounded half up, for a >= 0 and b > 0 integers. */
function divRound(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/** Splits `amount` across `weights` in proportion, exactly (largest remainder, ties to the earlier). */
export function prorate(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  const wanted = Math.min(paise(amount), total);
  if (wanted === 0 || total === 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((wanted * w) / total));
  let left = wanted - shares.reduce((sum, s) => sum + s, 0);
  const order = weights
    .map((w, i) => ({ i, rest: (wanted * w) % total }))
    .filter((x) => x.rest > 0)
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** Tax out of a GST-inclusive value. */
export function extractTax(value: number, rate: number, intraState: boolean): { taxable: number; cgst: number; sgst: number; igst: number } {
  if (rate <= 0 || value <= 0) return { taxable: value, cgst: 0, sgst: 0, igst: 0 };
  if (intraState) {
    const half = divRound(value * rate, 2 * (100 + rate));
    return { taxable: value - 2 * half, cgst: half, sgst: half, igst: 0 };
  }
  const igst = divRound(value * rate, 100 + rate);
  return { taxable: value - igst, cgst: 0, sgst: 0, igst };
}

export function computeInvoice(input: InvoiceInput): InvoiceMaths {
  const clean = input.lines.map((l) => ({ ...l, quantity: paise(l.quantity), unitPrice: paise(l.unitPrice), gstRate: paise(l.gstRate) }));
  const grosses = clean.map((l) => l.quantity * l.unitPrice);
  const shares = prorate(input.discount, grosses);
  const lines: InvoiceLine[] = clean.map((l, i) => {
    const gross = grosses[i]!;
    const value = gross - shares[i]!;
    return { ...l, gross, discount: shares[i]!, value, ...extractTax(value, l.gstRate, input.intraState) };
  });
  const sum = (pick: (l: InvoiceLine) => number, of: readonly InvoiceLine[] = lines) => of.reduce((s, l) => s + pick(l), 0);
  const rates = [...new Set(lines.map((l) => l.gstRate))].sort((a, b) => a - b);
  const byRate = rates.map((rate) => {
    const of = lines.filter((l) => l.gstRate === rate);
    return { rate, taxable: sum((l) => l.taxable, of), cgst: sum((l) => l.cgst, of), sgst: sum((l) => l.sgst, of), igst: sum((l) => l.igst, of) };
  });
  const invoiceValue = sum((l) => l.value);
  const tip = paise(input.tip);
  const roundOff = Math.trunc(Number.isFinite(input.roundOff) ? (input.roundOff ?? 0) : 0);
  return {
    intraState: input.intraState,
    lines,
    totals: {
      gross: sum((l) => l.gross),
      discount: sum((l) => l.discount),
      taxable: sum((l) => l.taxable),
      cgst: sum((l) => l.cgst),
      sgst: sum((l) => l.sgst),
      igst: sum((l) => l.igst),
      invoiceValue,
      tip,
      // Only a rounded cash total carries the line, so every other invoice's record is as before.
      ...(roundOff ? { roundOff } : {}),
      amountPaid: invoiceValue + tip + roundOff,
      byRate,
    },
  };
}

/** The Indian financial year (April–March, in IST) of a moment: 2026 = 1 Apr 2026 – 31 Mar 2027. */
export function financialYear(ms: number): number {
  const ist = new Date(ms + 330 * 60_000);
  const year = ist.getUTCFullYear();
  return ist.getUTCMonth() >= 3 ? year : year - 1;
}

/** "2627" for the financial year 2026-27. */
export function financialYearCode(fy: number): string {
  return `${String(fy % 100).padStart(2, "0")}${String((fy + 1) % 100).padStart(2, "0")}`;
}

/**
 * The printed invoice number (decision 038), at most 16 characters as rule 46(b) asks: the store's
 * series code (1-3 characters), the financial year (2026 → 2627) and the number in that series,
 * 7 digits, e.g. `BLR/2627/0000012`. The database writes the same shape when it issues one.
 */
export function invoiceNumber(series: string, fy: number, seq: number): string {
  return `${series}/${financialYearCode(fy)}/${String(seq).padStart(7, "0")}`;
}

/** An admin's series code: 1-3 upper-case letters or digits, starting with a letter (digit-first codes are the ones the database assigns). */
export const ADMIN_SERIES_PATTERN = /^[A-Z][A-Z0-9]{0,2}$/;

/** An FSSAI licence or registration number: 14 digits. */
export const FSSAI_PATTERN = /^[0-9]{14}$/;
