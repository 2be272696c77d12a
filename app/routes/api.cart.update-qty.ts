import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiCartUpdateQtySchema } from "~/lib/schemas/cart";
import { apiError, apiSuccess, assertMethod, handleApi, methodNotAllowed, readJson } from "~/server/http/api.server";
import { setQuantity } from "~/server/cart/cart.server";
import { requireApiUser } from "~/server/identity/auth.server";
import { apiStockStore } from "~/server/stores/store-stock.server";

export const loader = () => methodNotAllowed("PUT");

/** PUT /api/cart/update-qty {_id, qty}: only the caller's item; never above stock. */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    assertMethod(request, "PUT");
    const user = await requireApiUser(request, context);
    const { _id, qty } = await readJson(request, apiCartUpdateQtySchema);
    const change = await setQuantity(context, user.id, _id, qty, await apiStockStore(request, context));
    if (!change.ok) return apiError(change.message, change.status);
    return apiSuccess({ _id, quantity: change.quantity }, { message: "Update cart" });
  });
