/**
 * The /api face of orders: an order placed from an /api body, and orders in the spec's shapes
 * (`_id`, rupees, `product_details`, the original server's one-entry-per-line list).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ReplacementPreference } from "~/db/schema";
import { paiseToRupees } from "~/lib/money";
import { deliveryDueAt } from "~/lib/order-status";
import { orderRoundOff, walletShare } from "~/lib/pricing";
import { type OrderLineInput } from "~/lib/schemas/order";
import { Refusal } from "~/lib/refusal";
import { placeOrder, type PaymentMethod, type PlacedOrder } from "./place-order.server";
import type { OrderSummary } from "./read-orders.server";

/**
 * An /api order request (cash-on-delivery or checkout): the body's lines, address, advisory totals
 * and key. A key already used for an order of the other payment method is a conflict.
 */
export async function placeApiOrder(
  context: AppLoadContext,
  request: Request,
  userId: string,
  body: {
    list_items: OrderLineInput[];
    addressId: string;
    /** Paise, like the tip. */
    subTotalAmt?: number;
    totalAmt?: number;
    idempotencyKey?: string;
    replacementPreference?: ReplacementPreference;
    couponCode?: string;
    /** Paise (the schema turned the body's rupees into paise). */
    tip?: number;
    useWallet?: boolean;
  },
  paymentMethod: PaymentMethod,
): Promise<PlacedOrder> {
  const order = await placeOrder(context, {
    userId,
    addressId: body.addressId,
    lines: body.list_items,
    paymentMethod,
    idempotencyKey: request.headers.get("Idempotency-Key")?.trim().slice(0, 64) || body.idempotencyKey,
    clientTotals: { subTotalAmt: body.subTotalAmt, totalAmt: body.totalAmt },
    replacementPreference: body.replacementPreference,
    couponCode: body.couponCode,
    tip: body.tip,
    useWallet: body.useWallet,
  });
  if (order.state.paymentMethod !== paymentMethod) {
    throw new Refusal("This Idempotency-Key was already used for an order with another payment method", 409);
  }
  return order;
}

/**
 * `GET /api/order/order-list` as the original server answered it: it stored one order document per
 * product line, so the list has one entry per line, `product_details` is that line's product
 * (`{ name, image: [url] }`), and the order's number, status, payment, totals (of the whole order,
 * repeated on each of its lines, as the original did), address and time are on every entry.
 * `_id` is the line's own id; `order_ref` is the order's `_id` (for /api/order/details, cancel and
 * reorder). The grouped view is `serializeOrder`.
 */
export function serializeOrderLines(order: OrderSummary, userId: string) {
  const shared = {
    order_ref: order.id,
    userId,
    orderId: order.orderId,
    status: order.status,
    payment_method: paymentMethodLabel(order.paymentMethod),
    payment_status: order.paymentStatus,
    paymentId: order.paymentId ?? "",
    delivery_address: { _id: order.addressId, ...order.deliveryAddress },
    subTotalAmt: paiseToRupees(order.subTotal),
    discount: paiseToRupees(order.discount),
    couponCode: order.couponCode,
    tip: paiseToRupees(order.tip),
    /** Cash orders are collected in whole rupees: totalAmt = subTotalAmt − discount + tip + roundOff. */
    roundOff: paiseToRupees(orderRoundOff(order)),
    totalAmt: paiseToRupees(order.total),
    walletPaid: paiseToRupees(walletShare(order)),
    amountDue: paiseToRupees(order.total - walletShare(order)),
    createdAt: new Date(order.createdAt).toISOString(),
  };
  return order.items.map((item) => ({
    _id: item.id,
    ...shared,
    productId: item.productId,
    quantity: item.quantity,
    product_details: { name: item.name, image: item.image ? [item.image] : [], unit: item.unit },
  }));
}

const paymentMethodLabel = (method: PaymentMethod) => (method === "COD" ? "Cash on Delivery" : "Online Payment");

/**
 * An order in the /api shape. `deliveryCode` is the shopper's own view: the code (while out for
 * delivery) is shown only to the shopper, never to staff or riders, who must ask for it.
 */
export function serializeOrder(order: OrderSummary, { deliveryCode = false }: { deliveryCode?: boolean } = {}) {
  return {
    _id: order.id,
    orderId: order.orderId,
    status: order.status,
    payment_method: paymentMethodLabel(order.paymentMethod),
    payment_status: order.paymentStatus,
    subTotalAmt: paiseToRupees(order.subTotal),
    discount: paiseToRupees(order.discount),
    couponCode: order.couponCode,
    tip: paiseToRupees(order.tip),
    /** Cash orders are collected in whole rupees: totalAmt = subTotalAmt − discount + tip + roundOff. */
    roundOff: paiseToRupees(orderRoundOff(order)),
    totalAmt: paiseToRupees(order.total),
    /** Rupees of totalAmt paid from the wallet; the rest (`amountDue`) online or in cash. */
    walletPaid: paiseToRupees(walletShare(order)),
    amountDue: paiseToRupees(order.total - walletShare(order)),
    delivery_address: order.deliveryAddress,
    createdAt: new Date(order.createdAt).toISOString(),
    delivery_due_at: new Date(deliveryDueAt(order)).toISOString(),
    version: order.version,
    needs_attention: order.needsAttention,
    attention_note: order.attentionNote,
    refund_id: order.refundId,
    replacementPreference: order.replacementPreference,
    ...(deliveryCode ? { deliveryCode: order.deliveryCode } : {}),
    rider: order.riderName,
    /** The shopper's rating after delivery, null until rated. */
    rating: order.rating === null ? null : { rating: order.rating, comment: order.ratingComment },
    product_details: order.items.map((item) => ({
      productId: item.productId,
      name: item.name,
      image: item.image ? [item.image] : [],
      unit: item.unit,
      quantity: item.quantity,
      price: paiseToRupees(item.price),
      finalPrice: paiseToRupees(item.finalPrice),
      picked: item.picked,
      replacedBy: item.replacedByName
        ? {
            productId: item.replacedByProductId,
            name: item.replacedByName,
            quantity: item.replacedByQuantity,
            finalPrice: paiseToRupees(item.replacedByUnitPrice),
          }
        : null,
      refunded: paiseToRupees(item.refundedAmount),
    })),
    status_history: order.history.map((h) => ({ status: h.status, at: new Date(h.createdAt).toISOString(), note: h.note })),
  };
}
