import { apiAction, apiLoader } from "~/server/api/api-route.server";
import { apiSuccess } from "~/server/http/api.server";
import { pushSubscribeSchema } from "~/lib/schemas/push";
import { pushPublicKey, savePushSubscription } from "~/server/push/subscriptions.server";

/** GET /api/push/subscribe: the VAPID public key to subscribe with (`publicKey` null: push is off). */
export const loader = apiLoader({ auth: "anyone" }, async ({ context }) => apiSuccess({ publicKey: pushPublicKey(context) }));

/**
 * POST /api/push/subscribe `PushSubscription.toJSON()`: the caller's browser gets a Web Push notice
 * when one of their orders moves (decision 037). Saving the same endpoint again updates its keys.
 * 400 for a bad endpoint or keys, 409 for an endpoint another account registered, 503 when the
 * store has no VAPID settings.
 */
export const action = apiAction({ method: "POST", auth: "user", body: pushSubscribeSchema }, async ({ context, user, body }) => {
  await savePushSubscription(context, user.id, body);
  return apiSuccess({ endpoint: body.endpoint }, { message: "We'll tell this device when your order moves" });
});
