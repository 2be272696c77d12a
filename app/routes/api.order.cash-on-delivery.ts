import { apiAction } from "~/server/http/api-route.server";
import { paiseToRupees } from "~/lib/money";
import { apiOrderSchema } from "~/lib/schemas/order";
import { apiError, apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { placeApiOrder } from "~/server/orders/api-orders.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/order/cash-on-delivery {list_items, addressId, subTotalAmt?, totalAmt?}: prices come from
 * the server; advisory totals that disagree get 409. An `Idempotency-Key` header (or body
 * `idempotencyKey`) makes a retried request return the same order.
 */
export const action = apiAction({ method: "POST", auth: "user", body: apiOrderSchema }, async ({ request, context, user, body }) => {
  const result = await placeApiOrder(context, request, user.id, body, "COD");
  if (!result.ok) return apiError(result.message, result.status);
  return apiSuccess(
    { _id: result.order.id, orderId: result.order.orderId, totalAmt: paiseToRupees(result.order.bill.grandTotal) },
    { message: "Order successfully", status: result.order.duplicate ? 200 : 201 },
  );
});
