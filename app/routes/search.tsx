import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { LoadMore } from "~/components/catalogue/LoadMore";
import { ProductGrid } from "~/components/catalogue/ProductGrid";
import { SearchCorrection } from "~/components/search/SearchCorrection";
import { SearchEmptyState } from "~/components/search/SearchEmptyState";
import { CardSkeletons } from "~/components/catalogue/Skeletons";
import { pageParam } from "~/lib/schemas/catalogue";
import { SEARCH_MAX_LENGTH } from "~/lib/search/normalise";
import { catalogueCacheControl } from "~/server/catalogue/catalogue.server";
import { recordZeroResultSearch } from "~/server/search/search-insights.server";
import { searchCatalogue } from "~/server/search/search.server";
import type { LocationPromptHandle } from "~/components/stores/LocationPrompt";
import { pageStockStore } from "~/server/stores/store-stock.server";

const SEARCH_PAGE_SIZE = 10;

/**
 * One D1 round trip; two when the query is corrected or finds nothing (then the top categories
 * come with the second). `literal=1` ("Search instead for") searches exactly what was typed.
 */
/** Shows stock: asks for a delivery pincode until one is chosen (decision 020). */
export const handle: LocationPromptHandle = { locationPrompt: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, SEARCH_MAX_LENGTH).trim();
  const page = pageParam(url);
  const correct = url.searchParams.get("literal") !== "1";
  const results = q
    ? await searchCatalogue(context, {
        q,
        page,
        pageSize: SEARCH_PAGE_SIZE,
        cumulative: true,
        shape: "card",
        store: await pageStockStore(request, context),
        correct,
        withCategoriesWhenEmpty: true,
      })
    : null;
  if (results?.totalCount === 0) recordZeroResultSearch(context, q);
  return data({ q, results }, { headers: { "Cache-Control": catalogueCacheControl(request) } });
}

export { catalogueHeaders as headers } from "~/server/catalogue/catalogue.server";

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.q ? `Search results for "${d.q}" | FreshDash` : "Search | FreshDash" },
  { name: "robots", content: "noindex" },
];

export default function Search() {
  const { q, results } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/search" && !navigation.location.search.includes("page=");
  return (
    <section aria-labelledby="search-title" className="grid gap-3">
      <h1 id="search-title" className="font-semibold">
        {q ? `Search Results: ${results?.totalCount ?? 0}` : "Search"}
      </h1>
      {searching ? (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-5">
          <CardSkeletons count={10} />
        </div>
      ) : !q ? (
        <p className="py-10 text-center text-neutral-600">Type what you need: milk, bread, paneer, chips…</p>
      ) : results && results.items.length ? (
        <>
          {results.corrected ? <SearchCorrection typed={q} searched={results.searched} /> : null}
          {results.anyWord ? <p className="text-sm text-neutral-700">No product matches every word: these match some of them.</p> : null}
          <h2 className="sr-only">Products</h2>
          <ProductGrid products={results.items} label={`Results for ${q}`} />
          <LoadMore page={results.page} hasMore={results.page < results.totalPages} skeletons={SEARCH_PAGE_SIZE} />
        </>
      ) : (
        <SearchEmptyState suggestions={results?.suggestions ?? []} categories={results?.topCategories ?? []} />
      )}
    </section>
  );
}
