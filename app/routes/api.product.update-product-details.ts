import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiProductSchema, idBodySchema, productVersionSchema } from "~/lib/schemas/admin";
import { updateProduct } from "~/server/catalogue/admin-catalogue.server";
import { apiSuccess, assertMethod, handleApi, methodNotAllowed, readJson } from "~/server/http/api.server";
import { requireApiAdmin } from "~/server/identity/auth.server";

export const loader = () => methodNotAllowed("PUT");

const updateBodySchema = apiProductSchema.extend({ ...idBodySchema.shape, version: productVersionSchema });

/**
 * PUT /api/product/update-product-details: the product form plus _id (ADMIN only: guests 401,
 * others 403), and the `version` read with the product (every product the /api returns carries
 * it, so a client that sends back `{...product, _id}` sends it too). A stale version is 409 with
 * the product's stock and version now in `data`. Without a version the fields are
 * last-writer-wins, but the save is refused (409) unless the `stock` sent is the stock now.
 */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    assertMethod(request, "PUT");
    await requireApiAdmin(request, context);
    const { _id, version, ...input } = await readJson(request, updateBodySchema);
    await updateProduct(context, _id, input, { version });
    return apiSuccess({ _id }, { message: "Product updated successfully" });
  });
