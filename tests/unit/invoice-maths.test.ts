/**
 * The GST invoice's arithmetic (app/lib/invoice/maths.ts, decision 031): a coupon pro-rated over the
 * lines to the paisa, tax taken out of GST-inclusive values half up, totals that add up, and the
 * invoice's number and financial year. The expected amounts are worked by hand in the comments.
 */
import { describe, expect, it } from "vitest";
import { invoiceDate } from "~/lib/invoice/document";
import { invoiceTitle } from "~/lib/invoice/document";
import { computeInvoice, financialYear, invoiceNumber, prorate, type InvoiceLineInput } from "~/lib/invoice/maths";

describe("prorate", () => {
  it("splits exactly when the shares are whole", () => {
    expect(prorate(10, [3, 5, 2])).toEqual([3, 5, 2]);
    expect(prorate(500, [1000, 3000, 1000])).toEqual([100, 300, 100]);
  });

  it("gives the paise left over to the largest remainders, one each", () => {
    // 10 × [100, 200, 400] / 700 = 1.43, 2.86, 5.71 → floors 1, 2, 5 (8), remainders .43, .86, .71:
    // the 2 paise left go to the second and third lines, none to the first.
    expect(prorate(10, [100, 200, 400])).toEqual([1, 3, 6]);
    // 7 × [5, 3, 2] / 10 = 3.5, 2.1, 1.4 → 3, 2, 1 (6): the one paisa left goes to the 0.5.
    expect(prorate(7, [5, 3, 2])).toEqual([4, 2, 1]);
  });

  it("breaks ties between equal remainders towards the earlier line", () => {
    expect(prorate(1, [1, 1])).toEqual([1, 0]);
    expect(prorate(100, [100, 100, 100])).toEqual([34, 33, 33]);
    expect(prorate(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(prorate(2, [2, 1, 1, 2])).toEqual([1, 0, 0, 1]);
    expect(prorate(3, [1, 1, 1, 1, 1])).toEqual([1, 1, 1, 0, 0]);
  });

  it("never gives more than the weights, nor anything for nonsense amounts", () => {
    expect(prorate(1000, [100, 200])).toEqual([100, 200]);
    expect(prorate(-5, [1, 2])).toEqual([0, 0]);
    expect(prorate(Number.NaN, [1, 2])).toEqual([0, 0]);
    expect(prorate(Number.POSITIVE_INFINITY, [1, 2])).toEqual([0, 0]);
    expect(prorate(10.9, [20])).toEqual([10]);
    expect(prorate(5, [0, 0])).toEqual([0, 0]);
    expect(prorate(5, [])).toEqual([]);
  });

  it("sums to the amount for every split of awkward weights", () => {
    let seed = 11;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let round = 0; round < 300; round++) {
      const weights = Array.from({ length: 1 + next(7) }, () => next(50_000));
      const total = weights.reduce((a, b) => a + b, 0);
      const amount = next(total + 10);
      const shares = prorate(amount, weights);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(Math.min(amount, total));
      shares.forEach((share, i) => {
        // Each share is its exact proportion rounded down or up by one paisa, never above its line.
        const exact = (Math.min(amount, total) * weights[i]) / total;
        expect(share).toBeGreaterThanOrEqual(Math.floor(exact));
        expect(share).toBeLessThanOrEqual(Math.ceil(exact));
        expect(share).toBeLessThanOrEqual(weights[i]);
      });
    }
  });
});

describe("computeInvoice", () => {
  // Listed out of rate order, with a 0 % line and two 5 % lines, so the summary must sort and group.
  const lines: InvoiceLineInput[] = [
    { name: "Rice 1 kg", hsn: "1006", gstRate: 5, quantity: 2, unitPrice: 10500 },
    { name: "Soap", hsn: "3401", gstRate: 18, quantity: 1, unitPrice: 11800 },
    { name: "Eggs", hsn: "", gstRate: 0, quantity: 3, unitPrice: 700 },
    { name: "Tea", hsn: "0902", gstRate: 5, quantity: 1, unitPrice: 4999 },
  ];
  // Gross 21000 + 11800 + 2100 + 4999 = 39899. A ₹10 coupon: 1000 × gross / 39899 = 526.33,
  // 295.74, 52.63, 125.29 → 526, 295, 52, 125 (998); the 2 paise left go to the soap (.74) and the
  // eggs (.63). Values 20474, 11504, 2047, 4874.
  const shares = [526, 296, 53, 125];

  it("within one state: CGST = SGST = value × rate / (2 × (100 + rate)), half up, per line", () => {
    const invoice = computeInvoice({ lines, discount: 1000, tip: 2000, intraState: true });
    expect(invoice.intraState).toBe(true);
    expect(invoice.lines).toEqual([
      // 20474 × 5 / 210 = 487.48 → 487 each; taxable 20474 − 974.
      { ...lines[0], gross: 21000, discount: shares[0], value: 20474, taxable: 19500, cgst: 487, sgst: 487, igst: 0 },
      // 11504 × 18 / 236 = 877.42 → 877 each.
      { ...lines[1], gross: 11800, discount: shares[1], value: 11504, taxable: 9750, cgst: 877, sgst: 877, igst: 0 },
      { ...lines[2], gross: 2100, discount: shares[2], value: 2047, taxable: 2047, cgst: 0, sgst: 0, igst: 0 },
      // 4874 × 5 / 210 = 116.05 → 116 each.
      { ...lines[3], gross: 4999, discount: shares[3], value: 4874, taxable: 4642, cgst: 116, sgst: 116, igst: 0 },
    ]);
    expect(invoice.totals).toEqual({
      gross: 39899,
      discount: 1000,
      taxable: 35939,
      cgst: 1480,
      sgst: 1480,
      igst: 0,
      invoiceValue: 38899,
      tip: 2000,
      amountPaid: 40899,
      byRate: [
        { rate: 0, taxable: 2047, cgst: 0, sgst: 0, igst: 0 },
        { rate: 5, taxable: 24142, cgst: 603, sgst: 603, igst: 0 },
        { rate: 18, taxable: 9750, cgst: 877, sgst: 877, igst: 0 },
      ],
    });
  });

  it("between states: IGST = value × rate / (100 + rate), half up, per line", () => {
    const invoice = computeInvoice({ lines, discount: 1000, tip: 0, intraState: false });
    expect(invoice.intraState).toBe(false);
    // 20474 × 5 / 105 = 974.95 → 975; 11504 × 18 / 118 = 1754.85 → 1755; 4874 × 5 / 105 = 232.10 → 232.
    expect(invoice.lines.map((l) => [l.taxable, l.cgst, l.sgst, l.igst])).toEqual([
      [19499, 0, 0, 975],
      [9749, 0, 0, 1755],
      [2047, 0, 0, 0],
      [4642, 0, 0, 232],
    ]);
    expect(invoice.totals).toMatchObject({ taxable: 35937, cgst: 0, sgst: 0, igst: 2962, invoiceValue: 38899, tip: 0, amountPaid: 38899 });
    expect(invoice.totals.byRate).toEqual([
      { rate: 0, taxable: 2047, cgst: 0, sgst: 0, igst: 0 },
      { rate: 5, taxable: 24141, cgst: 0, sgst: 0, igst: 1207 },
      { rate: 18, taxable: 9749, cgst: 0, sgst: 0, igst: 1755 },
    ]);
  });

  it("rounds tax half up, at exactly half a paisa", () => {
    const one = (unitPrice: number, intraState: boolean) =>
      computeInvoice({ lines: [{ name: "x", hsn: "", gstRate: 12, quantity: 1, unitPrice }], discount: 0, tip: 0, intraState }).lines[0];
    // 14 × 12 / 112 = 1.5 → 2; 13 × 12 / 112 = 1.39 → 1; 9 × 12 / 112 = 0.96 → 1.
    expect(one(14, false)).toMatchObject({ taxable: 12, igst: 2 });
    expect(one(13, false)).toMatchObject({ taxable: 12, igst: 1 });
    expect(one(9, false)).toMatchObject({ taxable: 8, igst: 1 });
    // 28 × 12 / 224 = 1.5 → 2 each half; 27 × 12 / 224 = 1.45 → 1.
    expect(one(28, true)).toMatchObject({ taxable: 24, cgst: 2, sgst: 2 });
    expect(one(27, true)).toMatchObject({ taxable: 25, cgst: 1, sgst: 1 });
  });

  it("adds up on every line: taxable + tax = value, and the invoice value is what was paid for the items", () => {
    let seed = 5;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let round = 0; round < 200; round++) {
      const input = Array.from({ length: 1 + next(5) }, (_, i) => ({
        name: `P${i}`,
        hsn: "",
        gstRate: [0, 5, 12, 18, 28, 40][next(6)],
        quantity: 1 + next(5),
        unitPrice: 1 + next(100_000),
      }));
      const gross = input.reduce((s, l) => s + l.quantity * l.unitPrice, 0);
      const discount = next(gross);
      for (const intraState of [true, false]) {
        const invoice = computeInvoice({ lines: input, discount, tip: 500, intraState });
        for (const l of invoice.lines) expect(l.taxable + l.cgst + l.sgst + l.igst).toBe(l.value);
        expect(invoice.totals.invoiceValue).toBe(gross - discount);
        expect(invoice.totals.amountPaid).toBe(gross - discount + 500);
      }
    }
  });

  it("never takes more off than the items, and reads nonsense quantities, prices, rates and tips as none", () => {
    const invoice = computeInvoice({
      lines: [
        { name: "a", hsn: "", gstRate: 5, quantity: -1, unitPrice: 10500 },
        { name: "b", hsn: "", gstRate: Number.NaN, quantity: 2.9, unitPrice: 1000.7 },
        { name: "c", hsn: "", gstRate: 18, quantity: 1, unitPrice: Number.POSITIVE_INFINITY },
      ],
      discount: 5000,
      tip: Number.POSITIVE_INFINITY,
      intraState: true,
    });
    expect(invoice.lines.map((l) => [l.quantity, l.unitPrice, l.gstRate, l.gross, l.discount, l.value, l.taxable])).toEqual([
      [0, 10500, 5, 0, 0, 0, 0],
      [2, 1000, 0, 2000, 2000, 0, 0],
      [1, 0, 18, 0, 0, 0, 0],
    ]);
    expect(invoice.totals).toMatchObject({ gross: 2000, discount: 2000, invoiceValue: 0, tip: 0, amountPaid: 0 });
    expect(computeInvoice({ lines, discount: -300, tip: -50, intraState: false }).totals).toMatchObject({ discount: 0, tip: 0, amountPaid: 39899 });
  });
});

describe("the invoice's number and date", () => {
  it("counts the Indian financial year from 1 April in India time", () => {
    // 18:30 UTC on 31 March is midnight in India: the new year starts there.
    expect(financialYear(Date.UTC(2026, 2, 31, 18, 29, 59, 999))).toBe(2025);
    expect(financialYear(Date.UTC(2026, 2, 31, 18, 30))).toBe(2026);
    expect(financialYear(Date.UTC(2026, 3, 30, 12))).toBe(2026);
    expect(financialYear(Date.UTC(2026, 11, 31, 18, 29))).toBe(2026);
    expect(financialYear(Date.UTC(2026, 11, 31, 18, 30))).toBe(2026);
    expect(financialYear(Date.UTC(2027, 0, 15))).toBe(2026);
    expect(financialYear(Date.UTC(2027, 2, 1))).toBe(2026);
  });

  it("prints series/years/number in at most 16 characters", () => {
    expect(invoiceNumber("BLR", 2026, 12)).toBe("BLR/2627/0000012");
    expect(invoiceNumber("K", 2099, 1)).toBe("K/9900/0000001");
    expect(invoiceNumber("00A", 2005, 9_999_999)).toBe("00A/0506/9999999");
    expect(invoiceNumber("ZZZ", 2026, 12)).toHaveLength(16);
  });

  it("titles the document by its lines: bill of supply, tax invoice, or invoice-cum-bill of supply (rules 46, 46A, 49)", () => {
    expect(invoiceTitle([{ gstRate: 0 }, { gstRate: 0 }])).toBe("Bill of supply");
    expect(invoiceTitle([{ gstRate: 5 }, { gstRate: 18 }])).toBe("Tax invoice");
    expect(invoiceTitle([{ gstRate: 0 }, { gstRate: 5 }])).toBe("Tax invoice-cum-bill of supply");
  });

  it("dates the invoice dd Mon yyyy in India time", () => {
    // 19:00 UTC on 2 December is 00:30 on 3 December in India.
    expect(invoiceDate(Date.UTC(2026, 11, 2, 19, 0))).toBe("03 Dec 2026");
    expect(invoiceDate(Date.UTC(2026, 11, 2, 18, 0))).toBe("02 Dec 2026");
  });
});
