import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Await, Link, useLoaderData } from "@remix-run/react";
import { Suspense } from "react";
import { Banner } from "~/components/catalogue/Banner";
import { CategoryGrid } from "~/components/catalogue/CategoryGrid";
import { ProductRow } from "~/components/catalogue/ProductRow";
import { HomeSkeleton } from "~/components/catalogue/Skeletons";
import { listingPath } from "~/lib/slugs";
import { catalogueCacheControl, loadHomeCatalogue } from "~/server/catalogue/catalogue.server";
import type { LocationPromptHandle } from "~/components/stores/LocationPrompt";
import { withSharedBatch } from "~/server/db/shared-batch.server";
import { pageStockStore } from "~/server/stores/store-stock.server";

/** Six per row, as many as the row skeleton shows; See All leads to the rest. */
const PRODUCTS_PER_ROW = 6;

/**
 * The banner is static, so everything the page reads is deferred: the category grid and every
 * row come back from ONE D1 batch, streamed into a client-side navigation behind skeletons. A
 * document request waits for it (entry.server.tsx), so the HTML is complete without JavaScript
 * (docs/decisions/008-home-streaming.md). A signed-in visitor's header is read in the same round
 * trip (shared-batch.server.ts).
 */
async function loadDeferredData(request: Request, context: LoaderFunctionArgs["context"]) {
  const { categories, rowsByCategory } = await withSharedBatch(context, async (batch) =>
    loadHomeCatalogue(context, PRODUCTS_PER_ROW, await pageStockStore(request, context), batch),
  );
  return {
    // Spec: a category links to the first sub-category (by name) whose category list contains it.
    categories: categories.map(({ firstListing, ...category }) => ({ ...category, href: firstListing && listingPath(category, firstListing) })),
    rowsByCategory,
  };
}

/** Shows stock: asks for a delivery pincode until one is chosen (decision 020). */
export const handle: LocationPromptHandle = { locationPrompt: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const catalogue = loadDeferredData(request, context);
  // Logged here; the page shows the error element and keeps the banner and header.
  catalogue.catch((error) => console.error("Home catalogue failed", error));
  return data({ catalogue }, { headers: { "Cache-Control": catalogueCacheControl(request) } });
}

export { catalogueHeaders as headers } from "~/server/catalogue/catalogue.server";

export default function Home() {
  const { catalogue } = useLoaderData<typeof loader>();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <h1 className="sr-only">FreshDash: groceries delivered in 10 minutes</h1>
      <Banner />
      <Suspense fallback={<HomeSkeleton />}>
        <Await resolve={catalogue} errorElement={<HomeUnavailable />}>
          {({ categories, rowsByCategory }) => (
            <>
              <CategoryGrid categories={categories} />
              {categories.map((c) =>
                rowsByCategory[c.id]?.length ? <ProductRow key={c.id} title={c.name} seeAllHref={c.href} products={rowsByCategory[c.id]} /> : null,
              )}
            </>
          )}
        </Await>
      </Suspense>
    </div>
  );
}

function HomeUnavailable() {
  return (
    <p role="alert" className="rounded-lg bg-white p-6 text-center">
      The shelves could not be loaded just now.{" "}
      <Link to="/" className="font-semibold text-brand underline">
        Try again
      </Link>{" "}
      or{" "}
      <Link to="/search" className="font-semibold text-brand underline">
        search for a product
      </Link>
      .
    </p>
  );
}
