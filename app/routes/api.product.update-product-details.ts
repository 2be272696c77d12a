import { apiAction } from "~/server/api/api-route.server";
import { apiProductSchema, idBodySchema, productVersionSchema, stockSeenSchema } from "~/lib/schemas/admin";
import { updateProduct } from "~/server/catalogue/admin-catalogue.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";

export const loader = () => methodNotAllowed("PUT");

const updateBodySchema = apiProductSchema.extend({ ...idBodySchema.shape, version: productVersionSchema, stockSeen: stockSeenSchema });

/**
 * PUT /api/product/update-product-details: the product form plus _id (ADMIN only: guests 401,
 * others 403). Decision 023:
 * - `version` (read with the product) guards the product's own fields: another save since is 409
 *   with the version now; without it those fields are last-writer-wins.
 * - `stock` is the default store's and `storeStock[].stock` another store's. With what the client
 *   saw there (`stockSeen`, an entry's `seen`) each is a compare-and-set: a store whose stock moved
 *   since is 409 naming it, and nothing is written. Without it (the original client's form) the
 *   value is the stock as the client read it: never written, and the answer names the stores where
 *   it is no longer the stock now.
 */
export const action = apiAction({ method: "PUT", auth: "admin", body: updateBodySchema }, async ({ context, body: { _id, version, stockSeen, ...input } }) => {
  const { stockNotChanged } = await updateProduct(context, _id, input, { version, stockSeen });
  if (!stockNotChanged.length) return apiSuccess({ _id }, { message: "Product updated successfully" });
  const stores = stockNotChanged.map((c) => `${c.storeName} has ${c.stock}, not the ${c.seen} sent`).join("; ");
  return apiSuccess(
    { _id, stockNotChanged },
    { message: `Product updated successfully. Stock was not changed (${stores}): send stockSeen with the stock you read to change it.` },
  );
});
