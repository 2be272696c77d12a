import { apiOrderIdSchema } from "~/lib/schemas/store-ops";
import { apiAction } from "~/server/api/api-route.server";
import { methodNotAllowed } from "~/server/http/api.server";
import { assertStoreWorker } from "~/server/identity/store-access.server";
import { markReady } from "~/server/operations/handover.server";
import { storeOrderResponse } from "~/server/operations/store-order-api.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/order/ready { _id } (the order's store's staff, admins): packed → ready for pickup. */
export const action = apiAction({ method: "POST", auth: "user", body: apiOrderIdSchema }, async ({ context, user, body }) => {
  assertStoreWorker(user);
  const { message } = await markReady(context, { orderId: body._id, user });
  return storeOrderResponse(context, body._id, message);
});
