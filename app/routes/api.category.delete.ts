import { apiAction } from "~/server/api/api-route.server";
import { idBodySchema } from "~/lib/schemas/admin";
import { deleteCategory } from "~/server/catalogue/admin-catalogue.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";

export const loader = () => methodNotAllowed("DELETE");

/** DELETE /api/category/delete {_id}: refused (409) while anything uses it (ADMIN only: guests 401, others 403). */
export const action = apiAction({ method: "DELETE", auth: "admin", body: idBodySchema }, async ({ context, body: { _id } }) => {
  await deleteCategory(context, _id);
  return apiSuccess({ _id }, { message: "Category deleted" });
});
