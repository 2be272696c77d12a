import { apiPickConfirmSchema } from "~/lib/schemas/pick-confirm";
import { apiAction } from "~/server/api/api-route.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { assertStoreWorker } from "~/server/identity/store-access.server";
import { confirmPickLine } from "~/server/operations/pick-confirm.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/order/pick/confirm { _id, productId, code?, typed?, manual?: true, units? } (the order's
 * store's staff, admins; decision 042): confirms `units` (default 1) of the line of `productId`
 * before the pick is finished, by the code scanned (or typed: `typed: true`), or without a code
 * (`manual: true`, recorded with who and when). A code of another product is 400 "This is X, not Y";
 * more units than the line has left to confirm, or an order picked already, is 409.
 */
export const action = apiAction({ method: "POST", auth: "user", body: apiPickConfirmSchema }, async ({ context, user, body }) => {
  assertStoreWorker(user);
  const method = body.manual ? "manual" : body.typed ? "typed" : "scan";
  const result = await confirmPickLine(context, { orderId: body._id, user, productId: body.productId, code: body.code, method, units: body.units ?? 1 });
  return apiSuccess(
    { _id: body._id, productId: result.productId, confirmed: result.confirmed, quantity: result.quantity, method },
    { message: result.message },
  );
});
