import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiCartCreateSchema } from "~/lib/schemas/cart";
import { apiError, apiSuccess, assertMethod, handleApi, methodNotAllowed, readJson } from "~/server/http/api.server";
import { addOne } from "~/server/cart/cart.server";
import { requireApiUser } from "~/server/identity/auth.server";
import { apiStockStore } from "~/server/stores/store-stock.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/cart/create {productId}: adds one (or one more) within stock. */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    assertMethod(request, "POST");
    const user = await requireApiUser(request, context);
    const { productId } = await readJson(request, apiCartCreateSchema);
    const change = await addOne(context, { userId: user.id }, productId, await apiStockStore(request, context));
    if (!change.ok) return apiError(change.message, change.status);
    return apiSuccess({ productId, quantity: change.quantity }, { message: "Item add successfully" });
  });
