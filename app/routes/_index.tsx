import { data, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Await, useLoaderData } from "@remix-run/react";
import { Suspense } from "react";
import { Banner } from "~/components/Banner";
import { CategoryGrid } from "~/components/CategoryGrid";
import { ProductRow } from "~/components/ProductRow";
import { CardSkeletons } from "~/components/Skeletons";
import { listingPath } from "~/lib/slugs";
import { catalogueCacheControl, loadCategoryRows, loadCategoryTree, type CategoryRef, type SubCategoryWithParents } from "~/utils/catalogue.server";

/** Six per row, as many as the row skeleton shows; See All leads to the rest. */
const PRODUCTS_PER_ROW = 6;

/** Critical: the category grid (one batch). Deferred: the product rows below the fold (one query, streamed). */
async function loadCriticalData(context: LoaderFunctionArgs["context"]) {
  const { categories, subCategories } = await loadCategoryTree(context);
  return categories.map((category) => ({ ...category, href: firstListingHref(category, subCategories) }));
}

function loadDeferredData(context: LoaderFunctionArgs["context"]) {
  return loadCategoryRows(context, PRODUCTS_PER_ROW).catch((error): Awaited<ReturnType<typeof loadCategoryRows>> => {
    console.error("Home product rows failed", error);
    return {};
  });
}

/** Spec: a category links to the first sub-category (by name) whose category list contains it. */
function firstListingHref(category: CategoryRef, subCategories: SubCategoryWithParents[]) {
  const sub = subCategories.find((s) => s.categories.some((c) => c.id === category.id));
  return sub ? listingPath(category, sub) : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const rows = loadDeferredData(context);
  const categories = await loadCriticalData(context);
  return data({ categories, rows }, { headers: { "Cache-Control": catalogueCacheControl(request) } });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-store",
});

export default function Home() {
  const { categories, rows } = useLoaderData<typeof loader>();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <h1 className="sr-only">FreshDash: groceries delivered in 10 minutes</h1>
      <Banner />
      <CategoryGrid categories={categories} />
      <Suspense
        fallback={categories.slice(0, 3).map((c) => (
          <div key={c.id} className="flex gap-3 overflow-hidden">
            <CardSkeletons count={6} className="w-40 shrink-0" />
          </div>
        ))}
      >
        <Await resolve={rows}>
          {(byCategory) =>
            categories.map((c) =>
              byCategory[c.id]?.length ? <ProductRow key={c.id} title={c.name} seeAllHref={c.href} products={byCategory[c.id]} /> : null,
            )
          }
        </Await>
      </Suspense>
    </div>
  );
}
