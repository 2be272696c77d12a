import { describe, expect, it } from "vitest";
import { formatINR, rupeesToPaise } from "~/lib/money";
import { computeBill, discountAmount, discountedPrice } from "~/lib/pricing";

const rs = rupeesToPaise;

describe("discounted unit price (spec section 9)", () => {
  it("subtracts the discount rounded up to a whole rupee", () => {
    expect(discountedPrice(rs(150), 5)).toBe(rs(142)); // 7.5 → 8
    expect(discountedPrice(rs(99), 10)).toBe(rs(89)); // 9.9 → 10
    expect(discountedPrice(rs(100), 10)).toBe(rs(90)); // exact
    expect(discountedPrice(rs(27), 3)).toBe(rs(26)); // 0.81 → 1
  });
  it("is the list price when there is no discount", () => {
    expect(discountedPrice(rs(60), 0)).toBe(rs(60));
    expect(discountAmount(rs(60), 0)).toBe(0);
  });
  it("never goes below zero and treats 100% as free", () => {
    expect(discountedPrice(rs(1), 100)).toBe(0);
    expect(discountedPrice(rs(1), 99)).toBe(0);
    expect(discountedPrice(0, 50)).toBe(0);
  });
  it("rounds paise prices up to the rupee as well", () => {
    expect(discountAmount(rs(27.5), 10)).toBe(rs(3)); // 2.75 → 3
    expect(discountedPrice(rs(27.5), 10)).toBe(rs(24.5));
  });
  it("clamps nonsense discounts", () => {
    expect(discountedPrice(rs(50), -10)).toBe(rs(50));
    expect(discountedPrice(rs(50), 250)).toBe(0);
  });
});

describe("bill", () => {
  it("adds items, savings and quantities; delivery is free", () => {
    const bill = computeBill([
      { price: rs(150), discount: 5, quantity: 2 },
      { price: rs(40), discount: 0, quantity: 3 },
    ]);
    expect(bill).toEqual({
      itemsTotal: rs(142 * 2 + 40 * 3),
      undiscountedTotal: rs(150 * 2 + 40 * 3),
      savings: rs(16),
      quantityTotal: 5,
      deliveryCharge: 0,
      couponDiscount: 0,
      tip: 0,
      grandTotal: rs(404),
      roundOff: 0,
      payable: rs(404),
      walletPaid: 0,
      due: rs(404),
    });
  });
  it("is all zeros for an empty cart", () => {
    expect(computeBill([])).toMatchObject({ itemsTotal: 0, quantityTotal: 0, grandTotal: 0, savings: 0 });
  });
  it("ignores negative or fractional quantities rather than crediting money", () => {
    expect(computeBill([{ price: rs(10), discount: 0, quantity: -3 }]).grandTotal).toBe(0);
    expect(computeBill([{ price: rs(10), discount: 0, quantity: 2.7 }]).quantityTotal).toBe(2);
  });
});

describe("money formatting", () => {
  it("formats INR in the en-IN locale", () => {
    expect(formatINR(rs(1234.5))).toBe("₹1,234.50");
    expect(formatINR(rs(150000))).toBe("₹1,50,000");
  });
  it("gives the same text for an amount seen before, and past its memo's bound", () => {
    expect(formatINR(-0)).toBe("₹0");
    expect(formatINR(0)).toBe("₹0");
    for (let paise = 1; paise <= 2500; paise++) formatINR(paise);
    expect(formatINR(1234)).toBe("₹12.34");
    expect(formatINR(rs(1234.5))).toBe("₹1,234.50");
    expect(formatINR(-250)).toBe("-₹2.50");
  });
});

describe("pricing at its edges", () => {
  it("takes at most the price itself off a price under a rupee", () => {
    expect(discountAmount(50, 1)).toBe(50);
    expect(discountedPrice(50, 1)).toBe(0);
  });
  it("reads a missing or fractional discount as whole percent, and a negative price as no discount", () => {
    expect(discountAmount(rs(100), Number.NaN)).toBe(0);
    expect(discountAmount(rs(100), 10.9)).toBe(rs(10));
    expect(discountAmount(-rs(100), 10)).toBe(0);
    expect(discountedPrice(-rs(100), 10)).toBe(-rs(100));
  });
  it("totals several lines with fractional and zero quantities", () => {
    expect(
      computeBill([
        { price: rs(99), discount: 10, quantity: 3 },
        { price: rs(27.5), discount: 10, quantity: 0 },
        { price: rs(20), discount: 0, quantity: 1.9 },
      ]),
    ).toEqual({
      itemsTotal: rs(89 * 3 + 20),
      undiscountedTotal: rs(99 * 3 + 20),
      savings: rs(30),
      quantityTotal: 4,
      deliveryCharge: 0,
      couponDiscount: 0,
      tip: 0,
      grandTotal: rs(287),
      roundOff: 0,
      payable: rs(287),
      walletPaid: 0,
      due: rs(287),
    });
  });
  it("reads negative or fractional coupon discounts and tips as whole paise, never below zero", () => {
    const lines = [{ price: rs(100), discount: 0, quantity: 1 }];
    expect(computeBill(lines, { couponDiscount: -500, tip: -200 })).toMatchObject({ couponDiscount: 0, tip: 0, grandTotal: rs(100) });
    expect(computeBill(lines, { couponDiscount: 150.7, tip: 99.9 })).toMatchObject({ couponDiscount: 150, tip: 99, grandTotal: rs(100) - 150 + 99 });
  });
});
