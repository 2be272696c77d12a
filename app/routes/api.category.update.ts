import { apiAction } from "~/server/api/api-route.server";
import { categoryInputSchema, idBodySchema } from "~/lib/schemas/admin";
import { updateCategory } from "~/server/catalogue/admin-catalogue.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";

export const loader = () => methodNotAllowed("PUT");

/** PUT /api/category/update {_id, name, image} (ADMIN only: guests 401, others 403). */
export const action = apiAction(
  { method: "PUT", auth: "admin", body: categoryInputSchema.merge(idBodySchema) },
  async ({ context, body: { _id, ...input } }) => {
    return apiSuccess(await updateCategory(context, _id, input), { message: "Category updated" });
  },
);
