import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiSuccess, handleApi, methodNotAllowed } from "~/utils/api.server";
import { serializeBill, serializeCart } from "~/utils/cart-api.server";
import { loadCart } from "~/utils/cart.server";
import { requireApiUser } from "~/utils/auth.server";
import { apiStockStore } from "~/utils/store-stock.server";

/** GET /api/cart/get: the caller's cart items with the product embedded as `productId`. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const user = await requireApiUser(request, context);
    const cart = await loadCart(context, { userId: user.id }, await apiStockStore(request, context));
    return apiSuccess(serializeCart(cart, user.id), { extra: { bill: serializeBill(cart) } });
  });

export const action = () => methodNotAllowed("GET");
