import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiSuccess, assertMethod, handleApi, methodNotAllowed } from "~/utils/api.server";
import { serializeSubCategory, subCategoriesStatement, toSubCategory } from "~/utils/catalogue.server";
import { getD1 } from "~/utils/db.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/subcategory/get: every sub-category with its parent categories, sorted by name. */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    assertMethod(request, "POST");
    const { results } = await subCategoriesStatement(getD1(context)).all<Parameters<typeof toSubCategory>[0]>();
    return apiSuccess(results.map(toSubCategory).map(serializeSubCategory));
  });
