import { isId } from "~/lib/ids";
import { apiLoader } from "~/server/api/api-route.server";
import { apiError, methodNotAllowed } from "~/server/http/api.server";
import { getApiUser } from "~/server/identity/auth.server";
import { creditNotePdf, readCreditNote } from "~/server/orders/credit-notes.server";

/** GET /api/order/credit-note?_id=<credit note id>: one credit note as application/pdf (decision 044), for the invoice's readers; 404 for anyone else. */
export const loader = apiLoader({ auth: "anyone" }, async ({ request, context }) => {
  const id = new URL(request.url).searchParams.get("_id");
  if (!isId(id)) return apiError("_id must be a credit note id", 400);
  const user = await getApiUser(request, context);
  const { document } = await readCreditNote(context, user, id);
  return creditNotePdf(context, document);
});

export const action = () => methodNotAllowed("GET");
