import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiProductSchema, idBodySchema } from "~/lib/schemas/admin";
import { updateProduct } from "~/utils/admin-catalogue.server";
import { apiSuccess, assertMethod, handleApi, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireApiAdmin } from "~/utils/auth.server";

export const loader = () => methodNotAllowed("PUT");

/** PUT /api/product/update-product-details: the product form plus _id (ADMIN only: guests 401, others 403). */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    assertMethod(request, "PUT");
    await requireApiAdmin(request, context);
    const { _id, ...input } = await readJson(request, apiProductSchema.merge(idBodySchema));
    await updateProduct(context, _id, input);
    return apiSuccess({ _id }, { message: "Product updated successfully" });
  });
