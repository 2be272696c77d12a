import { describe, expect, it } from "vitest";
import { paidPerUnit } from "~/lib/pricing";
import { reportBodySchema, reportFormInput } from "~/lib/schemas/report";
import { reportStatusText } from "~/lib/reports";

/** Reports after delivery (decision 050): a unit's value at the price paid, the page form's input, and the status in words. */
describe("the value of a reported unit", () => {
  it("is the unit's price without a coupon", () => {
    expect(paidPerUnit(4500, 9000, 0)).toBe(4500);
  });

  it("takes the coupon's share off, rounded up, so every unit together is worth at most what was paid", () => {
    // Items ₹300 with ₹31 off: ⌈3100 × 10000 / 30000⌉ = 1034 off a ₹100 unit.
    expect(paidPerUnit(10000, 30000, 3100)).toBe(8966);
    const units = [10000, 20000, 333, 667, 999];
    const subTotal = units.reduce((s, u) => s + u, 0);
    for (const discount of [1, 7, 999, 3100, subTotal - 1, subTotal]) {
      const worth = units.reduce((s, u) => s + paidPerUnit(u, subTotal, discount), 0);
      expect(worth, `discount ${discount}`).toBeLessThanOrEqual(subTotal - discount);
    }
    expect(paidPerUnit(5000, 5000, 5000)).toBe(0);
  });
});

describe("the order page's report form", () => {
  it("makes a line of every row with units, with its own reason", () => {
    const a = "a".repeat(24);
    const b = "b".repeat(24);
    const input = reportFormInput({
      intent: "report",
      [`quantity.${a}`]: "2",
      [`reason.${a}`]: "damaged",
      [`quantity.${b}`]: "0",
      [`reason.${b}`]: "",
      comment: " x ",
      refundTo: "",
    });
    expect(reportBodySchema.parse(input)).toEqual({ lines: [{ productId: a, quantity: 2, reason: "damaged" }], comment: "x", refundTo: "wallet" });
  });
});

describe("a report's status in words", () => {
  const base = { claimedAmount: 9000, approvedAmount: null, refundTo: "wallet" as const, decisionReason: null };
  it("says under review, approved (in part) and where to, or declined with the reason", () => {
    expect(reportStatusText({ ...base, status: "open" })).toBe("Under review");
    expect(reportStatusText({ ...base, status: "approved", approvedAmount: 9000 })).toBe("Approved ₹90 to your wallet");
    expect(reportStatusText({ ...base, status: "approved", approvedAmount: 4500, refundTo: "original" })).toBe("Approved ₹45 of ₹90 to your original payment");
    expect(reportStatusText({ ...base, status: "declined", decisionReason: "Checked at packing" })).toBe("Declined: Checked at packing");
  });
});
