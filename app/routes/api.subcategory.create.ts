import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { subCategoryInputSchema } from "~/lib/schemas/admin";
import { createSubCategory } from "~/server/catalogue/admin-catalogue.server";
import { apiSuccess, assertMethod, handleApi, methodNotAllowed, readJson } from "~/server/http/api.server";
import { requireApiAdmin } from "~/server/identity/auth.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/subcategory/create {name, image, category} (ADMIN only: guests 401, others 403). */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    assertMethod(request, "POST");
    await requireApiAdmin(request, context);
    const input = await readJson(request, subCategoryInputSchema);
    return apiSuccess(await createSubCategory(context, input), { message: "Sub category created", status: 201 });
  });
