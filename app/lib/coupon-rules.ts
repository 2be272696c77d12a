/**
 * Whether a coupon applies to a cart, and why not, in words a shopper understands
 * (docs/decisions/030-coupons-and-tips.md). Pure: the server decides with it from its own prices and
 * counts (app/server/coupons), and the order's statement re-checks the counts atomically.
 */
import { formatINR } from "./money";
import { couponDiscount, type CouponTerms } from "./pricing";

export interface CouponRow extends CouponTerms {
  id: string;
  code: string;
  minOrder: number;
  startsAt: number;
  endsAt: number;
  totalUses: number | null;
  perShopper: number | null;
  firstOrderOnly: boolean;
  categories: string[];
  stores: string[];
  active: boolean;
  updatedAt: number;
}

/** A cart line as the coupon sees it: its items' value (after product discounts) and its categories. */
export interface CouponLine {
  amount: number;
  categoryIds: readonly string[];
}

/** Uses that count against the coupon (orders not cancelled); the shopper's are null for a guest. */
export interface CouponUses {
  total: number;
  mine: number | null;
  /** The shopper's orders that are not cancelled (for first-order-only); null for a guest. */
  myOrders: number | null;
}

export type CouponVerdict = { ok: true; discount: number; eligible: number } | { ok: false; reason: string };

const day = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", timeZone: "Asia/Kolkata" });

/** "3 Dec": the day (India time) a coupon's last valid moment falls on. */
function couponDay(ms: number): string {
  return day.format(new Date(ms));
}

/**
 * The verdict on a coupon for a cart at `now` at a store. A coupon is valid from `startsAt`
 * (inclusive) until `endsAt` (exclusive). The minimum order is on the cart's items total (after
 * product discounts); a scoped coupon discounts only the items in its categories.
 */
export function judgeCoupon(coupon: CouponRow, cart: { lines: readonly CouponLine[]; storeId: string | null; uses: CouponUses; now: number }): CouponVerdict {
  const { code } = coupon;
  if (!coupon.active) return { ok: false, reason: `${code} is not active` };
  if (cart.now < coupon.startsAt) return { ok: false, reason: `${code} starts on ${couponDay(coupon.startsAt)}` };
  if (cart.now >= coupon.endsAt) return { ok: false, reason: `${code} ended on ${couponDay(coupon.endsAt - 1)}` };
  if (coupon.stores.length && (cart.storeId === null || !coupon.stores.includes(cart.storeId))) return { ok: false, reason: "Not valid at this store" };
  if (coupon.totalUses !== null && cart.uses.total >= coupon.totalUses) return { ok: false, reason: `${code} has been fully used` };
  if (coupon.perShopper !== null && cart.uses.mine !== null && cart.uses.mine >= coupon.perShopper)
    return { ok: false, reason: `You have already used ${code}` };
  if (coupon.firstOrderOnly && cart.uses.myOrders !== null && cart.uses.myOrders > 0) return { ok: false, reason: `${code} is for your first order only` };
  const items = cart.lines.reduce((sum, line) => sum + line.amount, 0);
  if (items === 0) return { ok: false, reason: `Add items to your cart to use ${code}` };
  const scoped = coupon.categories.length > 0;
  const eligible = scoped
    ? cart.lines.filter((line) => line.categoryIds.some((id) => coupon.categories.includes(id))).reduce((sum, line) => sum + line.amount, 0)
    : items;
  if (eligible === 0) return { ok: false, reason: "Not valid for items in your cart" };
  if (items < coupon.minOrder) return { ok: false, reason: `Add ${formatINR(coupon.minOrder - items)} more to use ${code}` };
  const discount = couponDiscount(coupon, eligible);
  if (discount <= 0) return { ok: false, reason: "Not valid for items in your cart" };
  return { ok: true, discount, eligible };
}

/** How an admin or shopper reads a coupon's offer: "10% off up to ₹100 on orders above ₹499". */
export function describeOffer(coupon: Pick<CouponRow, "type" | "value" | "maxDiscount" | "minOrder" | "firstOrderOnly">): string {
  const off = coupon.type === "percent" ? `${coupon.value}% off` : `${formatINR(coupon.value)} off`;
  const cap = coupon.type === "percent" && coupon.maxDiscount !== null ? ` up to ${formatINR(coupon.maxDiscount)}` : "";
  const min = coupon.minOrder > 0 ? ` on orders of ${formatINR(coupon.minOrder)} or more` : "";
  return `${off}${cap}${min}${coupon.firstOrderOnly ? ", first order only" : ""}`;
}
