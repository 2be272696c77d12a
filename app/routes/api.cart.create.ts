import { apiAction } from "~/server/api/api-route.server";
import { apiCartCreateSchema } from "~/lib/schemas/cart";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { addOne } from "~/server/cart/cart.server";
import { apiStockStore } from "~/server/stores/store-stock.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/cart/create {productId}: adds one (or one more) within stock. */
export const action = apiAction({ method: "POST", auth: "user", body: apiCartCreateSchema }, async ({ request, context, user, body: { productId } }) => {
  const change = await addOne(context, { userId: user.id }, productId, await apiStockStore(request, context));
  return apiSuccess({ productId, quantity: change.quantity }, { message: "Item add successfully" });
});
