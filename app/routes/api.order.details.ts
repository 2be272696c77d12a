import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isId } from "~/lib/ids";
import { apiError, apiSuccess, handleApi, methodNotAllowed } from "~/server/http/api.server";
import { requireApiUser } from "~/server/identity/auth.server";
import { listOrders } from "~/server/orders/read-orders.server";
import { serializeOrder } from "~/server/orders/api-orders.server";

/** GET /api/order/details?_id= : one of the caller's own orders, with its timeline and delivery ETA; anyone else's is 404. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const user = await requireApiUser(request, context);
    const id = new URL(request.url).searchParams.get("_id");
    if (!isId(id)) return apiError("_id must be an order id", 400);
    const [order] = await listOrders(context, user.id, { orderId: id, limit: 1 });
    if (!order) return apiError("Order not found", 404);
    return apiSuccess(serializeOrder(order));
  });

export const action = () => methodNotAllowed("GET");
