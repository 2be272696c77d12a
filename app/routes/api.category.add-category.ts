import { apiAction } from "~/server/api/api-route.server";
import { categoryInputSchema } from "~/lib/schemas/admin";
import { createCategory } from "~/server/catalogue/admin-catalogue.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/category/add-category {name, image} (ADMIN only: guests 401, others 403). */
export const action = apiAction({ method: "POST", auth: "admin", body: categoryInputSchema }, async ({ context, body: input }) => {
  return apiSuccess(await createCategory(context, input), { message: "Category added", status: 201 });
});
