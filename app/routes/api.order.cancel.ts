import { apiAction } from "~/server/api/api-route.server";
import { apiOrderRefSchema } from "~/lib/schemas/fulfilment";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { moveOrder } from "~/server/orders/fulfilment.server";
import { listOrders } from "~/server/orders/read-orders.server";
import { serializeOrder } from "~/server/orders/api-orders.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/order/cancel {_id}: the shopper cancels their own order while it is placed or paid
 * (409 once packed; anyone else's order is 404). Stock goes back; a paid online order is refunded.
 */
export const action = apiAction({ method: "POST", auth: "user", body: apiOrderRefSchema }, async ({ context, user, body: { _id } }) => {
  const result = await moveOrder(context, { id: _id, to: "cancelled", actor: { id: user.id, as: "shopper" } });
  const [order] = await listOrders(context, user.id, { orderId: _id, limit: 1 });
  return apiSuccess(serializeOrder(order), { message: "Order cancelled", extra: { refund: result.refund ?? "none" } });
});
