import { apiAction } from "~/server/api/api-route.server";
import { apiError, apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { handleStripeWebhook } from "~/server/orders/stripe.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/order/webhook: Stripe's signed events (exempt from the Origin check; the signature is the auth). */
export const action = apiAction({ method: "POST", auth: "anyone" }, async ({ request, context }) => {
  const outcome = await handleStripeWebhook(context, request);
  return outcome.status === 200 ? apiSuccess(null, { message: outcome.message }) : apiError(outcome.message, outcome.status);
});
