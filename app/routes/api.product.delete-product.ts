import { apiAction } from "~/server/api/api-route.server";
import { idBodySchema } from "~/lib/schemas/admin";
import { deleteProduct } from "~/server/catalogue/admin-catalogue.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";

export const loader = () => methodNotAllowed("DELETE");

/** DELETE /api/product/delete-product {_id}: also leaves every cart (ADMIN only: guests 401, others 403). */
export const action = apiAction({ method: "DELETE", auth: "admin", body: idBodySchema }, async ({ context, body: { _id } }) => {
  await deleteProduct(context, _id);
  return apiSuccess({ _id }, { message: "Product deleted successfully" });
});
