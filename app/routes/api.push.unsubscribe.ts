import { apiAction } from "~/server/api/api-route.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { pushUnsubscribeSchema } from "~/lib/schemas/push";
import { removePushSubscription } from "~/server/push/subscriptions.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/push/unsubscribe `{ endpoint }`: no more order notices to that browser (decision 037).
 * Answers the same whether or not the caller had it (another account's endpoint is left alone).
 */
export const action = apiAction({ method: "POST", auth: "user", body: pushUnsubscribeSchema }, async ({ context, user, body }) => {
  const removed = await removePushSubscription(context, user.id, body.endpoint);
  return apiSuccess({ removed }, { message: "This device will not be told about your orders any more" });
});
