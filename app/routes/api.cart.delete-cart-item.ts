import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiCartDeleteSchema } from "~/lib/schemas/cart";
import { apiError, apiSuccess, assertMethod, handleApi, methodNotAllowed, readJson } from "~/server/http/api.server";
import { deleteCartItem } from "~/server/cart/cart.server";
import { requireApiUser } from "~/server/identity/auth.server";

export const loader = () => methodNotAllowed("DELETE");

/** DELETE /api/cart/delete-cart-item {_id}: only the caller's item (others' ids are 404). */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    assertMethod(request, "DELETE");
    const user = await requireApiUser(request, context);
    const { _id } = await readJson(request, apiCartDeleteSchema);
    const change = await deleteCartItem(context, user.id, _id);
    if (!change.ok) return apiError(change.message, change.status);
    return apiSuccess({ _id }, { message: "Item remove" });
  });
