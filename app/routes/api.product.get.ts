import { apiAction } from "~/server/api/api-route.server";
import { productListSchema } from "~/lib/schemas/catalogue";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { loadProductPage } from "~/server/search/product-page.server";
import { serializeProduct } from "~/server/catalogue/api-shapes.server";
import { apiStockStore } from "~/server/stores/store-stock.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/product/get {page, limit (12), search} → data, totalCount, totalNoPage. */
export const action = apiAction(
  { method: "POST", auth: "anyone", body: productListSchema },
  async ({ request, context, body: { page, limit, search, pincode } }) => {
    const result = await loadProductPage(context, { page, limit, search, store: await apiStockStore(request, context, pincode) });
    return apiSuccess(result.items.map(serializeProduct), {
      extra: { totalCount: result.totalCount, totalNoPage: result.totalPages, page },
    });
  },
);
