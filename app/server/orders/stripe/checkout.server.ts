/**
 * Starting an online payment: a Stripe Checkout Session with server-computed line items, attached
 * to its order, which holds its stock while the session is open.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type Stripe from "stripe";
import { eq, sql } from "drizzle-orm";
import { nowMs, orders } from "~/db/schema";
import { Refusal } from "~/lib/refusal";
import { formatINR } from "~/lib/money";
import { getDb } from "~/server/db/db.server";
import { cancelStatements, publishCancelled } from "../order-cancel.server";
import { RESERVATION_MS, type PlacedOrder } from "../place-order.server";
import { expireSession } from "./client.server";
import { STORE_CURRENCY } from "./payment-rules.server";

/**
 * Server-computed INR line items (paise), one per order line (or one for the items after a coupon),
 * plus delivery when it costs anything and the tip; with a wallet payment, one line for what is left:
 * Stripe's `amount_total` is then exactly the order's `total` less the wallet's part, which the
 * webhook insists on. Every
 * parameter is derived from the order, so a retry with the same idempotency key is the same request.
 */
async function createCheckoutSession(stripe: Stripe, order: PlacedOrder, { origin, email }: { origin: string; email?: string }) {
  const item = (name: string, quantity: number, unitAmount: number) => ({
    quantity,
    price_data: { currency: STORE_CURRENCY, unit_amount: unitAmount, product_data: { name } },
  });
  const expiresAt = order.reservationExpiresAt ?? Date.now() + RESERVATION_MS;
  return stripe.checkout.sessions.create(
    {
      mode: "payment",
      currency: STORE_CURRENCY,
      client_reference_id: order.id,
      customer_email: email || undefined,
      metadata: { orderId: order.id, orderNumber: order.orderId },
      line_items:
        order.bill.walletPaid > 0
          ? [item(`Order ${order.orderId}, after ${formatINR(order.bill.walletPaid)} paid from your wallet`, 1, order.bill.due)]
          : [
              // With a coupon (decision 030) the items are one line at their discounted total: Stripe's
              // line amounts are per unit, and a pro-rated unit price would not add up to the paisa.
              ...(order.bill.couponDiscount > 0
                ? order.bill.itemsTotal > order.bill.couponDiscount
                  ? [item(`Groceries, order ${order.orderId} (coupon applied)`, 1, order.bill.itemsTotal - order.bill.couponDiscount)]
                  : []
                : order.lines
                    .filter((line) => line.finalPrice > 0)
                    .map((line) => item(`${line.name}${line.unit ? ` (${line.unit})` : ""}`, line.quantity, line.finalPrice))),
              ...(order.bill.deliveryCharge > 0 ? [item("Delivery", 1, order.bill.deliveryCharge)] : []),
              ...(order.bill.tip > 0 ? [item("Tip for your delivery partner", 1, order.bill.tip)] : []),
            ],
      expires_at: Math.floor(expiresAt / 1000) + 60,
      // Back to the live order page, which says the payment is awaited until the webhook confirms it.
      success_url: `${origin}/dashboard/myorders/${order.id}`,
      cancel_url: `${origin}/cancel?order=${order.id}`,
    },
    { idempotencyKey: `checkout-${order.id}` },
  );
}

/** The Checkout Session to send the shopper to; a payment that cannot start throws a Refusal (409, 502). */
export type OnlinePaymentStart = { id: string; url: string };

const PAYMENT_UNREACHABLE = "We could not reach the payment provider. Please try again or choose Cash on Delivery.";
const CHECKOUT_CLOSED = "This checkout is closed: you started a newer one, or it expired. Pay in your newest checkout, or start again.";

/**
 * Opens (or, for a repeated request, finds again) the Checkout Session of an online order. A new
 * order first closes the sessions of the hold it replaced, so they cannot be paid any more. If
 * Stripe cannot be reached the new order is cancelled and its stock returned at once.
 */
export async function startOnlinePayment(
  context: AppLoadContext,
  stripe: Stripe,
  order: PlacedOrder,
  { origin, email, userId }: { origin: string; email?: string; userId: string },
): Promise<OnlinePaymentStart> {
  await Promise.all(order.replacedSessions.map((id) => expireSession(stripe, id)));
  if (order.state.paymentMethod !== "ONLINE") throw new Refusal("This order is paid cash on delivery", 409);
  if (order.duplicate && order.state.paymentStatus === "PAID") throw new Refusal("This order is already paid", 409);
  if (order.duplicate && (order.state.status !== "placed" || order.state.paymentStatus !== "PENDING")) {
    throw new Refusal(CHECKOUT_CLOSED, 409);
  }
  let session: Stripe.Checkout.Session;
  try {
    session = order.state.stripeSessionId
      ? await stripe.checkout.sessions.retrieve(order.state.stripeSessionId)
      : await createCheckoutSession(stripe, order, { origin, email });
    if (!session.url) throw new Error("Stripe returned no checkout URL");
  } catch (error) {
    console.error("Stripe checkout failed", error);
    // Only the request that created the order may give it up; a repeat leaves it to that request.
    if (!order.duplicate) {
      const db = getDb(context);
      const results = await db.batch(cancelStatements(db, { orderId: order.id, by: "payment", actorUserId: userId }, "Payment could not start"));
      publishCancelled(context, results[results.length - 1]);
    }
    throw new Refusal(PAYMENT_UNREACHABLE, 502);
  }
  const awaiting = await attachCheckoutSession(context, order.id, session.id, (session.expires_at ?? 0) * 1000);
  if (session.payment_status === "paid") throw new Refusal("This order is already paid", 409);
  if (!awaiting || session.status !== "open") {
    // Released meanwhile (a newer checkout, a cancel): close the session so it cannot be paid.
    await expireSession(stripe, session.id);
    throw new Refusal(CHECKOUT_CLOSED, 409);
  }
  return { id: session.id, url: session.url };
}

/**
 * Attaches the Stripe Checkout Session to its order, always (so a payment on it can still be matched
 * and flagged), and tells whether the order is still awaiting that payment: a newer checkout or a
 * cancel may have released it between the order batch and this call.
 */
async function attachCheckoutSession(context: AppLoadContext, orderId: string, sessionId: string, expiresAt: number): Promise<boolean> {
  const awaiting = sql`${orders.status} = 'placed' and ${orders.paymentStatus} = 'PENDING'`;
  const row = await getDb(context)
    .update(orders)
    .set({
      stripeSessionId: sql`coalesce(${orders.stripeSessionId}, ${sessionId})`,
      reservationExpiresAt: sql`case when ${awaiting} then ${expiresAt} else ${orders.reservationExpiresAt} end`,
      updatedAt: nowMs,
    })
    .where(eq(orders.id, orderId))
    .returning({ awaiting: sql<number>`${awaiting} and ${orders.stripeSessionId} = ${sessionId}` })
    .get();
  return Boolean(row?.awaiting);
}
