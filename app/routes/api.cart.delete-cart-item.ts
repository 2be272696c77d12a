import { apiAction } from "~/server/http/api-route.server";
import { apiCartDeleteSchema } from "~/lib/schemas/cart";
import { apiError, apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { deleteCartItem } from "~/server/cart/cart.server";

export const loader = () => methodNotAllowed("DELETE");

/** DELETE /api/cart/delete-cart-item {_id}: only the caller's item (others' ids are 404). */
export const action = apiAction({ method: "DELETE", auth: "user", body: apiCartDeleteSchema }, async ({ context, user, body: { _id } }) => {
  const change = await deleteCartItem(context, user.id, _id);
  if (!change.ok) return apiError(change.message, change.status);
  return apiSuccess({ _id }, { message: "Item remove" });
});
