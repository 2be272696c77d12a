import { isId } from "~/lib/ids";
import { apiLoader } from "~/server/api/api-route.server";
import { apiError, methodNotAllowed } from "~/server/http/api.server";
import { getApiUser } from "~/server/identity/auth.server";
import { invoicePdf, readInvoice } from "~/server/orders/invoice.server";

/**
 * GET /api/order/invoice?_id= : the delivered order's GST tax invoice as application/pdf (decision
 * 031), for the order's shopper, admins and the staff of the store that served it. Anyone else,
 * signed in or not, gets 404 as for an unknown order; an order not delivered yet is 409.
 */
export const loader = apiLoader({ auth: "anyone" }, async ({ request, context }) => {
  const id = new URL(request.url).searchParams.get("_id");
  if (!isId(id)) return apiError("_id must be an order id", 400);
  const user = await getApiUser(request, context);
  const { invoice } = await readInvoice(context, user, id);
  return invoicePdf(context, invoice);
});

export const action = () => methodNotAllowed("GET");
