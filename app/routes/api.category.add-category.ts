import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { categoryInputSchema } from "~/lib/schemas/admin";
import { createCategory } from "~/server/catalogue/admin-catalogue.server";
import { apiSuccess, assertMethod, handleApi, methodNotAllowed, readJson } from "~/server/http/api.server";
import { requireApiAdmin } from "~/server/identity/auth.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/category/add-category {name, image} (ADMIN only: guests 401, others 403). */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    assertMethod(request, "POST");
    await requireApiAdmin(request, context);
    const input = await readJson(request, categoryInputSchema);
    return apiSuccess(await createCategory(context, input), { message: "Category added", status: 201 });
  });
