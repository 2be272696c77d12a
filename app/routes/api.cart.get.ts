import { apiLoader } from "~/server/api/api-route.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { serializeBill, serializeCart } from "~/server/cart/cart-api.server";
import { loadCart } from "~/server/cart/cart.server";
import { apiStockStore } from "~/server/stores/store-stock.server";

/** GET /api/cart/get: the caller's cart items with the product embedded as `productId`. */
export const loader = apiLoader({ auth: "user" }, async ({ request, context, user }) => {
  const cart = await loadCart(context, { userId: user.id }, await apiStockStore(request, context));
  return apiSuccess(serializeCart(cart, user.id), { extra: { bill: serializeBill(cart) } });
});

export const action = () => methodNotAllowed("GET");
