import { apiLoader } from "~/server/api/api-route.server";
import { apiError, apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { requireApiUser } from "~/server/identity/auth.server";
import { listOrders } from "~/server/orders/read-orders.server";
import { serializeOrder, serializeOrderLines } from "~/server/orders/api-orders.server";

/**
 * GET /api/order/order-list: the caller's orders, newest first, in the original server's shape (one
 * entry per order line, `product_details: { name, image }`); `?view=grouped` answers one entry per
 * order with its lines in `product_details[]`, its timeline and delivery time (as
 * /api/order/details does for one order). Two D1 round trips either way.
 */
export const loader = apiLoader({ auth: "anyone" }, async ({ request, context }) => {
  const view = new URL(request.url).searchParams.get("view") ?? "lines";
  if (view !== "lines" && view !== "grouped") return apiError("view must be lines (the default) or grouped", 400);
  const user = await requireApiUser(request, context);
  const orders = await listOrders(context, user.id);
  if (view === "grouped")
    return apiSuccess(
      orders.map((order) => serializeOrder(order, { deliveryCode: true })),
      { message: "order list" },
    );
  return apiSuccess(
    orders.flatMap((order) => serializeOrderLines(order, user.id)),
    { message: "order list" },
  );
});

export const action = () => methodNotAllowed("GET");
