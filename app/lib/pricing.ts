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
  /** What a coupon took off the items (decision 030); 0 without one. */
  couponDiscount: number;
  /** For the delivery partner; never discounted. */
  tip: number;
  /** What the shopper pays: itemsTotal − couponDiscount + deliveryCharge + tip. */
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

/** Adjustments to the items' bill: a coupon's discount (see `couponDiscount`) and a tip, in paise. */
export interface BillExtras {
  couponDiscount?: number;
  tip?: number;
}

export function computeBill(lines: readonly PricedLine[], extras: BillExtras = {}): Bill {
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
  // A discount never exceeds the items it is taken from; a tip needs something to deliver.
  const couponDiscount = Math.min(itemsTotal, Math.max(0, Math.trunc(extras.couponDiscount ?? 0)));
  const tip = quantityTotal > 0 ? Math.max(0, Math.trunc(extras.tip ?? 0)) : 0;
  return {
    itemsTotal,
    undiscountedTotal,
    savings: undiscountedTotal - itemsTotal,
    quantityTotal,
    deliveryCharge,
    couponDiscount,
    tip,
    grandTotal: itemsTotal - couponDiscount + deliveryCharge + tip,
  };
}

// ---------------------------------------------------------------------------------------------
// Coupons (docs/decisions/030-coupons-and-tips.md)

/** The money rules of a coupon, as stored (paise; percent as a whole number). */
export interface CouponTerms {
  type: "percent" | "flat";
  /** percent: 1..100; flat: paise. */
  value: number;
  /** Paise; null: no cap. */
  maxDiscount: number | null;
}

/**
 * A coupon's discount on `eligible` paise of items (the cart's items after product discounts, only
 * those in the coupon's categories when it has any). percent: eligible × value ÷ 100, rounded DOWN
 * to the paisa, then capped by maxDiscount; flat: value. Never more than the eligible items.
 */
export function couponDiscount(terms: CouponTerms, eligible: number): number {
  const base = Math.max(0, Math.trunc(eligible));
  if (base === 0) return 0;
  const raw = terms.type === "percent" ? Math.floor((base * Math.min(100, Math.max(0, terms.value))) / 100) : Math.max(0, terms.value);
  const capped = terms.maxDiscount !== null ? Math.min(raw, terms.maxDiscount) : raw;
  return Math.min(base, capped);
}

/**
 * What the shopper paid for items worth `items` paise of an order whose items were `subTotal` with
 * `discount` off: items − floor(discount × items ÷ subTotal). The discount shrinks in proportion
 * (rounded down, so the shopper keeps at most a paisa less of it), and the result never exceeds
 * what was paid: `paidFor(subTotal) = subTotal − discount`, and it never decreases as items grow.
 */
export function paidForItems(items: number, subTotal: number, discount: number): number {
  if (subTotal <= 0 || discount <= 0) return items;
  return items - Math.floor((discount * items) / subTotal);
}

/**
 * The coupon discount that remains on an order whose items went from `subTotal` to `items` (a short
 * pick), pro-rated like `paidForItems`.
 */
export function remainingDiscount(items: number, subTotal: number, discount: number): number {
  return items - paidForItems(items, subTotal, discount);
}

/**
 * Refunds of removed items, pro-rated over the coupon: line i removed `removed[i]` paise of items
 * (in a fixed order). Each line is refunded what the shopper paid for it: the paid value of the
 * items before it minus after it, cumulatively, so the refunds add up to exactly
 * `paidForItems(subTotal) − paidForItems(subTotal − Σ removed)` and never to more than was paid.
 */
export function proRatedRefunds(removed: readonly number[], subTotal: number, discount: number): number[] {
  let left = subTotal;
  return removed.map((amount) => {
    const after = Math.max(0, left - Math.max(0, amount));
    const refund = paidForItems(left, subTotal, discount) - paidForItems(after, subTotal, discount);
    left = after;
    return refund;
  });
}

/** The most a tip may be: ₹200, in paise (a whole number of rupees, decision 030). */
export const MAX_TIP = 20000;
