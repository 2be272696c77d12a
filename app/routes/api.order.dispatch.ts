import { apiDispatchSchema } from "~/lib/schemas/store-ops";
import { apiAction } from "~/server/api/api-route.server";
import { methodNotAllowed } from "~/server/http/api.server";
import { assertStoreWorker } from "~/server/identity/store-access.server";
import { dispatchOrder } from "~/server/operations/handover.server";
import { storeOrderResponse } from "~/server/operations/store-order-api.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/order/dispatch { _id, rider? } (the order's store's staff, admins): ready → out for
 * delivery. `rider` is `{ userId }` (a staff member of the store) or `{ name, phone }`; without it
 * the caller is the rider. The shopper's order now shows the delivery code.
 */
export const action = apiAction({ method: "POST", auth: "user", body: apiDispatchSchema }, async ({ context, user, body }) => {
  assertStoreWorker(user);
  const { message } = await dispatchOrder(context, { orderId: body._id, user, rider: body.rider });
  return storeOrderResponse(context, body._id, message);
});
