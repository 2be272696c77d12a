import { isId } from "~/lib/ids";
import { apiLoader } from "~/server/api/api-route.server";
import { apiError, apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { listOrderReports } from "~/server/reports/read.server";

/**
 * GET /api/order/reports?_id= (decision 050): an order's reports, newest first, with their status,
 * value (rupees), answer and photo URL; for the order's shopper, its store's staff and admins.
 * Anyone else's order is 404.
 */
export const loader = apiLoader({ auth: "user" }, async ({ request, context, user }) => {
  const id = new URL(request.url).searchParams.get("_id");
  if (!isId(id)) return apiError("_id must be an order id", 400);
  return apiSuccess(await listOrderReports(context, user, id));
});

export const action = () => methodNotAllowed("GET");
