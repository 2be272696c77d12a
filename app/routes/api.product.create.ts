import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiProductSchema } from "~/lib/schemas/admin";
import { createProduct } from "~/server/catalogue/admin-catalogue.server";
import { apiSuccess, assertMethod, handleApi, methodNotAllowed, readJson } from "~/server/http/api.server";
import { requireApiAdmin } from "~/server/identity/auth.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/product/create: the product form as JSON (more_details is a map) (ADMIN only: guests 401, others 403). */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    assertMethod(request, "POST");
    await requireApiAdmin(request, context);
    const input = await readJson(request, apiProductSchema);
    const id = await createProduct(context, input);
    return apiSuccess({ _id: id }, { message: "Product created successfully", status: 201 });
  });
