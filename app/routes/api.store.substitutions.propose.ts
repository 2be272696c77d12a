import { proposeSchema } from "~/lib/schemas/substitutions";
import { apiAction } from "~/server/api/api-route.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { assertStoreWorker } from "~/server/identity/store-access.server";
import { proposeSubstitution, serializeSubstitution, substitutionsOf } from "~/server/operations/substitutions.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/store/substitutions/propose { _id, productId, picked, short?, replacementId, quantity?,
 * higherPrice? } (the order's store's staff, admins): proposes a replacement for a short line of a
 * "similar" order; the shopper answers before the deadline. 201 with the order's substitutions;
 * 400 for a product that is not similar, short in this pick or dearer; 409 when the line already
 * has one, the order is past picking or the units are gone.
 */
export const action = apiAction({ method: "POST", auth: "user", body: proposeSchema }, async ({ context, user, body }) => {
  assertStoreWorker(user);
  const { id, message } = await proposeSubstitution(context, user, body);
  const all = await substitutionsOf(context, body._id);
  return apiSuccess({ _id: id, substitutions: all.map((view) => serializeSubstitution(view)) }, { message, status: 201 });
});
