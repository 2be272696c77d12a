import { apiAction } from "~/server/api/api-route.server";
import { apiOrderRefSchema } from "~/lib/schemas/fulfilment";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { reorderToCart } from "~/server/orders/fulfilment.server";
import { apiStockStore } from "~/server/stores/store-stock.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/order/reorder {_id}: "buy again" puts the order's lines back in the caller's cart,
 * capped by stock; `skipped` names what is sold out or no longer sold (409 when that is everything).
 */
export const action = apiAction({ method: "POST", auth: "user", body: apiOrderRefSchema }, async ({ request, context, user, body: { _id } }) => {
  const result = await reorderToCart(context, user.id, _id, await apiStockStore(request, context));
  return apiSuccess({ added: result.added, skipped: result.skipped }, { message: result.message });
});
