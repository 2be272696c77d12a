import { callOutcomeSchema } from "~/lib/schemas/substitutions";
import { apiAction } from "~/server/api/api-route.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { assertStoreWorker } from "~/server/identity/store-access.server";
import { recordCallOutcome, serializeSubstitution, substitutionsOf } from "~/server/operations/substitutions.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/store/substitutions/call-outcome (the order's store's staff, admins), for a "call me"
 * order after calling the shopper: `{ _id, productId, picked, outcome: "agreed", replacementId,
 * quantity }` (its units held now, applied by the pick) or `{ _id, productId, picked, outcome:
 * "removed" }` (the line refunded by the pick). 201 with the order's substitutions.
 */
export const action = apiAction({ method: "POST", auth: "user", body: callOutcomeSchema }, async ({ context, user, body }) => {
  assertStoreWorker(user);
  const { id, message } = await recordCallOutcome(context, user, body);
  const all = await substitutionsOf(context, body._id);
  return apiSuccess({ _id: id, substitutions: all.map((view) => serializeSubstitution(view)) }, { message, status: 201 });
});
