/**
 * The coupon and tip arithmetic of the one pricing module (docs/decisions/030-coupons-and-tips.md),
 * and the coupon verdicts in a shopper's words.
 */
import { describe, expect, it } from "vitest";
import { judgeCoupon, type CouponRow } from "../../app/lib/coupon-rules";
import { computeBill, couponDiscount, paidForItems, proRatedRefunds, remainingDiscount } from "../../app/lib/pricing";

describe("couponDiscount", () => {
  it("percent rounds down to the paisa and is capped; flat never exceeds the eligible items", () => {
    expect(couponDiscount({ type: "percent", value: 15, maxDiscount: null }, 17800)).toBe(2670);
    expect(couponDiscount({ type: "percent", value: 15, maxDiscount: 2000 }, 17800)).toBe(2000);
    expect(couponDiscount({ type: "percent", value: 33, maxDiscount: null }, 101)).toBe(33); // 33.33 → 33
    expect(couponDiscount({ type: "percent", value: 100, maxDiscount: null }, 4999)).toBe(4999);
    expect(couponDiscount({ type: "flat", value: 5000, maxDiscount: null }, 3000)).toBe(3000);
    expect(couponDiscount({ type: "flat", value: 5000, maxDiscount: null }, 0)).toBe(0);
  });
});

describe("computeBill with a coupon and a tip", () => {
  it("grand total = items − discount + tip; the tip is never discounted", () => {
    const bill = computeBill([{ price: 9900, discount: 10, quantity: 2 }], { couponDiscount: 2000, tip: 2000 });
    expect(bill).toMatchObject({ itemsTotal: 17800, couponDiscount: 2000, tip: 2000, grandTotal: 17800 });
    // A discount larger than the items is cut to them; the tip stays whole.
    expect(computeBill([{ price: 1000, discount: 0, quantity: 1 }], { couponDiscount: 5000, tip: 1000 })).toMatchObject({
      couponDiscount: 1000,
      grandTotal: 1000,
    });
    expect(computeBill([], { tip: 1000 })).toMatchObject({ tip: 0, grandTotal: 0 });
  });
});

describe("pro-rated refunds", () => {
  /** Small deterministic generator: the same awkward carts every run. */
  function* carts() {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 500; i++) {
      const lines = Array.from({ length: 1 + next(6) }, () => 1 + next(99_999));
      const subTotal = lines.reduce((a, b) => a + b, 0);
      const discount = next(subTotal + 1);
      const removed = lines.map((amount) => (next(3) === 0 ? amount : next(amount + 1)));
      yield { subTotal, discount, removed };
    }
  }

  it("never refunds more than was paid, adds up exactly, and leaves a consistent remaining discount", () => {
    for (const { subTotal, discount, removed } of carts()) {
      const refunds = proRatedRefunds(removed, subTotal, discount);
      const paid = subTotal - discount;
      const after = subTotal - removed.reduce((a, b) => a + b, 0);
      const refunded = refunds.reduce((a, b) => a + b, 0);
      expect(refunds.every((r, i) => r >= 0 && r <= removed[i])).toBe(true);
      expect(refunded).toBeLessThanOrEqual(paid);
      expect(refunded).toBe(paid - paidForItems(after, subTotal, discount));
      const left = remainingDiscount(after, subTotal, discount);
      expect(left).toBeGreaterThanOrEqual(0);
      expect(left).toBeLessThanOrEqual(after);
      // What is still paid for the items = what they cost after the pick, less the discount left.
      expect(paid - refunded).toBe(after - left);
    }
  });

  it("removing everything refunds everything paid for items", () => {
    expect(proRatedRefunds([8000, 4000, 1], 12001, 5000).reduce((a, b) => a + b, 0)).toBe(7001);
    expect(proRatedRefunds([16000, 4000], 20000, 5000)).toEqual([12000, 3000]);
  });
});

describe("judgeCoupon", () => {
  const coupon: CouponRow = {
    id: "c",
    code: "SAVE50",
    type: "flat",
    value: 5000,
    maxDiscount: null,
    minOrder: 30000,
    startsAt: Date.parse("2026-11-01T00:00:00+05:30"),
    endsAt: Date.parse("2026-12-04T00:00:00+05:30"),
    totalUses: 100,
    perShopper: 1,
    firstOrderOnly: false,
    categories: [],
    stores: [],
    active: true,
    updatedAt: 0,
  };
  const cart = (amount: number, over: Partial<Parameters<typeof judgeCoupon>[1]> = {}) => ({
    lines: [{ amount, categoryIds: ["veg"] }],
    storeId: "s1",
    uses: { total: 0, mine: 0, myOrders: 0 },
    now: Date.parse("2026-11-20T12:00:00+05:30"),
    ...over,
  });

  it("says why in the issue's words", () => {
    expect(judgeCoupon(coupon, cart(18000))).toEqual({ ok: false, reason: "Add ₹120 more to use SAVE50" });
    expect(judgeCoupon(coupon, cart(30000, { now: coupon.endsAt }))).toEqual({ ok: false, reason: "SAVE50 ended on 3 Dec" });
    expect(judgeCoupon(coupon, cart(30000, { now: coupon.endsAt - 1 }))).toMatchObject({ ok: true, discount: 5000 });
    expect(judgeCoupon({ ...coupon, code: "WELCOME" }, cart(30000, { uses: { total: 1, mine: 1, myOrders: 1 } }))).toEqual({
      ok: false,
      reason: "You have already used WELCOME",
    });
    expect(judgeCoupon({ ...coupon, categories: ["dairy"] }, cart(30000))).toEqual({ ok: false, reason: "Not valid for items in your cart" });
    expect(judgeCoupon({ ...coupon, stores: ["s2"] }, cart(30000))).toEqual({ ok: false, reason: "Not valid at this store" });
    expect(judgeCoupon(coupon, cart(30000, { uses: { total: 100, mine: null, myOrders: null } }))).toEqual({ ok: false, reason: "SAVE50 has been fully used" });
    expect(judgeCoupon(coupon, cart(18050))).toEqual({ ok: false, reason: "Add ₹119.50 more to use SAVE50" });
  });
});

describe("coupon arithmetic at its edges", () => {
  it("clamps a percent to 0..100, reads fractional items as whole paise, and never takes a negative flat amount", () => {
    expect(couponDiscount({ type: "percent", value: 150, maxDiscount: null }, 4000)).toBe(4000);
    expect(couponDiscount({ type: "percent", value: -10, maxDiscount: null }, 4000)).toBe(0);
    expect(couponDiscount({ type: "percent", value: 10, maxDiscount: null }, 1009.9)).toBe(100);
    expect(couponDiscount({ type: "flat", value: -100, maxDiscount: null }, 4000)).toBe(0);
    expect(couponDiscount({ type: "percent", value: 10, maxDiscount: null }, -4000)).toBe(0);
    // A cap below the percent applies; a cap above it does not.
    expect(couponDiscount({ type: "percent", value: 10, maxDiscount: 399 }, 4000)).toBe(399);
    expect(couponDiscount({ type: "percent", value: 10, maxDiscount: 401 }, 4000)).toBe(400);
    expect(couponDiscount({ type: "flat", value: 500, maxDiscount: 300 }, 4000)).toBe(300);
  });

  it("pays for items in proportion: what was paid less the share of the discount, rounded for the shopper", () => {
    // 10000 of 30000 with 1000 off: 1000 × 10000 / 30000 = 333.33 → 333 of the discount.
    expect(paidForItems(10000, 30000, 1000)).toBe(9667);
    expect(remainingDiscount(10000, 30000, 1000)).toBe(333);
    expect(paidForItems(30000, 30000, 1000)).toBe(29000);
    expect(paidForItems(0, 30000, 1000)).toBe(0);
    // Without a discount, or an order without items, everything is paid.
    expect(paidForItems(10000, 30000, 0)).toBe(10000);
    expect(paidForItems(10000, 30000, -500)).toBe(10000);
    expect(paidForItems(500, 0, 100)).toBe(500);
    expect(remainingDiscount(500, 0, 100)).toBe(0);
  });

  it("refunds removed lines in order, no more than was left, nothing for a negative removal", () => {
    expect(proRatedRefunds([-500, 100], 1000, 0)).toEqual([0, 100]);
    expect(proRatedRefunds([800, 800], 1000, 0)).toEqual([800, 200]);
    // 1000 off 3000: paid 2000, then for 2000 of items 2000 − 666, for 1000 of them 1000 − 333.
    expect(proRatedRefunds([1000, 1000, 1000], 3000, 1000)).toEqual([666, 667, 667]);
  });
});
