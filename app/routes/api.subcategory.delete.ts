import { apiAction } from "~/server/api/api-route.server";
import { idBodySchema } from "~/lib/schemas/admin";
import { deleteSubCategory } from "~/server/catalogue/admin-catalogue.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";

export const loader = () => methodNotAllowed("DELETE");

/** DELETE /api/subcategory/delete {_id}: refused (409) while products use it (ADMIN only: guests 401, others 403). */
export const action = apiAction({ method: "DELETE", auth: "admin", body: idBodySchema }, async ({ context, body: { _id } }) => {
  await deleteSubCategory(context, _id);
  return apiSuccess({ _id }, { message: "Sub category deleted" });
});
