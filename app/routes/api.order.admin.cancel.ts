import { apiAction } from "~/server/api/api-route.server";
import { apiOrderRefSchema } from "~/lib/schemas/fulfilment";
import { methodNotAllowed } from "~/server/http/api.server";
import { moveOrder } from "~/server/orders/fulfilment.server";
import { orderMoveResponse } from "~/server/orders/fulfilment-api.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/order/admin/cancel {_id, version?} (ADMIN): cancels any order before delivery, returns
 * its stock and refunds a paid online order. `refund` in the answer says what happened to the money.
 */
export const action = apiAction({ method: "POST", auth: "admin", body: apiOrderRefSchema }, async ({ context, user: admin, body }) => {
  const result = await moveOrder(context, { id: body._id, to: "cancelled", actor: { id: admin.id, as: "admin" }, expectedVersion: body.version });
  return orderMoveResponse(context, body._id, result);
});
