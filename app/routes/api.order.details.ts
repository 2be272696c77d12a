import { apiLoader } from "~/server/api/api-route.server";
import { isId } from "~/lib/ids";
import { apiError, apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { listOrders } from "~/server/orders/read-orders.server";
import { serializeOrder } from "~/server/orders/api-orders.server";
import { serializeSubstitution, substitutionsOf } from "~/server/operations/substitutions.server";

/**
 * GET /api/order/details?_id= : one of the caller's own orders, with its timeline and delivery ETA,
 * its replacement preference, each line's pick (`picked`, `replacedBy`) and, while it is out for
 * delivery, the `deliveryCode` to give the rider; its `substitutions` (a pending one is answered
 * with POST /api/order/substitution/answer before its `deadline`); anyone else's is 404.
 */
export const loader = apiLoader({ auth: "user" }, async ({ request, context, user }) => {
  const id = new URL(request.url).searchParams.get("_id");
  if (!isId(id)) return apiError("_id must be an order id", 400);
  const [order] = await listOrders(context, user.id, { orderId: id, limit: 1 });
  if (!order) return apiError("Order not found", 404);
  const substitutions = await substitutionsOf(context, order.id);
  return apiSuccess({ ...serializeOrder(order, { deliveryCode: true }), substitutions: substitutions.map((view) => serializeSubstitution(view)) });
});

export const action = () => methodNotAllowed("GET");
