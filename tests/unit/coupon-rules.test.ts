/**
 * Every rule of a coupon's verdict (app/lib/coupon-rules.ts, decision 030) at its boundary, and the
 * offer as an admin or shopper reads it.
 */
import { describe, expect, it } from "vitest";
import { describeOffer, judgeCoupon, type CouponLine, type CouponRow, type CouponUses } from "~/lib/coupon-rules";

const coupon: CouponRow = {
  id: "c",
  code: "SAVE10",
  type: "percent",
  value: 10,
  maxDiscount: 10000,
  minOrder: 20000,
  startsAt: Date.parse("2026-11-01T00:00:00+05:30"),
  endsAt: Date.parse("2026-12-04T00:00:00+05:30"),
  totalUses: 100,
  perShopper: 2,
  firstOrderOnly: false,
  categories: [],
  stores: [],
  active: true,
  updatedAt: 0,
};
const noon = Date.parse("2026-11-20T12:00:00+05:30");
const uses = (over: Partial<CouponUses> = {}): CouponUses => ({ total: 0, mine: 0, myOrders: 0, ...over });
const judge = (over: Partial<CouponRow>, lines: CouponLine[], cart: { storeId?: string | null; uses?: CouponUses; now?: number } = {}) =>
  judgeCoupon({ ...coupon, ...over }, { lines, storeId: cart.storeId === undefined ? "s1" : cart.storeId, uses: cart.uses ?? uses(), now: cart.now ?? noon });
const veg = (amount: number): CouponLine => ({ amount, categoryIds: ["veg"] });

describe("judgeCoupon", () => {
  it("applies a valid coupon: 10 % of the items, capped", () => {
    expect(judge({}, [veg(25000)])).toEqual({ ok: true, discount: 2500, eligible: 25000 });
    expect(judge({}, [veg(150000)])).toEqual({ ok: true, discount: 10000, eligible: 150000 });
  });

  it("refuses an inactive coupon", () => {
    expect(judge({ active: false }, [veg(25000)])).toEqual({ ok: false, reason: "SAVE10 is not active" });
  });

  it("is valid from its start (inclusive) to its end (exclusive), named by India's date", () => {
    expect(judge({}, [veg(25000)], { now: coupon.startsAt - 1 })).toEqual({ ok: false, reason: "SAVE10 starts on 1 Nov" });
    expect(judge({}, [veg(25000)], { now: coupon.startsAt })).toMatchObject({ ok: true });
    expect(judge({}, [veg(25000)], { now: coupon.endsAt - 1 })).toMatchObject({ ok: true });
    expect(judge({}, [veg(25000)], { now: coupon.endsAt })).toEqual({ ok: false, reason: "SAVE10 ended on 3 Dec" });
  });

  it("holds to its stores, and is valid everywhere without any", () => {
    expect(judge({ stores: ["s1", "s2"] }, [veg(25000)])).toMatchObject({ ok: true });
    expect(judge({ stores: ["s2"] }, [veg(25000)])).toEqual({ ok: false, reason: "Not valid at this store" });
    expect(judge({ stores: ["s2"] }, [veg(25000)], { storeId: null })).toEqual({ ok: false, reason: "Not valid at this store" });
    expect(judge({ stores: [] }, [veg(25000)], { storeId: null })).toMatchObject({ ok: true });
  });

  it("counts total uses up to the limit; no limit is no limit", () => {
    expect(judge({}, [veg(25000)], { uses: uses({ total: 99 }) })).toMatchObject({ ok: true });
    expect(judge({}, [veg(25000)], { uses: uses({ total: 100 }) })).toEqual({ ok: false, reason: "SAVE10 has been fully used" });
    expect(judge({ totalUses: null }, [veg(25000)], { uses: uses({ total: 1_000_000 }) })).toMatchObject({ ok: true });
  });

  it("counts a shopper's uses up to their limit; a guest and an unlimited coupon are not counted", () => {
    expect(judge({}, [veg(25000)], { uses: uses({ mine: 1 }) })).toMatchObject({ ok: true });
    expect(judge({}, [veg(25000)], { uses: uses({ mine: 2 }) })).toEqual({ ok: false, reason: "You have already used SAVE10" });
    expect(judge({}, [veg(25000)], { uses: uses({ mine: null, myOrders: null }) })).toMatchObject({ ok: true });
    expect(judge({ perShopper: null }, [veg(25000)], { uses: uses({ mine: 50 }) })).toMatchObject({ ok: true });
  });

  it("gives a first-order coupon to a shopper without orders and to a guest only", () => {
    const first = { firstOrderOnly: true };
    expect(judge(first, [veg(25000)], { uses: uses({ myOrders: 0 }) })).toMatchObject({ ok: true });
    expect(judge(first, [veg(25000)], { uses: uses({ myOrders: 1 }) })).toEqual({ ok: false, reason: "SAVE10 is for your first order only" });
    expect(judge(first, [veg(25000)], { uses: uses({ mine: null, myOrders: null }) })).toMatchObject({ ok: true });
    // Orders do not matter to a coupon that is not first-order-only.
    expect(judge({}, [veg(25000)], { uses: uses({ myOrders: 7 }) })).toMatchObject({ ok: true });
  });

  it("asks for items in an empty cart", () => {
    expect(judge({ minOrder: 0 }, [])).toEqual({ ok: false, reason: "Add items to your cart to use SAVE10" });
    expect(judge({ minOrder: 0 }, [veg(0)])).toEqual({ ok: false, reason: "Add items to your cart to use SAVE10" });
  });

  it("discounts only the items in a scoped coupon's categories, but counts the whole cart for the minimum", () => {
    const lines = [veg(20000), { amount: 15000, categoryIds: ["snacks", "dairy"] }, { amount: 999, categoryIds: [] }];
    expect(judge({ categories: ["dairy"] }, lines)).toEqual({ ok: true, discount: 1500, eligible: 15000 });
    expect(judge({ categories: ["dairy", "veg"] }, lines)).toEqual({ ok: true, discount: 3500, eligible: 35000 });
    // The minimum is on the whole cart: 15000 + 999 is 4001 short of 20000.
    expect(judge({ categories: ["dairy"] }, lines.slice(1))).toEqual({ ok: false, reason: "Add ₹40.01 more to use SAVE10" });
    expect(judge({ categories: ["fruit"] }, lines)).toEqual({ ok: false, reason: "Not valid for items in your cart" });
  });

  it("asks for the rest of the minimum order, which is reached at exactly the minimum", () => {
    expect(judge({}, [veg(19999)])).toEqual({ ok: false, reason: "Add ₹0.01 more to use SAVE10" });
    expect(judge({}, [veg(10000), veg(10000)])).toEqual({ ok: true, discount: 2000, eligible: 20000 });
  });

  it("refuses a coupon that would take nothing off", () => {
    // 1 % of 50 paise rounds down to nothing.
    expect(judge({ value: 1, minOrder: 0, maxDiscount: null }, [veg(50)])).toEqual({ ok: false, reason: "Not valid for items in your cart" });
    expect(judge({ value: 1, minOrder: 0, maxDiscount: null }, [veg(100)])).toEqual({ ok: true, discount: 1, eligible: 100 });
  });
});

describe("describeOffer", () => {
  it("says the percent, the cap, the minimum and first-order-only", () => {
    expect(describeOffer({ type: "percent", value: 10, maxDiscount: 10000, minOrder: 49900, firstOrderOnly: false })).toBe(
      "10% off up to ₹100 on orders of ₹499 or more",
    );
    expect(describeOffer({ type: "percent", value: 15, maxDiscount: null, minOrder: 0, firstOrderOnly: true })).toBe("15% off, first order only");
  });

  it("says a flat amount, without a cap even if one is stored", () => {
    expect(describeOffer({ type: "flat", value: 5050, maxDiscount: 2000, minOrder: 30000, firstOrderOnly: true })).toBe(
      "₹50.50 off on orders of ₹300 or more, first order only",
    );
    expect(describeOffer({ type: "flat", value: 5000, maxDiscount: null, minOrder: 0, firstOrderOnly: false })).toBe("₹50 off");
  });
});
