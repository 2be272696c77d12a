/**
 * Cash in whole rupees (app/lib/pricing.ts): a cash order's total is rounded to the nearest rupee,
 * 50 paise up, with its round off on the bill; online totals are exact. A flat coupon keeps its face
 * value after a short pick while the items still meet its minimum; below it, the discount shrinks in
 * proportion as decision 030 has it.
 */
import { describe, expect, it } from "vitest";
import { cashRoundOff, computeBill, discountAfterPick, orderRoundOff, roundToRupee } from "../../app/lib/pricing";
import { computeInvoice } from "../../app/lib/invoice/maths";

describe("roundToRupee / cashRoundOff", () => {
  it.each([
    // [paise, rounded, round off]
    [24713, 24700, -13],
    [24760, 24800, 40],
    [24750, 24800, 50], // x.50 goes up
    [24749, 24700, -49],
    [24751, 24800, 49],
    [24700, 24700, 0],
    [24701, 24700, -1],
    [24799, 24800, 1],
    [50, 100, 50],
    [49, 0, -49],
    [0, 0, 0],
  ])("%i paise → %i (round off %i)", (paise, rounded, off) => {
    expect(roundToRupee(paise)).toBe(rounded);
    expect(cashRoundOff(paise)).toBe(off);
  });

  it("rounds every total to whole rupees within half a rupee", () => {
    for (let paise = 0; paise < 5000; paise += 1) {
      const rounded = roundToRupee(paise);
      expect(rounded % 100).toBe(0);
      expect(Math.abs(rounded - paise)).toBeLessThanOrEqual(50);
      expect(paise + cashRoundOff(paise)).toBe(rounded);
    }
  });
});

describe("computeBill with cash", () => {
  // ₹199 + ₹99 with 10.5 % off as a percent coupon (floor to the paisa) → a total with paise.
  const lines = [
    { price: 19900, discount: 0, quantity: 1 },
    { price: 9900, discount: 0, quantity: 1 },
  ];

  it("adds a round off and a whole-rupee payable for cash only", () => {
    const cash = computeBill(lines, { couponDiscount: 5087, tip: 2000, cash: true });
    expect(cash.grandTotal).toBe(29800 - 5087 + 2000); // 26713
    expect(cash.roundOff).toBe(-13);
    expect(cash.payable).toBe(26700);
    const online = computeBill(lines, { couponDiscount: 5087, tip: 2000 });
    expect(online.roundOff).toBe(0);
    expect(online.payable).toBe(online.grandTotal);
  });

  it("rounds x.50 up", () => {
    const bill = computeBill(lines, { couponDiscount: 50, cash: true });
    expect(bill.grandTotal).toBe(29750);
    expect(bill.roundOff).toBe(50);
    expect(bill.payable).toBe(29800);
  });

  it("reads the round off back from a stored order", () => {
    expect(orderRoundOff({ subTotal: 29800, discount: 5087, tip: 2000, total: 26700 })).toBe(-13);
    expect(orderRoundOff({ subTotal: 29800, discount: 5087, tip: 2000, total: 26713 })).toBe(0);
  });
});

describe("discountAfterPick", () => {
  const flat = { type: "flat" as const, minOrder: 20000 };

  it("keeps a flat coupon's face value while the minimum is met, refunding every removed paisa", () => {
    // ₹300 of items with ₹50 off; a ₹60 line short leaves ₹240, still over the ₹200 minimum.
    const after = discountAfterPick(flat, 30000, 5000, [6000, 0]);
    expect(after).toEqual({ discount: 5000, prorated: false, refunds: [6000, 0] });
  });

  it("keeps it at exactly the minimum", () => {
    expect(discountAfterPick(flat, 30000, 5000, [10000]).discount).toBe(5000);
  });

  it("pro-rates below the minimum, as before", () => {
    // ₹300 → ₹199.99: below ₹200, the ₹50 shrinks in proportion.
    const after = discountAfterPick(flat, 30000, 5000, [10001]);
    expect(after.prorated).toBe(true);
    expect(after.discount).toBe(3333);
  });

  it("pro-rates a percent coupon and an order whose coupon is gone", () => {
    expect(discountAfterPick({ type: "percent", minOrder: 0 }, 30000, 3000, [10000]).discount).toBe(2000);
    expect(discountAfterPick(null, 30000, 3000, [10000]).discount).toBe(2000);
  });

  it("never keeps more discount than the items left, and refunds add up to what the total lost", () => {
    const cases: [number, number, number[]][] = [
      [30000, 5000, [6000, 0]],
      [10000, 5000, [4000, 3000, 2000]], // items fall below the face value (minimum 0)
      [10000, 5000, [10000]],
      [12345, 1000, [1, 2, 3]],
    ];
    for (const [subTotal, discount, removed] of cases) {
      const after = discountAfterPick({ type: "flat", minOrder: 0 }, subTotal, discount, removed);
      const itemsAfter = subTotal - removed.reduce((a, b) => a + b, 0);
      expect(after.discount).toBe(Math.min(discount, itemsAfter));
      const lost = subTotal - discount - (itemsAfter - after.discount);
      expect(after.refunds.reduce((a, b) => a + b, 0)).toBe(lost);
      after.refunds.forEach((refund, i) => expect(refund).toBeLessThanOrEqual(removed[i]!));
    }
  });
});

describe("the invoice of a cash order", () => {
  it("adds the round off to the amount paid only", () => {
    const maths = computeInvoice({
      lines: [{ name: "Ghee", hsn: "0405", gstRate: 5, quantity: 1, unitPrice: 29800 }],
      discount: 5087,
      tip: 2000,
      roundOff: -13,
      intraState: true,
    });
    expect(maths.totals.invoiceValue).toBe(24713);
    expect(maths.totals.roundOff).toBe(-13);
    expect(maths.totals.amountPaid).toBe(26700);
  });
});
