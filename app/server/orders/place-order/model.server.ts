/**
 * What placing an order works with: the request, the plan the batch writes, the order as placed,
 * and the limits the plan and the batch share.
 */
import type { OrderStatus, ReplacementPreference } from "~/db/schema";
import type { Bill } from "~/lib/pricing";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "~/lib/schemas/cart";
import type { OrderLineInput } from "~/lib/schemas/order";
import type { AddressRow } from "~/server/addresses/addresses.server";
import type { StockStore } from "~/server/stores/store-stock.server";

export type PaymentMethod = "COD" | "ONLINE";

/** An order line as placed: what was asked for, with the product and its prices snapshotted. */
export type PlacedLine = OrderLineInput & { name: string; unit: string; image: string; price: number; discount: number; finalPrice: number };

export interface PlacedOrder {
  id: string;
  orderId: string;
  bill: Bill;
  /** A repeated request reads its lines back: a product deleted since has left `productId` null. */
  lines: (Omit<PlacedLine, "productId"> & { productId: string | null })[];
  /** When the stock hold of an online order ends (ms); Stripe's session expiry is derived from it. */
  reservationExpiresAt: number | null;
  /** True when the same idempotency key had already created this order. */
  duplicate: boolean;
  /** The order as it stands now (a duplicate may since have been paid or cancelled). */
  state: { status: OrderStatus; paymentMethod: PaymentMethod; paymentStatus: string; stripeSessionId: string | null };
  /** Checkout Sessions of the shopper's previous hold, released by this order: to be expired at Stripe. */
  replacedSessions: string[];
}

/** A plan, or the order an earlier copy of the same request already placed. */
export type Planned = { plan: OrderPlan } | { order: PlacedOrder };

/** Online orders hold their stock this long (Stripe's minimum Checkout Session lifetime). */
export const RESERVATION_MS = 30 * 60 * 1000;

export const TOO_MANY_LINES = `At most ${MAX_CART_LINES} different products per order: remove some and try again`;

export const EMPTY_CART = "Your cart is empty";
export const NOT_SOLD = "An item in your cart is no longer sold: remove it and try again";

/**
 * A request without an idempotency key is keyed by what it asks for (shopper, address, payment
 * method, merged lines): the same request again within this window is the same order. A cancelled
 * order, or one older than the window, frees its derived key.
 */
export const DERIVED_KEY_WINDOW_MS = 5 * 60 * 1000;

/**
 * Most units of one product a shopper's open cash orders (neither delivered nor cancelled) may hold
 * at one store: the per-line limit. Online checkouts are capped by their one-hold rule instead.
 */
export const MAX_OPEN_CASH_QUANTITY = MAX_LINE_QUANTITY;

export interface OrderInput {
  userId: string;
  addressId: string;
  lines: OrderLineInput[];
  paymentMethod: PaymentMethod;
  /** The client's key (page form or Idempotency-Key); without one a key is derived from the request. */
  idempotencyKey?: string;
  /** Advisory totals from a client, in paise: refused with 409 when they disagree. */
  clientTotals?: { subTotalAmt?: number; totalAmt?: number };
  /**
   * A page checkout: the store whose stock the cart showed (the location cookie's, else the
   * default). The address must be served by that same store. /api clients send none: the store
   * serving the address is the order's store.
   */
  cartStore?: StockStore;
  /** What the store does with a short item (decision 027); "refund" when not given. */
  replacementPreference?: ReplacementPreference;
  /** A coupon code (decision 030): judged here; the order's batch takes its use. */
  couponCode?: string;
  /** Paise for the delivery partner (0..MAX_TIP, already validated). */
  tip?: number;
  /** Spend the wallet's balance on this order (decision 050): it pays min(balance, bill). */
  useWallet?: boolean;
}

export interface OrderKey {
  value: string;
  derived: boolean;
}

/** Everything the order batch needs, decided from one read; `commitOrder` writes it or refuses. */
export interface OrderPlan {
  id: string;
  orderId: string;
  userId: string;
  address: AddressRow;
  paymentMethod: PaymentMethod;
  key: OrderKey;
  lines: PlacedLine[];
  bill: Bill;
  /** The store serving the address: the stock is taken there and returns there. */
  storeId: string;
  replacementPreference: ReplacementPreference;
  /** The coupon as judged (its `updatedAt` too: the batch refuses it if it changed since). */
  coupon: { id: string; code: string; updatedAt: number } | null;
}

/**
 * Whether a planned order waits for Stripe: an online order with something left to pay after the
 * wallet. It alone holds stock for a Checkout Session and replaces the shopper's previous hold.
 */
export const awaitsStripe = (plan: { paymentMethod: PaymentMethod; bill: Bill }) => plan.paymentMethod === "ONLINE" && plan.bill.due > 0;

/** An order the wallet pays in full is paid when placed: no Stripe session, no cash (decision 050). */
export const paidByWallet = (bill: Bill) => bill.walletPaid > 0 && bill.due === 0;
