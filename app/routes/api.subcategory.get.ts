import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiSuccess, assertMethod, handleApi, methodNotAllowed } from "~/server/http/api.server";
import { loadSubCategories } from "~/server/catalogue/catalogue.server";
import { serializeSubCategory } from "~/server/catalogue/api-shapes.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/subcategory/get: every sub-category with its parent categories, sorted by name. */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    assertMethod(request, "POST");
    return apiSuccess((await loadSubCategories(context)).map(serializeSubCategory));
  });
