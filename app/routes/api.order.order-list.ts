import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiSuccess, handleApi, methodNotAllowed } from "~/utils/api.server";
import { listOrders, serializeOrder } from "~/utils/orders.server";
import { requireApiUser } from "~/utils/auth.server";

/** GET /api/order/order-list: the caller's orders, newest first. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const user = await requireApiUser(request, context);
    const orders = await listOrders(context, user.id);
    return apiSuccess(orders.map(serializeOrder));
  });

export const action = () => methodNotAllowed("GET");
