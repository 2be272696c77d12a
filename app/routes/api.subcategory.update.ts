import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { idBodySchema, subCategoryInputSchema } from "~/lib/schemas/admin";
import { updateSubCategory } from "~/server/catalogue/admin-catalogue.server";
import { apiSuccess, assertMethod, handleApi, methodNotAllowed, readJson } from "~/server/http/api.server";
import { requireApiAdmin } from "~/server/identity/auth.server";

export const loader = () => methodNotAllowed("PUT");

/** PUT /api/subcategory/update {_id, name, image, category} (ADMIN only: guests 401, others 403). */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    assertMethod(request, "PUT");
    await requireApiAdmin(request, context);
    const { _id, ...input } = await readJson(request, subCategoryInputSchema.merge(idBodySchema));
    return apiSuccess(await updateSubCategory(context, _id, input), { message: "Sub category updated" });
  });
