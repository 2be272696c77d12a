import { apiAction } from "~/server/http/api-route.server";
import { apiProductSchema, idBodySchema, productVersionSchema } from "~/lib/schemas/admin";
import { updateProduct } from "~/server/catalogue/admin-catalogue.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";

export const loader = () => methodNotAllowed("PUT");

const updateBodySchema = apiProductSchema.extend({ ...idBodySchema.shape, version: productVersionSchema });

/**
 * PUT /api/product/update-product-details: the product form plus _id (ADMIN only: guests 401,
 * others 403), and the `version` read with the product (every product the /api returns carries
 * it, so a client that sends back `{...product, _id}` sends it too). A stale version is 409 with
 * the product's stock and version now in `data`. Without a version the fields are
 * last-writer-wins, but the save is refused (409) unless the `stock` sent is the stock now.
 */
export const action = apiAction({ method: "PUT", auth: "admin", body: updateBodySchema }, async ({ context, body: { _id, version, ...input } }) => {
  await updateProduct(context, _id, input, { version });
  return apiSuccess({ _id }, { message: "Product updated successfully" });
});
