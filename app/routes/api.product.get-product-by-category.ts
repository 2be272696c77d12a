import { apiAction } from "~/server/api/api-route.server";
import { productsByCategorySchema } from "~/lib/schemas/catalogue";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { loadProductsByCategory } from "~/server/catalogue/catalogue.server";
import { serializeProduct } from "~/server/catalogue/api-shapes.server";
import { apiStockStore } from "~/server/stores/store-stock.server";

export const loader = () => methodNotAllowed("POST");

const LIMIT = 15;

/** POST /api/product/get-product-by-category {id}: the category's newest products. */
export const action = apiAction({ method: "POST", auth: "anyone", body: productsByCategorySchema }, async ({ request, context, body: { id, pincode } }) => {
  const products = await loadProductsByCategory(context, id, LIMIT, await apiStockStore(request, context, pincode));
  return apiSuccess(products.map(serializeProduct), { message: "category product list" });
});
