import { apiReleaseSchema } from "~/lib/schemas/store-ops";
import { apiAction } from "~/server/api/api-route.server";
import { methodNotAllowed } from "~/server/http/api.server";
import { assertStoreWorker } from "~/server/identity/store-access.server";
import { releaseClaim } from "~/server/operations/claims.server";
import { storeOrderResponse } from "~/server/operations/store-order-api.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/order/release { _id, reason? } (decision 047): the claimant ends their own claim; the
 * store's manager or an admin anyone's (403 for other staff). The order's history records it with
 * the reason. Nobody holds it: 409.
 */
export const action = apiAction({ method: "POST", auth: "user", body: apiReleaseSchema }, async ({ context, user, body }) => {
  assertStoreWorker(user);
  const { message } = await releaseClaim(context, { orderId: body._id, user, reason: body.reason });
  return storeOrderResponse(context, body._id, message, { claimedBy: null, claimedAt: null });
});
