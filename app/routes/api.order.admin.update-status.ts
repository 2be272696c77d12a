import { apiAction } from "~/server/api/api-route.server";
import { apiStatusChangeSchema } from "~/lib/schemas/fulfilment";
import { methodNotAllowed } from "~/server/http/api.server";
import { moveOrder } from "~/server/orders/fulfilment.server";
import { orderMoveResponse } from "~/server/orders/fulfilment-api.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/order/admin/update-status {_id, status, version?} (ADMIN): packed, out_for_delivery,
 * delivered or cancelled. An illegal jump or a stale `version` is 409 with the reason.
 */
export const action = apiAction({ method: "POST", auth: "admin", body: apiStatusChangeSchema }, async ({ context, user: admin, body }) => {
  const result = await moveOrder(context, { id: body._id, to: body.status, actor: { id: admin.id, as: "admin" }, expectedVersion: body.version });
  return orderMoveResponse(context, body._id, result);
});
