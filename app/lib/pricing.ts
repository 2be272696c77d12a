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
  /** The bill's exact total: itemsTotal − couponDiscount + deliveryCharge + tip. */
  grandTotal: number;
  /** Cash only: payable − grandTotal, −50..+49 paise (see `cashRoundOff`); 0 for an online payment. */
  roundOff: number;
  /** What the shopper pays: grandTotal + roundOff (whole rupees when paid in cash). */
  payable: number;
  /** Paid from the shopper's wallet (decision 050): min(balance offered, grandTotal); 0 without it. */
  walletPaid: number;
  /** What is left to pay online or in cash: payable − walletPaid. */
  due: number;
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
  /** Paid in cash on delivery: the part paid in cash is rounded to the rupee (`cashRoundOff`). */
  cash?: boolean;
  /** Paise of wallet balance the shopper spends on this bill: it pays min(this, grandTotal). */
  wallet?: number;
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
  const grandTotal = itemsTotal - couponDiscount + deliveryCharge + tip;
  const { walletPaid, roundOff } = payment(grandTotal, extras);
  return {
    itemsTotal,
    undiscountedTotal,
    savings: undiscountedTotal - itemsTotal,
    quantityTotal,
    deliveryCharge,
    couponDiscount,
    tip,
    grandTotal,
    roundOff,
    payable: grandTotal + roundOff,
    walletPaid,
    due: grandTotal + roundOff - walletPaid,
  };
}

/**
 * How a bill of `grandTotal` is paid: the wallet pays exact paise, min(balance, grandTotal); only
 * what is left for cash is rounded to the rupee, so a balance that covers the bill leaves nothing
 * to collect and no round off.
 */
export function payment(grandTotal: number, { cash = false, wallet = 0 }: { cash?: boolean; wallet?: number }) {
  const walletPaid = Math.min(grandTotal, Math.max(0, Math.trunc(wallet)));
  const roundOff = cash ? cashRoundOff(grandTotal - walletPaid) : 0;
  return { walletPaid, roundOff, payable: grandTotal + roundOff, due: grandTotal + roundOff - walletPaid };
}

// ---------------------------------------------------------------------------------------------
// The wallet's share of an order (decision 050, "Spending the wallet")

/**
 * The part of an order's total its wallet payment still stands for: what the wallet paid, never
 * more than the total (a short pick may have taken the total below it). The rest of the total is
 * the online payment's (or the cash's) share.
 */
export function walletShare(order: { total: number; walletPaid: number }): number {
  return Math.min(Math.max(0, order.walletPaid), Math.max(0, order.total));
}

/**
 * Where a refund of `amount` off an order goes: the online payment's share first (Stripe is never
 * sent more than it was paid), and what goes beyond it back to the wallet. THE one rule for every
 * refund of an order paid partly from the wallet: a cancel, a short pick's line refunds.
 */
export function splitRefund(order: { total: number; walletPaid: number }, amount: number): { stripe: number; wallet: number } {
  const refund = Math.max(0, Math.trunc(amount));
  const stripe = Math.min(refund, Math.max(0, order.total - walletShare(order)));
  return { stripe, wallet: refund - stripe };
}

// ---------------------------------------------------------------------------------------------
// Cash in whole rupees

/**
 * A cash amount rounded to the nearest rupee, 50 paise and more up (half up), as a GST invoice's
 * round-off does: ₹247.13 → ₹247, ₹247.50 → ₹248, ₹247.49 → ₹247. A rider carries no coins of
 * paise, so a cash-on-delivery order's total is always this.
 */
export function roundToRupee(paise: number): number {
  const amount = Math.max(0, Math.trunc(paise));
  return Math.floor((amount + 50) / 100) * 100;
}

/** What rounding a cash total to the rupee adds (+1..+50 paise) or takes off (−1..−49); 0 when whole. */
export function cashRoundOff(paise: number): number {
  return roundToRupee(paise) - Math.max(0, Math.trunc(paise));
}

/**
 * The round off already in a stored order: its total minus its exact bill. An order's `total` is
 * what the shopper pays (`Bill.payable`), so for a cash order it holds the round off; older orders
 * and online ones answer 0.
 */
export function orderRoundOff(order: { total: number; subTotal: number; discount: number; tip: number }): number {
  return order.total - (order.subTotal - order.discount + order.tip);
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

/** What a pick does to an order's coupon discount: kept at face value, or pro-rated below the minimum. */
export interface DiscountAfterPick {
  discount: number;
  /** True when the discount shrank with the items (a percent coupon, or a flat one whose minimum is no longer met). */
  prorated: boolean;
  /** Refunds per removed line (same order as `removed`), adding up to exactly what the order's total lost. */
  refunds: number[];
}

/**
 * The coupon discount after a short pick took the items from `subTotal` to `subTotal − Σ removed`.
 * A flat coupon keeps its face value (`discount` as placed, never more than the items left) while
 * the items still meet its minimum (`minOrder`, paise): the shopper is refunded every removed paisa.
 * A percent coupon, a flat one below its minimum, and an order whose coupon is gone (unknown: null)
 * keep the rule of decision 030: the discount shrinks in proportion (`remainingDiscount`) and the
 * refunds are pro-rated (`proRatedRefunds`); the coupon is never withdrawn.
 */
export function discountAfterPick(
  coupon: { type: "percent" | "flat"; minOrder: number } | null,
  subTotal: number,
  discount: number,
  removed: readonly number[],
): DiscountAfterPick {
  const itemsAfter = Math.max(0, subTotal - removed.reduce((sum, r) => sum + Math.max(0, r), 0));
  if (discount > 0 && coupon?.type === "flat" && itemsAfter >= coupon.minOrder) {
    // paid(x) = x − min(discount, x): never decreases as x grows, paid(subTotal) = subTotal − discount.
    const paid = (x: number) => x - Math.min(discount, x);
    let left = subTotal;
    const refunds = removed.map((amount) => {
      const after = Math.max(0, left - Math.max(0, amount));
      const refund = paid(left) - paid(after);
      left = after;
      return refund;
    });
    return { discount: Math.min(discount, itemsAfter), prorated: false, refunds };
  }
  return { discount: remainingDiscount(itemsAfter, subTotal, discount), prorated: discount > 0, refunds: proRatedRefunds(removed, subTotal, discount) };
}

/** The most a tip may be: ₹200, in paise (a whole number of rupees, decision 030). */
export const MAX_TIP = 20000;

/** The tip buttons, in rupees (the form also takes a custom whole amount). A plain list, so the cart's tip buttons do not bring zod to the browser. */
export const TIP_CHOICES = ["0", "10", "20", "30"] as const;

// ---------------------------------------------------------------------------------------------
// Reports after delivery (decision 050)

/**
 * What the shopper paid for one unit of an item at `unitPrice` (paise, after the product's
 * discount) on an order whose items came to `subTotal` with a coupon's `discount` off: the unit's
 * share of the discount, rounded UP to the paisa, is taken off. So units reported one report at a
 * time are worth the same as reported at once (units × this), and every unit of the order together
 * is worth at most what was paid for the items (`subTotal − discount`). The tip is not an item's.
 */
export function paidPerUnit(unitPrice: number, subTotal: number, discount: number): number {
  const price = Math.max(0, Math.trunc(unitPrice));
  if (subTotal <= 0 || discount <= 0) return price;
  return Math.max(0, price - Math.ceil((Math.min(discount, subTotal) * price) / subTotal));
}
