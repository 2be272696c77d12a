import { isId } from "~/lib/ids";
import { apiLoader } from "~/server/api/api-route.server";
import { apiError, apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { getApiUser } from "~/server/identity/auth.server";
import { serializeCreditNote } from "~/server/orders/credit-note-page.server";
import { readCreditNotes } from "~/server/orders/credit-notes.server";

/**
 * GET /api/order/credit-notes?_id=<order id>: the order's GST credit notes as issued (decision 044),
 * oldest first, each with its PDF's /api path; for the order's shopper, admins and the staff of the
 * store that served it. Anyone else, signed in or not, gets 404 as for an unknown order.
 */
export const loader = apiLoader({ auth: "anyone" }, async ({ request, context }) => {
  const id = new URL(request.url).searchParams.get("_id");
  if (!isId(id)) return apiError("_id must be an order id", 400);
  const user = await getApiUser(request, context);
  const notes = await readCreditNotes(context, user, id);
  return apiSuccess(notes.map(serializeCreditNote), { headers: { "Cache-Control": "private, no-store" } });
});

export const action = () => methodNotAllowed("GET");
