import { apiAction } from "~/server/api/api-route.server";
import { apiCartUpdateQtySchema } from "~/lib/schemas/cart";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { setQuantity } from "~/server/cart/cart.server";
import { apiStockStore } from "~/server/stores/store-stock.server";

export const loader = () => methodNotAllowed("PUT");

/** PUT /api/cart/update-qty {_id, qty}: only the caller's item; never above stock. */
export const action = apiAction({ method: "PUT", auth: "user", body: apiCartUpdateQtySchema }, async ({ request, context, user, body: { _id, qty } }) => {
  const change = await setQuantity(context, user.id, _id, qty, await apiStockStore(request, context));
  return apiSuccess({ _id, quantity: change.quantity }, { message: "Update cart" });
});
