import { apiAction } from "~/server/http/api-route.server";
import { productDetailsSchema } from "~/lib/schemas/catalogue";
import { apiError, apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { loadProduct } from "~/server/catalogue/catalogue.server";
import { serializeProduct } from "~/server/catalogue/api-shapes.server";
import { apiStockStore } from "~/server/stores/store-stock.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/product/get-product-details {productId}. */
export const action = apiAction({ method: "POST", auth: "anyone", body: productDetailsSchema }, async ({ request, context, body: { productId, pincode } }) => {
  const product = await loadProduct(context, productId, await apiStockStore(request, context, pincode));
  if (!product) return apiError("Product not found", 404);
  return apiSuccess(serializeProduct(product), { message: "product details" });
});
