import { apiAction } from "~/server/api/api-route.server";
import { publicOriginOf } from "~/server/platform/env.server";
import { apiOrderSchema } from "~/lib/schemas/order";
import { paiseToRupees } from "~/lib/money";
import { apiError, apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { placeApiOrder } from "~/server/orders/api-orders.server";
import { getStripe, ONLINE_PAYMENT_UNAVAILABLE, startOnlinePayment } from "~/server/orders/stripe.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/order/checkout: reserves stock in a pending order and returns the Checkout Session `id`
 * and `url`. A shopper holds one unpaid checkout: starting another releases the previous one.
 * The same request again (same key, or the same body without a key) answers with the same session.
 * With `useWallet: true` the wallet pays min(balance, total) and Stripe only the rest (`amountDue`);
 * an order the wallet pays in full is paid at once: `id` and `url` are null.
 */
export const action = apiAction({ method: "POST", auth: "user", body: apiOrderSchema }, async ({ request, context, user, body }) => {
  const stripe = getStripe(context);
  if (!stripe) return apiError(ONLINE_PAYMENT_UNAVAILABLE, 503);
  const order = await placeApiOrder(context, request, user.id, body, "ONLINE");
  const session =
    order.bill.due > 0
      ? await startOnlinePayment(context, stripe, order, {
          origin: publicOriginOf(context.cloudflare.env, request),
          email: user.email,
          userId: user.id,
        })
      : { id: null, url: null };
  return apiSuccess(
    {
      _id: order.id,
      orderId: order.orderId,
      subTotalAmt: paiseToRupees(order.bill.itemsTotal),
      discount: paiseToRupees(order.bill.couponDiscount),
      tip: paiseToRupees(order.bill.tip),
      totalAmt: paiseToRupees(order.bill.grandTotal),
      walletPaid: paiseToRupees(order.bill.walletPaid),
      amountDue: paiseToRupees(order.bill.due),
    },
    { extra: { id: session.id, url: session.url } },
  );
});
