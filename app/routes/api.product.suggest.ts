import { apiLoader } from "~/server/api/api-route.server";
import { suggestQuerySchema } from "~/lib/schemas/search";
import { apiSuccess, methodNotAllowed, parseWith } from "~/server/http/api.server";
import { catalogueCacheControl } from "~/server/catalogue/catalogue.server";
import { serializeSuggestion, suggestSearches } from "~/server/search/search-suggest.server";
import { apiStockStore } from "~/server/stores/store-stock.server";

/**
 * GET /api/product/suggest?q=mil → data: up to 8 `{ _id, kind: "subCategory" | "product", name,
 * url, image, detail }`, sub-categories first. Catalogue data, the same for everyone: anonymous
 * answers may be kept by HTTP caches like the catalogue pages (`cacheHeaders` makes any other private).
 */
export const loader = apiLoader({ auth: "anyone" }, async ({ request, context }) => {
  const { q } = parseWith(suggestQuerySchema, { q: new URL(request.url).searchParams.getAll("q") });
  const suggestions = await suggestSearches(context, q, await apiStockStore(request, context));
  return apiSuccess(suggestions.map(serializeSuggestion), {
    message: "Suggestions",
    headers: { "Cache-Control": catalogueCacheControl(request) },
  });
});

export const action = () => methodNotAllowed("GET");
