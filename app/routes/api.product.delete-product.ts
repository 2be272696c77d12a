import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { idBodySchema } from "~/lib/schemas/admin";
import { deleteProduct } from "~/server/catalogue/admin-catalogue.server";
import { apiSuccess, assertMethod, handleApi, methodNotAllowed, readJson } from "~/server/http/api.server";
import { requireApiAdmin } from "~/server/identity/auth.server";

export const loader = () => methodNotAllowed("DELETE");

/** DELETE /api/product/delete-product {_id}: also leaves every cart (ADMIN only: guests 401, others 403). */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    assertMethod(request, "DELETE");
    await requireApiAdmin(request, context);
    const { _id } = await readJson(request, idBodySchema);
    await deleteProduct(context, _id);
    return apiSuccess({ _id }, { message: "Product deleted successfully" });
  });
