import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { categoryInputSchema, idBodySchema } from "~/lib/schemas/admin";
import { updateCategory } from "~/server/catalogue/admin-catalogue.server";
import { apiSuccess, assertMethod, handleApi, methodNotAllowed, readJson } from "~/server/http/api.server";
import { requireApiAdmin } from "~/server/identity/auth.server";

export const loader = () => methodNotAllowed("PUT");

/** PUT /api/category/update {_id, name, image} (ADMIN only: guests 401, others 403). */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    assertMethod(request, "PUT");
    await requireApiAdmin(request, context);
    const { _id, ...input } = await readJson(request, categoryInputSchema.merge(idBodySchema));
    return apiSuccess(await updateCategory(context, _id, input), { message: "Category updated" });
  });
