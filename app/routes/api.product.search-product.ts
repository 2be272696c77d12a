import { apiAction } from "~/server/api/api-route.server";
import { searchProductSchema } from "~/lib/schemas/catalogue";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { serializeProduct } from "~/server/catalogue/api-shapes.server";
import { recordZeroResultSearch } from "~/server/search/search-insights.server";
import { searchCatalogue } from "~/server/search/search.server";
import { apiStockStore } from "~/server/stores/store-stock.server";

export const loader = () => methodNotAllowed("POST");

const SEARCH_API_PAGE_SIZE = 10;

/**
 * POST /api/product/search-product {search, page} → data, page, totalPage, totalCount, ranked as
 * the search page ranks; `didYouMean` (optional) names the corrected query the results are for.
 */
export const action = apiAction(
  { method: "POST", auth: "anyone", body: searchProductSchema },
  async ({ request, context, body: { search, page, pincode } }) => {
    const store = await apiStockStore(request, context, pincode);
    const result = await searchCatalogue(context, { q: search, page, pageSize: SEARCH_API_PAGE_SIZE, cumulative: false, shape: "full", store });
    if (result.totalCount === 0) recordZeroResultSearch(context, search);
    return apiSuccess(result.items.map(serializeProduct), {
      message: "Product data",
      extra: {
        totalCount: result.totalCount,
        totalPage: result.totalPages,
        page,
        ...(result.corrected ? { didYouMean: result.searched } : {}),
      },
    });
  },
);
