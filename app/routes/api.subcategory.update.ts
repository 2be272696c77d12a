import { apiAction } from "~/server/api/api-route.server";
import { idBodySchema, subCategoryInputSchema } from "~/lib/schemas/admin";
import { updateSubCategory } from "~/server/catalogue/admin-catalogue.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";

export const loader = () => methodNotAllowed("PUT");

/** PUT /api/subcategory/update {_id, name, image, category} (ADMIN only: guests 401, others 403). */
export const action = apiAction(
  { method: "PUT", auth: "admin", body: subCategoryInputSchema.merge(idBodySchema) },
  async ({ context, body: { _id, ...input } }) => {
    return apiSuccess(await updateSubCategory(context, _id, input), { message: "Sub category updated" });
  },
);
