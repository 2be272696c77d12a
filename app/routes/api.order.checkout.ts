import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiOrderSchema } from "~/lib/schemas/order";
import { apiError, apiSuccess, assertMethod, handleApi, methodNotAllowed, readJson } from "~/utils/api.server";
import { getD1 } from "~/utils/db.server";
import { attachCheckoutSession, orderLinesFor, placeOrder, releaseStatements } from "~/utils/orders.server";
import { requireApiUser } from "~/utils/auth.server";
import { createCheckoutSession, getStripe, ONLINE_PAYMENT_UNAVAILABLE } from "~/utils/stripe.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/order/checkout: reserves stock in a pending order and returns the Checkout Session `id` and `url`. */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    assertMethod(request, "POST");
    const user = await requireApiUser(request, context);
    const body = await readJson(request, apiOrderSchema);
    const stripe = getStripe(context);
    if (!stripe) return apiError(ONLINE_PAYMENT_UNAVAILABLE, 503);
    const result = await placeOrder(context, {
      userId: user.id,
      addressId: body.addressId,
      lines: body.list_items,
      paymentMethod: "ONLINE",
      idempotencyKey: request.headers.get("Idempotency-Key")?.slice(0, 64) || body.idempotencyKey,
      clientTotals: { subTotalAmt: body.subTotalAmt, totalAmt: body.totalAmt },
    });
    if (!result.ok) return apiError(result.message, result.status);
    try {
      const session = await createCheckoutSession(stripe, result.order, { origin: new URL(request.url).origin, email: user.email });
      if (!result.order.duplicate) await attachCheckoutSession(context, result.order.id, session.id, (session.expires_at ?? 0) * 1000);
      return apiSuccess({ orderId: result.order.orderId }, { extra: { id: session.id, url: session.url } });
    } catch (error) {
      console.error("Stripe checkout failed", error);
      const d1 = getD1(context);
      await d1.batch(releaseStatements(d1, result.order.id, await orderLinesFor(d1, result.order.id), "Payment could not start", user.id));
      return apiError("We could not reach the payment provider. Please try again.", 502);
    }
  });
