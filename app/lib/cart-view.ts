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
  return { lines, bill: computeBill(lines) };
}

export function unitPrice(line: Pick<CartViewLine, "price" | "discount">) {
  return discountedPrice(line.price, line.discount);
}
