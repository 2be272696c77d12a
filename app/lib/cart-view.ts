/** The cart as the browser sees it (prices in paise), shared by root, /cart, the panel and checkout. */
import { computeBill, discountedPrice, type Bill } from "./pricing";

export interface CartViewLine {
  productId: string;
  name: string;
  unit: string;
  image: string;
  price: number;
  discount: number;
  stock: number;
  quantity: number;
}

export interface CartView {
  lines: CartViewLine[];
  bill: Bill;
}

export const EMPTY_CART: CartView = { lines: [], bill: computeBill([]) };

/** Applies pending quantity changes (optimistic UI) and recomputes the bill with the one pricing module. */
export function withPendingQuantities(cart: CartView, pending: Map<string, number>): CartView {
  if (!pending.size) return cart;
  const lines = cart.lines
    .map((line) => (pending.has(line.productId) ? { ...line, quantity: pending.get(line.productId)! } : line))
    .filter((line) => line.quantity > 0);
  return { lines, bill: computeBill(lines, { tip: cart.bill.tip }) };
}

export function unitPrice(line: Pick<CartViewLine, "price" | "discount">) {
  return discountedPrice(line.price, line.discount);
}

/** A bill whose coupon a loader judged against its cart (the data of /cart and /checkout). */
export interface JudgedBill {
  cart: CartView;
  coupon: { code: string | null; discount: number; reason: string | null };
}

export function isJudgedBill(data: unknown): data is JudgedBill {
  if (typeof data !== "object" || data === null || !("cart" in data) || !("coupon" in data)) return false;
  const { cart, coupon } = data as { cart: unknown; coupon: unknown };
  return (
    typeof cart === "object" &&
    cart !== null &&
    Array.isArray((cart as { lines?: unknown }).lines) &&
    typeof coupon === "object" &&
    coupon !== null &&
    typeof (coupon as { discount?: unknown }).discount === "number"
  );
}

/** The header's cart: `known` is false when a code is applied but its discount is not known here. */
export interface HeaderCart {
  cart: CartView;
  /** The applied code, when it applies (the bill shows "Coupon CODE"). */
  couponCode: string | null;
  known: boolean;
}

const sameLines = (a: readonly CartViewLine[], b: readonly CartViewLine[]) =>
  a.length === b.length &&
  a.every((line, i) => line.productId === b[i].productId && line.quantity === b[i].quantity && line.price === b[i].price && line.discount === b[i].discount);

/**
 * The header's bill from the root's cart (with pending changes), the applied code the root read from
 * its cookie, and a bill a loader judged: its discount is used only when it was judged for this very
 * code and these very lines, so a change in flight, a stale fetch or another code never shows a
 * discount that no longer holds. The bill is the cart's (as /cart shows it): no tip.
 */
export function headerCart(cart: CartView, code: string | null, judged: JudgedBill | null): HeaderCart {
  if (!code || !cart.lines.length) return { cart, couponCode: null, known: true };
  if (!judged || judged.coupon.code !== code || !sameLines(judged.cart.lines, cart.lines)) return { cart, couponCode: null, known: false };
  const discount = judged.coupon.reason ? 0 : judged.coupon.discount;
  return { cart: { lines: cart.lines, bill: computeBill(cart.lines, { couponDiscount: discount }) }, couponCode: discount > 0 ? code : null, known: true };
}
