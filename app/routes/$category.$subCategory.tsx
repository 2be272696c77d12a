import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { publicOriginOf } from "~/server/platform/env.server";
import { useLoaderData } from "@remix-run/react";
import { ClientLink } from "~/components/catalogue/ClientLink";
import { LoadMore } from "~/components/catalogue/LoadMore";
import { ProductGrid } from "~/components/catalogue/ProductGrid";
import { pageParam } from "~/lib/schemas/catalogue";
import { idFromSegment, listingPath } from "~/lib/slugs";
import { catalogueCacheControl, loadListing } from "~/server/catalogue/catalogue.server";
import { notFound } from "~/server/http/not-found.server";
import type { LocationPromptHandle } from "~/components/stores/LocationPrompt";
import { withSharedBatch } from "~/server/db/shared-batch.server";
import { pageStockStore } from "~/server/stores/store-stock.server";

const LISTING_PAGE_SIZE = 8;

/** Shows stock: asks for a delivery pincode until one is chosen (decision 020). */
export const handle: LocationPromptHandle = { locationPrompt: true };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const categoryId = idFromSegment(params.category);
  const subCategoryId = idFromSegment(params.subCategory);
  if (!categoryId || !subCategoryId) notFound();
  const url = new URL(request.url);
  const page = pageParam(url);
  // The signed-in header's reads go in the same round trip (shared-batch.server.ts).
  const listing = await withSharedBatch(context, async (batch) => {
    const store = await pageStockStore(request, context);
    return loadListing(context, { categoryId, subCategoryId, page, pageSize: LISTING_PAGE_SIZE, cumulative: true, shape: "card", store, batch });
  });
  if (!listing.category || !listing.subCategory || !listing.subCategories.some((s) => s.id === subCategoryId)) notFound();
  const canonical = `${publicOriginOf(context.cloudflare.env, request)}${listingPath(listing.category, listing.subCategory)}`;
  return data({ ...listing, canonical }, { headers: { "Cache-Control": catalogueCacheControl(request) } });
}

export { catalogueHeaders as headers } from "~/server/catalogue/catalogue.server";

export const meta: MetaFunction<typeof loader> = ({ data: d }) =>
  d
    ? [
        { title: `${d.subCategory!.name} | ${d.category!.name} | FreshDash` },
        { name: "description", content: `Buy ${d.subCategory!.name} online: ${d.totalCount} products delivered in 10 minutes.` },
        { tagName: "link", rel: "canonical", href: d.canonical },
      ]
    : [{ title: "Not found | FreshDash" }];

export default function Listing() {
  const { category, subCategories, subCategory, items, page, totalPages, totalCount } = useLoaderData<typeof loader>();
  // The sub-category's own name: the URL's slug has lost its "&" and commas ("Bread & Pav").
  const title = subCategory!.name;
  return (
    <div className="grid grid-cols-[88px_1fr] gap-3 md:grid-cols-[200px_1fr] lg:grid-cols-[240px_1fr]">
      <nav
        aria-label={`${category!.name} sub-categories`}
        className="sticky top-[108px] max-h-[calc(100vh-116px)] self-start overflow-y-auto md:top-24 md:max-h-[calc(100vh-110px)]"
      >
        <ul className="grid gap-1">
          {subCategories.map((s) => (
            <li key={s.id}>
              <ClientLink
                href={listingPath(category!, s)}
                aria-current={s.id === subCategory!.id ? "page" : undefined}
                className={`flex flex-col items-center gap-1 rounded-md p-2 text-center text-xs md:flex-row md:text-left md:text-sm ${
                  s.id === subCategory!.id ? "bg-green-100 font-semibold text-green-900" : "hover:bg-green-50"
                }`}
              >
                <img src={s.image} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 rounded bg-white object-contain" />
                <span className="min-w-0 wrap-anywhere">{s.name}</span>
              </ClientLink>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="listing-title" className="min-w-0">
        <h1 id="listing-title" className="mb-3 text-lg font-semibold">
          {title}
        </h1>
        {items.length ? <ProductGrid products={items} label={title} /> : <p className="py-10 text-center">No Data found</p>}
        <p className="mt-3 text-sm text-neutral-500">
          Showing {items.length} of {totalCount}
        </p>
        <LoadMore page={page} hasMore={page < totalPages} skeletons={LISTING_PAGE_SIZE} />
      </section>
    </div>
  );
}
