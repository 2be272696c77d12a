import { apiAction } from "~/server/api/api-route.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { loadSubCategories } from "~/server/catalogue/catalogue.server";
import { serializeSubCategory } from "~/server/catalogue/api-shapes.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/subcategory/get: every sub-category with its parent categories, sorted by name. */
export const action = apiAction({ method: "POST", auth: "anyone" }, async ({ context }) => {
  return apiSuccess((await loadSubCategories(context)).map(serializeSubCategory));
});
