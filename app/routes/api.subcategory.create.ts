import { apiAction } from "~/server/api/api-route.server";
import { subCategoryInputSchema } from "~/lib/schemas/admin";
import { createSubCategory } from "~/server/catalogue/admin-catalogue.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/subcategory/create {name, image, category} (ADMIN only: guests 401, others 403). */
export const action = apiAction({ method: "POST", auth: "admin", body: subCategoryInputSchema }, async ({ context, body: input }) => {
  return apiSuccess(await createSubCategory(context, input), { message: "Sub category created", status: 201 });
});
