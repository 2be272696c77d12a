import { answerSchema } from "~/lib/schemas/substitutions";
import { apiAction } from "~/server/api/api-route.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { answerSubstitution, serializeSubstitution, substitutionsOf } from "~/server/operations/substitutions.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/order/substitution/answer { _id: SUBSTITUTION, answer: "accept" | "decline" } (the
 * order's shopper): counts only while the proposal is pending and before its deadline; 409 once
 * answered or too late (the line is then refunded), 404 for anyone else's.
 */
export const action = apiAction({ method: "POST", auth: "user", body: answerSchema }, async ({ context, user, body }) => {
  const result = await answerSubstitution(context, user, body);
  const all = await substitutionsOf(context, result.orderId);
  return apiSuccess(
    { status: result.status, orderId: result.orderId, substitutions: all.map((view) => serializeSubstitution(view)) },
    { message: result.message },
  );
});
