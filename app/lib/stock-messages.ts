/**
 * What a shopper is told when stock runs short: the cart's wording (adding to the cart) and the
 * order's (placing it). One module so the two stay side by side; the texts are asserted by tests.
 */
import { MAX_LINE_QUANTITY } from "~/lib/schemas/cart";

interface ProductStock {
  name: string;
  stock: number;
}

/** The most of a product one cart line may hold: its stock, capped by the per-line limit. */
export function limitFor(stock: number): number {
  return Math.min(stock, MAX_LINE_QUANTITY);
}

/** Why the cart refused more of a product. */
export function stockMessage(product: ProductStock): string {
  if (product.stock <= 0) return `${product.name} is out of stock`;
  return `Only ${limitFor(product.stock)} of ${product.name} can be added`;
}

/**
 * What a newly chosen store cannot deliver of the cart (decision 020), or null when it has it all:
 * "FreshDash Saket does not have everything in your cart: Amul Butter is out of stock there; only 2 of Eggs left."
 */
export function storeChangeMessage(storeName: string, lines: (ProductStock & { quantity: number })[]): string | null {
  const short = lines.filter((line) => line.quantity > line.stock);
  if (!short.length) return null;
  const parts = short.map((line) => (line.stock <= 0 ? `${line.name} is out of stock there` : `only ${line.stock} of ${line.name} left`));
  return `${storeName} does not have everything in your cart: ${parts.join("; ")}`;
}

/** Why an order was refused: a line asked for more than is left. */
export function soldOutMessage(product: ProductStock): string {
  return product.stock <= 0 ? `${product.name} just sold out` : `Only ${product.stock} of ${product.name} left: lower the quantity and try again`;
}

/**
 * Why a cash order was refused: the shopper's open cash orders already hold `open` of a product and
 * this order would take them past `cap` (docs/decisions/009-payment-trust.md).
 */
export function openCashLimitMessage(name: string, open: number, cap: number): string {
  const text = `You already have ${open} of ${name} on open cash-on-delivery orders, and one shopper may have at most ${cap} of it until they are delivered`;
  return open < cap ? `${text}: order at most ${cap - open} more` : text;
}
