import { apiLoader } from "~/server/api/api-route.server";
import { paiseToRupees } from "~/lib/money";
import { loadCart } from "~/server/cart/cart.server";
import { cartCoupon } from "~/server/coupons/bill-choices.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { apiStockStore } from "~/server/stores/store-stock.server";

/** GET /api/coupon/available: the offers live now, each with whether it applies to the caller's cart and why not. */
export const loader = apiLoader({ auth: "user" }, async ({ request, context, user }) => {
  const store = await apiStockStore(request, context);
  const cart = await loadCart(context, { userId: user.id }, store);
  const {
    coupon: { offers },
  } = await cartCoupon(context, { code: null, userId: user.id, lines: cart.lines, store });
  return apiSuccess(
    offers.map((o) => ({
      code: o.code,
      offer: o.offer,
      endsAt: new Date(o.endsAt).toISOString(),
      applies: o.applies,
      discount: paiseToRupees(o.discount),
      reason: o.reason,
    })),
  );
});

export const action = () => methodNotAllowed("GET");
