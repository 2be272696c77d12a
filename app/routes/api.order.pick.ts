import { apiPickSchema } from "~/lib/schemas/store-ops";
import { paiseToRupees } from "~/lib/money";
import { apiAction } from "~/server/api/api-route.server";
import { methodNotAllowed } from "~/server/http/api.server";
import { assertStoreWorker } from "~/server/identity/store-access.server";
import { pickOrder } from "~/server/operations/pick.server";
import { storeOrderResponse } from "~/server/operations/store-order-api.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/order/pick { _id, lines: [{ productId, picked }] } (the order's store's staff, admins):
 * every line's picked units; answers the order with its new total and what was short, replaced and
 * refunded. Every line is named once with a whole number from 0 to its quantity, else 400 naming the
 * line and nothing applied; every line 0 cancels the order (a paid one refunded in full, `cancelled:
 * true`). Once picked, another pick is 409.
 */
export const action = apiAction({ method: "POST", auth: "user", body: apiPickSchema }, async ({ context, user, body }) => {
  assertStoreWorker(user);
  const result = await pickOrder(context, { orderId: body._id, user, lines: body.lines });
  return storeOrderResponse(context, body._id, result.message, {
    short: result.short,
    replaced: result.replaced.map((r) => ({ ...r, replacedBy: { ...r.replacedBy, unitPrice: paiseToRupees(r.replacedBy.unitPrice) } })),
    refunded: paiseToRupees(result.refunded),
    refund: result.refund,
    cancelled: result.cancelled,
  });
});
