import { apiLoader } from "~/server/api/api-route.server";
import { boardQuerySchema } from "~/lib/schemas/fulfilment";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { listBoardOrders } from "~/server/orders/order-board.server";
import { serializeOrder } from "~/server/orders/api-orders.server";

/** GET /api/order/admin/list?status=&q= (ADMIN): the order board, newest first, at most 50. */
export const loader = apiLoader({ auth: "admin" }, async ({ request, context }) => {
  const url = new URL(request.url);
  const filters = boardQuerySchema.parse({ status: url.searchParams.get("status") ?? undefined, q: url.searchParams.get("q") ?? undefined });
  const orders = await listBoardOrders(context, filters);
  return apiSuccess(orders.map((order) => ({ ...serializeOrder(order), shopper: order.shopper })));
});

export const action = () => methodNotAllowed("GET");
