/**
 * Money as paise and rupees (app/lib/money.ts): conversions round to the paisa, money is written one
 * way (no needless paise) except on the GST invoice, and formatted amounts are remembered within a
 * bound (decision 016).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatINR, formatInvoiceAmount, paiseToRupees, rupeesToPaise } from "~/lib/money";

describe("paise and rupees", () => {
  it("converts both ways, rounding to the nearest paisa", () => {
    expect(paiseToRupees(12345)).toBe(123.45);
    expect(paiseToRupees(12345.6)).toBe(123.46);
    expect(paiseToRupees(0)).toBe(0);
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(rupeesToPaise(0.015)).toBe(2);
    expect(rupeesToPaise(120)).toBe(12000);
  });
});

describe("formatINR", () => {
  it("drops the paise of whole rupees and shows two digits otherwise", () => {
    expect(formatINR(12000)).toBe("₹120");
    expect(formatINR(12050)).toBe("₹120.50");
    expect(formatINR(12345)).toBe("₹123.45");
    expect(formatINR(1234500)).toBe("₹12,345");
    expect(formatINR(15000000)).toBe("₹1,50,000");
  });

  it("rounds a fraction of a paisa before deciding", () => {
    expect(formatINR(11999.6)).toBe("₹120");
    expect(formatINR(12345.6)).toBe("₹123.46");
  });

  it("writes zero and refunds the same way", () => {
    expect(formatINR(0)).toBe("₹0");
    expect(formatINR(-0)).toBe("₹0");
    expect(formatINR(-150)).toBe("-₹1.50");
  });
});

describe("formatInvoiceAmount", () => {
  it("keeps two decimals for the invoice's aligned columns", () => {
    expect(formatInvoiceAmount(16800)).toBe("₹168.00");
    expect(formatInvoiceAmount(12345600)).toBe("₹1,23,456.00");
    expect(formatInvoiceAmount(150)).toBe("₹1.50");
  });
});

describe("formatINR's memory", () => {
  // Intl.NumberFormat's `format` is a getter: each read is one formatting.
  const formats = () => vi.spyOn(Intl.NumberFormat.prototype as { format: unknown }, "format", "get");
  afterEach(() => vi.restoreAllMocks());

  it("formats an amount once, then answers from memory", () => {
    const spy = formats();
    expect(formatINR(98_765_43)).toBe("₹98,765.43");
    expect(formatINR(98_765_43)).toBe("₹98,765.43");
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("holds at most 2000 amounts, then starts again", async () => {
    vi.resetModules();
    const fresh = (await import("~/lib/money")).formatINR;
    const spy = formats();
    for (let paise = 1; paise <= 2000; paise++) fresh(paise);
    expect(spy).toHaveBeenCalledTimes(2000);
    // All 2000 are remembered.
    for (let paise = 1; paise <= 2000; paise++) fresh(paise);
    expect(spy).toHaveBeenCalledTimes(2000);
    // A 2001st amount starts a new memory: the earlier ones are formatted again.
    expect(fresh(2001)).toBe("₹20.01");
    expect(fresh(1)).toBe("₹0.01");
    expect(spy).toHaveBeenCalledTimes(2002);
  });
});
