/**
 * The admin-style product list: every product newest first, or those a search finds. Here, above
 * the catalogue, because search builds on the catalogue's rows and the catalogue never on search.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { loadNewestProducts } from "~/server/catalogue/catalogue.server";
import type { StockStore } from "~/server/stores/store-stock.server";
import { searchCatalogue } from "./search.server";

/** One page of products, optionally filtered by a search; stock at `store`. */
export async function loadProductPage(
  context: AppLoadContext,
  { page, limit, search, store }: { page: number; limit: number; search: string; store: StockStore },
) {
  // An admin looks for what they typed: no correction.
  if (search.trim()) return searchCatalogue(context, { q: search, page, pageSize: limit, cumulative: false, shape: "full", correct: false, store });
  return loadNewestProducts(context, { page, limit, store });
}
