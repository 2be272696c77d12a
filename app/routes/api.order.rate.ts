import { apiAction } from "~/server/api/api-route.server";
import { apiRateOrderSchema } from "~/lib/schemas/rating";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { rateOrder } from "~/server/orders/ratings.server";
import { listOrders } from "~/server/orders/read-orders.server";
import { serializeOrder } from "~/server/orders/api-orders.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/order/rate { _id, rating: 1..5, comment? }: the shopper rates their own delivered
 * order (decision 027 "Ratings"). Rating again replaces the rating (one per order). 400 for bad
 * input, 404 for anyone else's or an unknown order, 409 before it is delivered.
 */
export const action = apiAction({ method: "POST", auth: "user", body: apiRateOrderSchema }, async ({ context, user, body: { _id, ...input } }) => {
  await rateOrder(context, user.id, _id, input);
  const [order] = await listOrders(context, user.id, { orderId: _id, limit: 1 });
  return apiSuccess(serializeOrder(order, { deliveryCode: true }), { message: "Thank you for rating your order" });
});
