import { apiAction } from "~/server/api/api-route.server";
import { productsByCategoryAndSubSchema } from "~/lib/schemas/catalogue";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { loadListing } from "~/server/catalogue/catalogue.server";
import { serializeProduct } from "~/server/catalogue/api-shapes.server";
import { apiStockStore } from "~/server/stores/store-stock.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/product/get-pruduct-by-category-and-subcategory (the spec's spelling) → data, page, totalCount. */
export const action = apiAction(
  { method: "POST", auth: "anyone", body: productsByCategoryAndSubSchema },
  async ({ request, context, body: { categoryId, subCategoryId, page, limit, pincode } }) => {
    const store = await apiStockStore(request, context, pincode);
    const listing = await loadListing(context, { categoryId, subCategoryId, page, pageSize: limit, cumulative: false, shape: "full", store });
    return apiSuccess(listing.items.map(serializeProduct), {
      message: "Product list",
      extra: { totalCount: listing.totalCount, page, limit },
    });
  },
);
