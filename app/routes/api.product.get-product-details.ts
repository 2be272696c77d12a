import { apiAction } from "~/server/api/api-route.server";
import { productDetailsSchema } from "~/lib/schemas/catalogue";
import { apiError, apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { loadProductWithSimilar } from "~/server/catalogue/catalogue.server";
import { serializeCard, serializeProduct } from "~/server/catalogue/api-shapes.server";
import { apiStockStore } from "~/server/stores/store-stock.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/product/get-product-details {productId, pincode?}: when the product is out of stock at
 * the store, `similar` lists up to 6 products of its sub-category in stock there, nearest in price.
 */
export const action = apiAction({ method: "POST", auth: "anyone", body: productDetailsSchema }, async ({ request, context, body: { productId, pincode } }) => {
  const found = await loadProductWithSimilar(context, productId, await apiStockStore(request, context, pincode));
  if (!found) return apiError("Product not found", 404);
  const { product, similar } = found;
  return apiSuccess({ ...serializeProduct(product), ...(product.stock <= 0 ? { similar: similar.map(serializeCard) } : {}) }, { message: "product details" });
});
