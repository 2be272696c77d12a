import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { searchProductSchema } from "~/lib/schemas/catalogue";
import { apiSuccess, assertMethod, handleApi, methodNotAllowed, readJson } from "~/utils/api.server";
import { searchProducts, serializeProduct } from "~/utils/catalogue.server";
import { recordZeroResultSearch } from "~/utils/search-insights.server";

export const loader = () => methodNotAllowed("POST");

const SEARCH_API_PAGE_SIZE = 10;

/** POST /api/product/search-product {search, page} → data, page, totalPage (ranked full-text search). */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    assertMethod(request, "POST");
    const { search, page } = await readJson(request, searchProductSchema);
    const result = await searchProducts(context, { q: search, page, pageSize: SEARCH_API_PAGE_SIZE, cumulative: false, shape: "full" });
    if (result.totalCount === 0) recordZeroResultSearch(context, search);
    return apiSuccess(result.items.map(serializeProduct), {
      message: "Product data",
      extra: { totalCount: result.totalCount, totalPage: result.totalPages, page },
    });
  });
