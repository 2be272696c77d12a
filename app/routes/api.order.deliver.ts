import { apiDeliverSchema } from "~/lib/schemas/store-ops";
import { apiAction } from "~/server/api/api-route.server";
import { methodNotAllowed } from "~/server/http/api.server";
import { assertStoreWorker } from "~/server/identity/store-access.server";
import { deliverWithCode, overrideDelivery } from "~/server/operations/handover.server";
import { storeOrderResponse } from "~/server/operations/store-order-api.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/order/deliver { _id, code } (the order's store's staff, admins): out for delivery →
 * delivered with the shopper's 4-digit code. A wrong code is 400 with the tries left; after 5 it is
 * 409 until an admin sends { _id, override: reason } (recorded in the order's history).
 */
export const action = apiAction({ method: "POST", auth: "user", body: apiDeliverSchema }, async ({ context, user, body }) => {
  assertStoreWorker(user);
  const { message } =
    "code" in body
      ? await deliverWithCode(context, { orderId: body._id, user, code: body.code })
      : await overrideDelivery(context, { orderId: body._id, user, reason: body.override });
  return storeOrderResponse(context, body._id, message);
});
