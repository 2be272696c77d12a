import { paiseToRupees } from "~/lib/money";
import { Refusal } from "~/lib/refusal";
import { countFromForm, suggestQuerySchema } from "~/lib/schemas/substitutions";
import { apiLoader } from "~/server/api/api-route.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { assertStoreWorker } from "~/server/identity/store-access.server";
import { suggestReplacements } from "~/server/operations/substitutions.server";

/**
 * GET /api/store/substitutions/suggestions?_id=ORDER&productId=LINE&picked=N&short=A,B (the order's
 * store's staff, admins): the closest in-stock products of the short line's sub-category within its
 * price, never the products in `short` (reported short in the same pick). A "call me" order lists
 * dearer ones too (`dearer: true`). Another store's order: 404.
 */
export const loader = apiLoader({ auth: "user" }, async ({ request, context, user }) => {
  assertStoreWorker(user);
  const query = new URL(request.url).searchParams;
  const short = query.get("short");
  const parsed = suggestQuerySchema.safeParse({
    _id: query.get("_id") ?? undefined,
    productId: query.get("productId") ?? undefined,
    picked: countFromForm(query.get("picked") ?? undefined),
    short: short ? short.split(",").filter(Boolean) : [],
  });
  if (!parsed.success) throw new Refusal(parsed.error.issues[0].message, 400);
  const { line, suggestions } = await suggestReplacements(context, user, parsed.data);
  return apiSuccess({
    line: { ...line, unitPrice: paiseToRupees(line.unitPrice) },
    suggestions: suggestions.map((s) => ({ ...s, unitPrice: paiseToRupees(s.unitPrice) })),
  });
});

export const action = () => methodNotAllowed("GET");
