import { Refusal } from "~/lib/refusal";
import { cashHandoverSchema, idempotencyKeySchema } from "~/lib/schemas/till";
import { apiAction } from "~/server/api/api-route.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { handoverShape, recordHandover } from "~/server/operations/till.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/store/cash-handover { storeId, riderId, amount, note?, key? } with an
 * `Idempotency-Key` header or `key` (one is required; both must agree): the store's managers and
 * admins record cash a rider handed over; 201 with the row, or 200 with `replayed: true` when this
 * key already recorded the same handover. Riders, pickers and other stores' managers: 403.
 */
export const action = apiAction({ method: "POST", auth: "user", body: cashHandoverSchema }, async ({ request, context, user, body }) => {
  const header = request.headers.get("Idempotency-Key");
  if (header !== null && body.key !== undefined && header !== body.key) throw new Refusal("The Idempotency-Key header and key differ: send one key", 400);
  const key = idempotencyKeySchema.safeParse(header ?? body.key);
  if (!key.success) throw new Refusal(key.error.issues[0].message, 400);
  const handover = await recordHandover(context, user, { ...body, key: key.data });
  return apiSuccess(handoverShape(handover), {
    status: handover.replayed ? 200 : 201,
    message: handover.replayed ? "This handover was already recorded" : "Handover recorded",
  });
});
