/**
 * The one pricing module (spec section 9), used by the server, the cart panel, checkout and the
 * Stripe line items. All amounts are integer paise.
 *
 * Discounted unit price = price − ceil(price × discount% ÷ 100), where the discount amount is
 * rounded up to a whole rupee.
 */
export interface PricedLine {
  /** List price per unit, paise. */
  price: number;
  /** Whole percent 0..100. */
  discount: number;
  quantity: number;
}

export interface Bill {
  /** Sum of discounted price × quantity. */
  itemsTotal: number;
  /** Sum of list price × quantity. */
  undiscountedTotal: number;
  savings: number;
  quantityTotal: number;
  /** Delivery is free (spec section 9). */
  deliveryCharge: number;
  grandTotal: number;
}

const DELIVERY_CHARGE = 0;

export function discountAmount(price: number, discount: number): number {
  const pct = Math.min(100, Math.max(0, Math.trunc(discount || 0)));
  if (pct === 0 || price <= 0) return 0;
  // ceil to a whole rupee (100 paise) of price × pct / 100, in integers to avoid float error.
  const rupeeUnits = Math.ceil((price * pct) / (100 * 100));
  return Math.min(price, rupeeUnits * 100);
}

export function discountedPrice(price: number, discount: number): number {
  return price - discountAmount(price, discount);
}

export function computeBill(lines: readonly PricedLine[]): Bill {
  let itemsTotal = 0;
  let undiscountedTotal = 0;
  let quantityTotal = 0;
  for (const line of lines) {
    const qty = Math.max(0, Math.trunc(line.quantity));
    itemsTotal += discountedPrice(line.price, line.discount) * qty;
    undiscountedTotal += line.price * qty;
    quantityTotal += qty;
  }
  const deliveryCharge = quantityTotal > 0 ? DELIVERY_CHARGE : 0;
  return {
    itemsTotal,
    undiscountedTotal,
    savings: undiscountedTotal - itemsTotal,
    quantityTotal,
    deliveryCharge,
    grandTotal: itemsTotal + deliveryCharge,
  };
}
