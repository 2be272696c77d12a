import { apiClaimSchema } from "~/lib/schemas/store-ops";
import { apiAction } from "~/server/api/api-route.server";
import { methodNotAllowed } from "~/server/http/api.server";
import { assertStoreWorker } from "~/server/identity/store-access.server";
import { claimOrder } from "~/server/operations/claims.server";
import { storeOrderResponse } from "~/server/operations/store-order-api.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/order/claim { _id } (the order's store's staff, admins): the caller starts picking the
 * order (decision 047). Answers the order with `claimedBy {_id, name}` and `claimedAt`. Held by
 * someone else: 409 naming them (`data.claimedBy`); already picked, cancelled or unpaid: 409.
 */
export const action = apiAction({ method: "POST", auth: "user", body: apiClaimSchema }, async ({ context, user, body }) => {
  assertStoreWorker(user);
  const { message, claim } = await claimOrder(context, { orderId: body._id, user });
  return storeOrderResponse(context, body._id, message, {
    claimedBy: { _id: claim.claimedBy.id, name: claim.claimedBy.name },
    claimedAt: new Date(claim.claimedAt ?? Date.now()).toISOString(),
  });
});
