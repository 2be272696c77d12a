import { apiAction } from "~/server/api/api-route.server";
import { apiCouponApplySchema } from "~/lib/schemas/coupon";
import { paiseToRupees } from "~/lib/money";
import { loadCart } from "~/server/cart/cart.server";
import { applyCode, cartStoreId } from "~/server/coupons/coupons.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { apiStockStore } from "~/server/stores/store-stock.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/coupon/apply {code, list_items?}: the discount the code gives this cart (`list_items`,
 * else the caller's cart) at the caller's store, in rupees; 422 with the reason when it does not
 * apply, 404 for an unknown code. Advisory: the order decides again when it is placed.
 */
export const action = apiAction({ method: "POST", auth: "user", body: apiCouponApplySchema }, async ({ request, context, user, body }) => {
  const store = await apiStockStore(request, context);
  const lines = body.list_items ?? (await loadCart(context, { userId: user.id }, store)).lines.map((l) => ({ productId: l.productId, quantity: l.quantity }));
  const applied = await applyCode(context, { code: body.code, userId: user.id, lines, storeId: await cartStoreId(context, store) });
  return apiSuccess({ code: applied.code, discount: paiseToRupees(applied.discount), message: applied.message }, { message: applied.message });
});
