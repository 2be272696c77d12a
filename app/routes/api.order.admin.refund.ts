import { apiAction } from "~/server/api/api-route.server";
import { apiOrderRefSchema } from "~/lib/schemas/fulfilment";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { refundOrder } from "~/server/orders/fulfilment.server";
import { findOrderForAdmin } from "~/server/orders/read-orders.server";
import { serializeOrder } from "~/server/orders/api-orders.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/order/admin/refund {_id} (ADMIN): retries the refund of a cancelled online order that is
 * still paid (or whose refund Stripe refused). Safe to repeat: Stripe sees the same idempotency key.
 */
export const action = apiAction({ method: "POST", auth: "admin", body: apiOrderRefSchema }, async ({ context, body: { _id } }) => {
  const result = await refundOrder(context, _id);
  const order = await findOrderForAdmin(context, _id);
  return apiSuccess(order ? serializeOrder(order) : null, { message: result.message });
});
