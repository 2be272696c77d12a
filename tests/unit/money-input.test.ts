/**
 * Money input (app/lib/money-input.ts, docs/decisions/039-exact-money-input.md): amounts are
 * plain decimals of rupees with at most two decimals, read to paise from their digits; the shared
 * schemas give the same message to page forms and /api.
 */
import { describe, expect, it } from "vitest";
import { readRupees, rupeesField } from "~/lib/money-input";
import { couponFieldsSchema, tipSchema } from "~/lib/schemas/coupon";
import { productInputSchema } from "~/lib/schemas/admin";
import { apiOrderSchema } from "~/lib/schemas/order";

const accepted: [unknown, number][] = [
  ["0", 0],
  ["1", 100],
  ["20", 2000],
  ["20.5", 2050],
  ["20.50", 2050],
  ["0.01", 1],
  ["007", 700],
  ["1.10", 110],
  ["999999999999.99", 99999999999999],
  // Amounts a float multiplication gets wrong: the paise come from the digits.
  ["1.15", 115],
  ["4.35", 435],
  [20, 2000],
  [20.5, 2050],
  [33.33, 3333],
  [0.29, 29],
  [1.15, 115],
  [0, 0],
  [-0, 0],
  // JSON.parse has already turned 1e2 into 100: read as the number it is (see the decision).
  [JSON.parse("1e2"), 10000],
];

const refused: [unknown, boolean][] = [
  ["1e2", false],
  ["1E2", false],
  ["0x10", false],
  ["0b11", false],
  ["0o17", false],
  [" 1", false],
  ["1 ", false],
  ["1 000", false],
  ["\t1", false],
  ["1.005", false],
  ["1.", false],
  [".5", false],
  ["1..5", false],
  ["1.2.3", false],
  ["+1", false],
  ["-1", true],
  ["-0.50", true],
  ["--1", false],
  ["١٢", false],
  ["１２", false],
  ["1_000", false],
  ["1,200", false],
  ["₹20", false],
  ["20rs", false],
  ["Infinity", false],
  ["NaN", false],
  ["", false],
  ["   ", false],
  [null, false],
  [undefined, false],
  [true, false],
  [false, false],
  [[2], false],
  [["2"], false],
  [{ amount: 2 }, false],
  [1.005, false],
  [0.1 + 0.2, false],
  [1e-7, false],
  [1e21, false],
  [-1, true],
  [-20.5, true],
  [Number.NaN, false],
  [Number.POSITIVE_INFINITY, false],
  [Number.NEGATIVE_INFINITY, false],
  [Symbol("1"), false],
];

describe("readRupees", () => {
  it.each(accepted)("accepts %j as %i paise", (input, paise) => {
    expect(readRupees(input)).toEqual({ ok: true, paise });
  });

  it.each(refused)("refuses %j (negative: %s)", (input, negative) => {
    expect(readRupees(input)).toEqual({ ok: false, negative });
  });

  it("reads more than 12 digits of rupees as Infinity: above every field's maximum", () => {
    expect(readRupees("1000000000000")).toEqual({ ok: true, paise: Number.POSITIVE_INFINITY });
    expect(readRupees(1e20)).toEqual({ ok: true, paise: Number.POSITIVE_INFINITY });
    const field = rupeesField("Price", { maxPaise: 100_00 });
    expect(field.safeParse("1000000000000").error?.issues[0]?.message).toBe("Price can be at most ₹100");
  });

  it("every amount of two decimals up to ₹100 reads to its own paise, as text and as a number", () => {
    for (let paise = 0; paise <= 100_00; paise++) {
      const text = `${Math.trunc(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;
      expect(readRupees(text)).toEqual({ ok: true, paise });
      expect(readRupees(Number(text))).toEqual({ ok: true, paise });
    }
  });
});

describe("the shared schemas name the field", () => {
  const coupon = { code: "SAVE50", type: "flat", value: "50", startsAt: "2026-01-01", endsAt: "2026-12-31" };
  const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

  it("the tip: whole rupees written plainly, blank is none", () => {
    expect(tipSchema.parse("20")).toBe(2000);
    expect(tipSchema.parse(20)).toBe(2000);
    expect(tipSchema.parse("")).toBe(0);
    expect(tipSchema.parse(undefined)).toBe(0);
    for (const bad of ["1e2", "0x10", " 20", "20 ", "١٢", "1_000", true, [2]]) {
      expect(firstMessage(tipSchema.safeParse(bad)), JSON.stringify(bad)).toBe("The tip must be an amount in rupees like 20");
    }
    expect(firstMessage(tipSchema.safeParse("-10"))).toBe("The tip cannot be negative");
    expect(firstMessage(tipSchema.safeParse("201"))).toBe("The tip can be at most ₹200");
    expect(firstMessage(tipSchema.safeParse("12.50"))).toBe("The tip is a whole number of rupees, like 20");
  });

  it("coupon amounts: flat value, minimum order, maximum discount", () => {
    expect(couponFieldsSchema.parse({ ...coupon, value: "33.33", minOrder: "199.99" })).toMatchObject({ value: 3333, minOrder: 19999 });
    expect(couponFieldsSchema.parse({ ...coupon, type: "percent", value: "15", maxDiscount: 20.5 })).toMatchObject({ value: 15, maxDiscount: 2050 });
    expect(firstMessage(couponFieldsSchema.safeParse({ ...coupon, value: "1e2" }))).toBe(
      "Value (a flat discount) must be an amount in rupees like 20 or 20.50",
    );
    expect(firstMessage(couponFieldsSchema.safeParse({ ...coupon, value: "0x10" }))).toBe(
      "Value (a flat discount) must be an amount in rupees like 20 or 20.50",
    );
    expect(firstMessage(couponFieldsSchema.safeParse({ ...coupon, type: "percent", value: "1e1" }))).toBe("A percent discount is a whole number from 1 to 100");
    expect(firstMessage(couponFieldsSchema.safeParse({ ...coupon, minOrder: "1e3" }))).toBe("Minimum order must be an amount in rupees like 20 or 20.50");
    expect(firstMessage(couponFieldsSchema.safeParse({ ...coupon, minOrder: "1,200" }))).toBe("Minimum order must be an amount in rupees like 20 or 20.50");
    expect(firstMessage(couponFieldsSchema.safeParse({ ...coupon, type: "percent", value: 10, maxDiscount: "0x10" }))).toBe(
      "Maximum discount must be an amount in rupees like 20 or 20.50",
    );
    expect(firstMessage(couponFieldsSchema.safeParse({ ...coupon, minOrder: 99.999 }))).toBe("Minimum order must be an amount in rupees like 20 or 20.50");
  });

  it("the product price, as paise; blank is required, never ₹0", () => {
    const product = {
      name: "Ghee",
      description: "Cow ghee",
      image: ["/images/a.png"],
      category: ["a".repeat(24)],
      subCategory: ["b".repeat(24)],
      unit: "1 l",
      stock: "3",
      discount: "0",
    };
    const price = (value: unknown) => productInputSchema.safeParse({ ...product, price: value });
    expect(price("19.99").data?.price).toBe(1999);
    expect(price(19.99).data?.price).toBe(1999);
    expect(firstMessage(price(""))).toBe("Price is required");
    expect(firstMessage(price(undefined))).toBe("Price is required");
    for (const bad of ["1e2", "0x10", " 1", "0.015", "١٢", "Infinity"])
      expect(firstMessage(price(bad)), bad).toBe("Price must be an amount in rupees like 20 or 20.50");
    expect(firstMessage(price("-1"))).toBe("Price cannot be negative");
    expect(firstMessage(price("1000000.01"))).toBe("Price can be at most ₹1000000");
  });

  it("advisory order totals, as paise", () => {
    const order = { list_items: [{ productId: "c".repeat(24), quantity: 1 }], addressId: "d".repeat(24) };
    expect(apiOrderSchema.parse({ ...order, totalAmt: 359.99 }).totalAmt).toBe(35999);
    expect(firstMessage(apiOrderSchema.safeParse({ ...order, subTotalAmt: 1.005 }))).toBe("subTotalAmt must be an amount in rupees like 20 or 20.50");
    expect(firstMessage(apiOrderSchema.safeParse({ ...order, totalAmt: -1 }))).toBe("totalAmt cannot be negative");
    expect(firstMessage(apiOrderSchema.safeParse({ ...order, totalAmt: "360" }))).toBe("totalAmt must be a JSON number of rupees like 20 or 20.50");
  });
});
