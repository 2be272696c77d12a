import { apiAction } from "~/server/api/api-route.server";
import { apiCartDeleteSchema } from "~/lib/schemas/cart";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { deleteCartItem } from "~/server/cart/cart.server";

export const loader = () => methodNotAllowed("DELETE");

/** DELETE /api/cart/delete-cart-item {_id}: only the caller's item (others' ids are 404). */
export const action = apiAction({ method: "DELETE", auth: "user", body: apiCartDeleteSchema }, async ({ context, user, body: { _id } }) => {
  await deleteCartItem(context, user.id, _id);
  return apiSuccess({ _id }, { message: "Item remove" });
});
