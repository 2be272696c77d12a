/**
 * The wallet on the bill (app/lib/pricing.ts, decision 050 "Spending the wallet"): it pays
 * min(balance, bill) in exact paise, only the cash part is rounded to the rupee, and a refund goes to
 * the online payment's share first, the rest back to the wallet.
 */
import { describe, expect, it } from "vitest";
import { paymentModes } from "../../app/lib/invoice/document";
import { computeBill, splitRefund, walletShare } from "../../app/lib/pricing";

const lines = [{ price: 24713, discount: 0, quantity: 1 }];

describe("the wallet on the bill", () => {
  it("pays part of an online bill; the rest is due online", () => {
    expect(computeBill(lines, { wallet: 10000 })).toMatchObject({ grandTotal: 24713, walletPaid: 10000, due: 14713, payable: 24713, roundOff: 0 });
  });
  it("rounds only the cash part to the rupee", () => {
    expect(computeBill(lines, { wallet: 10000, cash: true })).toMatchObject({ walletPaid: 10000, due: 14700, roundOff: -13, payable: 24700 });
    expect(computeBill(lines, { wallet: 10050, cash: true })).toMatchObject({ walletPaid: 10050, due: 14700, roundOff: 37, payable: 24750 });
  });
  it("pays a whole bill with nothing left to collect and no round off", () => {
    expect(computeBill(lines, { wallet: 90000, cash: true })).toMatchObject({ walletPaid: 24713, due: 0, roundOff: 0, payable: 24713 });
    expect(computeBill(lines, { wallet: 90000 })).toMatchObject({ walletPaid: 24713, due: 0, payable: 24713 });
  });
  it("ignores a negative or fractional offer", () => {
    expect(computeBill(lines, { wallet: -5 })).toMatchObject({ walletPaid: 0, due: 24713 });
    expect(computeBill(lines, { wallet: 10.9 })).toMatchObject({ walletPaid: 10, due: 24703 });
  });
});

describe("splitRefund: Stripe's share first, the rest to the wallet", () => {
  it("refunds within the online share online", () => {
    expect(splitRefund({ total: 50000, walletPaid: 10000 }, 30000)).toEqual({ stripe: 30000, wallet: 0 });
  });
  it("never sends Stripe more than its share", () => {
    expect(splitRefund({ total: 50000, walletPaid: 10000 }, 45000)).toEqual({ stripe: 40000, wallet: 5000 });
    expect(splitRefund({ total: 50000, walletPaid: 50000 }, 20000)).toEqual({ stripe: 0, wallet: 20000 });
  });
  it("after refunds took the total below the wallet's payment, the wallet's share is the total", () => {
    expect(walletShare({ total: 6000, walletPaid: 10000 })).toBe(6000);
    expect(splitRefund({ total: 6000, walletPaid: 10000 }, 6000)).toEqual({ stripe: 0, wallet: 6000 });
  });
  it("a sequence of refunds returns the wallet exactly what leaves its share", () => {
    let order = { total: 50000, walletPaid: 20000 };
    let wallet = 0;
    let stripe = 0;
    for (const amount of [12000, 12000, 12000, 14000]) {
      const split = splitRefund(order, amount);
      wallet += split.wallet;
      stripe += split.stripe;
      order = { ...order, total: order.total - amount };
    }
    expect({ stripe, wallet }).toEqual({ stripe: 30000, wallet: 20000 });
  });
});

describe("the invoice's payment modes", () => {
  const fmt = (paise: number) => `INR ${(paise / 100).toFixed(2)}`;
  it("names the wallet with its amount, then the rest online or in cash", () => {
    expect(paymentModes({ paymentMethod: "COD", total: 23925, walletPaid: 5025 }, fmt)).toBe("Wallet INR 50.25 + Cash on delivery INR 189.00");
    expect(paymentModes({ paymentMethod: "ONLINE", total: 17800, walletPaid: 5000 }, fmt)).toBe("Wallet INR 50.00 + Paid online INR 128.00");
    expect(paymentModes({ paymentMethod: "ONLINE", total: 9963, walletPaid: 9963 }, fmt)).toBe("Wallet INR 99.63");
    expect(paymentModes({ paymentMethod: "COD", total: 23900, walletPaid: 0 }, fmt)).toBe("Cash on delivery");
  });
});
