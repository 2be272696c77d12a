import { describe, expect, it } from "vitest";
import { headerCart, isJudgedBill, withPendingQuantities, type CartView } from "~/lib/cart-view";
import { computeBill } from "~/lib/pricing";
import { applyCartIntent } from "../../app/lib/hooks/use-cart";
import { addressSchema, apiAddressSchema } from "~/lib/schemas/address";
import { apiCartUpdateQtySchema, cartActionSchema } from "~/lib/schemas/cart";
import { apiOrderSchema, checkoutFormSchema } from "~/lib/schemas/order";

const id = (n: number) => n.toString(16).padStart(24, "0");
const line = (n: number, price: number, discount: number, quantity: number) => ({
  productId: id(n),
  name: `P${n}`,
  unit: "1 kg",
  image: "",
  price,
  discount,
  stock: 10,
  quantity,
});

describe("optimistic cart", () => {
  const cart: CartView = (() => {
    const lines = [line(1, 15000, 5, 2), line(2, 4000, 0, 1)];
    return { lines, bill: computeBill(lines) };
  })();

  it("recomputes the bill with pending quantities through the pricing module", () => {
    const next = withPendingQuantities(cart, new Map([[id(2), 3]]));
    expect(next.bill.quantityTotal).toBe(5);
    expect(next.bill.itemsTotal).toBe(14200 * 2 + 4000 * 3);
    expect(next.bill.savings).toBe(800 * 2);
  });
  it("drops lines whose pending quantity reaches zero", () => {
    const next = withPendingQuantities(cart, new Map([[id(1), 0]]));
    expect(next.lines.map((l) => l.productId)).toEqual([id(2)]);
    expect(next.bill.grandTotal).toBe(4000);
  });
  it("returns the same cart when nothing is pending", () => {
    expect(withPendingQuantities(cart, new Map())).toBe(cart);
  });
  it("shows a pending intent's quantity on a card, within stock", () => {
    expect(applyCartIntent(0, "add", 5)).toBe(1);
    expect(applyCartIntent(2, "increment", 5)).toBe(3);
    expect(applyCartIntent(5, "increment", 5)).toBe(5);
    expect(applyCartIntent(2, "decrement", 5)).toBe(1);
    expect(applyCartIntent(2, "remove", 5)).toBe(0);
    expect(applyCartIntent(2, undefined, 5)).toBe(2);
    expect(applyCartIntent(2, "explode", 5)).toBe(2);
  });
});

describe("shared schemas", () => {
  it("accepts only the four cart intents with a valid product id", () => {
    expect(cartActionSchema.safeParse({ intent: "add", productId: id(1) }).success).toBe(true);
    expect(cartActionSchema.safeParse({ intent: "explode", productId: id(1) }).success).toBe(false);
    expect(cartActionSchema.safeParse({ intent: "add", productId: "x" }).success).toBe(false);
  });
  it("refuses non-integer, zero, negative and huge API quantities", () => {
    for (const qty of [0, -1, 1.5, 51, "2"]) {
      expect(apiCartUpdateQtySchema.safeParse({ _id: id(1), qty }).success, String(qty)).toBe(false);
    }
    expect(apiCartUpdateQtySchema.safeParse({ _id: id(1), qty: 3 }).success).toBe(true);
  });
  it("normalises Indian mobiles and checks pincodes (the page form and the original client's /api body)", () => {
    const form = addressSchema.parse({
      recipient_name: " Asha ",
      house: "4B",
      street: " 1 MG Road ",
      pincode: "411001",
      mobile: "+91 98765-43210",
    });
    expect(form).toMatchObject({ recipient_name: "Asha", street: "1 MG Road", mobile: "9876543210", label: "home" });
    const original = apiAddressSchema.parse({
      address_line: " 1 MG Road ",
      city: "Pune",
      state: "Maharashtra",
      country: "India",
      pincode: "411001",
      mobile: "+91 98765-43210",
    });
    expect(original).toMatchObject({ street: "1 MG Road", mobile: "9876543210" });
    const bad = addressSchema.safeParse({ recipient_name: "", house: "", street: "", pincode: "011001", mobile: "12345" });
    expect(bad.success).toBe(false);
    const fields = bad.success ? [] : bad.error.issues.map((i) => i.path[0]);
    expect(fields).toEqual(expect.arrayContaining(["recipient_name", "house", "street", "pincode", "mobile"]));
  });
  it("accepts list_items with an embedded product or a bare id, never a price", () => {
    const parsed = apiOrderSchema.parse({
      list_items: [
        { productId: { _id: id(1), price: 1 }, quantity: 2 },
        { productId: id(2), quantity: 1 },
      ],
      addressId: id(9),
      totalAmt: 10,
    });
    expect(parsed.list_items).toEqual([
      { productId: id(1), quantity: 2 },
      { productId: id(2), quantity: 1 },
    ]);
  });
  it("merges list_items naming one product, then holds the sum to the line limit", () => {
    const lines = (...quantities: number[]) => quantities.map((quantity) => ({ productId: id(1), quantity }));
    const merged = apiOrderSchema.parse({ list_items: [...lines(20, 30), { productId: { _id: id(2) }, quantity: 1 }], addressId: id(9) });
    expect(merged.list_items).toEqual([
      { productId: id(1), quantity: 50 },
      { productId: id(2), quantity: 1 },
    ]);
    const over = apiOrderSchema.safeParse({ list_items: lines(50, 50, 50), addressId: id(9) });
    expect(over.success).toBe(false);
    expect(over.error?.issues).toEqual([
      expect.objectContaining({ path: ["list_items"], message: "At most 50 of one product per order: the lines for one product add up to 150" }),
    ]);
    expect(apiOrderSchema.safeParse({ list_items: lines(25, 26), addressId: id(9) }).success).toBe(false);
  });
  it("requires a payment choice and an address at checkout", () => {
    expect(checkoutFormSchema.safeParse({ intent: "cod", addressId: id(1), idempotencyKey: id(2) }).success).toBe(true);
    expect(checkoutFormSchema.safeParse({ intent: "cod", idempotencyKey: id(2) }).success).toBe(false);
    expect(checkoutFormSchema.safeParse({ intent: "card", addressId: id(1), idempotencyKey: id(2) }).success).toBe(false);
  });
});

describe("the header's cart with a coupon (issue 31)", () => {
  const lines = [line(1, 15000, 5, 2), line(2, 4000, 0, 1)];
  const cart: CartView = { lines, bill: computeBill(lines) };
  const judged = (code: string | null, discount: number, reason: string | null = null, at = cart) => ({ cart: at, coupon: { code, discount, reason } });

  it("without a code is the root's cart, known", () => {
    expect(headerCart(cart, null, null)).toEqual({ cart, couponCode: null, known: true });
  });
  it("takes the discount of a bill judged for the same code and lines: the grand total /cart shows", () => {
    const shown = headerCart(cart, "SAVE50", judged("SAVE50", 5000));
    expect(shown.known).toBe(true);
    expect(shown.couponCode).toBe("SAVE50");
    expect(shown.cart.bill).toEqual(computeBill(lines, { couponDiscount: 5000 }));
    expect(shown.cart.bill.grandTotal).toBe(cart.bill.grandTotal - 5000);
  });
  it("shows no coupon line for a code that does not apply (the reason is on /cart), and the full total", () => {
    const shown = headerCart(cart, "SAVE50", judged("SAVE50", 0, "Add ₹120 more to use SAVE50"));
    expect(shown).toEqual({ cart: { lines, bill: computeBill(lines, { couponDiscount: 0 }) }, couponCode: null, known: true });
  });
  it("is not known with no judged bill, another code, or other lines (a change in flight, a stale fetch)", () => {
    expect(headerCart(cart, "SAVE50", null).known).toBe(false);
    expect(headerCart(cart, "SAVE50", judged("OTHER", 5000)).known).toBe(false);
    const more = withPendingQuantities(cart, new Map([[id(2), 2]]));
    expect(headerCart(more, "SAVE50", judged("SAVE50", 5000)).known).toBe(false);
    expect(headerCart(cart, "SAVE50", judged("SAVE50", 5000, null, more)).known).toBe(false);
  });
  it("recognises a loader's judged bill and nothing else", () => {
    expect(isJudgedBill(judged("SAVE50", 5000))).toBe(true);
    expect(isJudgedBill({ cart })).toBe(false);
    expect(isJudgedBill({ cart, coupon: null })).toBe(false);
    expect(isJudgedBill(null)).toBe(false);
  });
});
