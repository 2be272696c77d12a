import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { publicOriginOf } from "~/server/platform/env.server";
import { useLoaderData, useLocation } from "@remix-run/react";
import { CartQuantityControl } from "~/components/cart/CartQuantityControl";
import { PriceBlock } from "~/components/catalogue/PriceBlock";
import { ProductGallery } from "~/components/catalogue/ProductGallery";
import { WhyShop } from "~/components/catalogue/WhyShop";
import { paiseToRupees } from "~/lib/money";
import { discountedPrice } from "~/lib/pricing";
import { inlineScriptJson } from "~/lib/inline-json";
import { idFromSegment, productPath } from "~/lib/slugs";
import { useCartControls } from "~/lib/hooks/use-cart-controls";
import { catalogueCacheControl, loadProductWithSimilar } from "~/server/catalogue/catalogue.server";
import { NotifyMeForm } from "~/components/notify/NotifyMeForm";
import { SimilarItems } from "~/components/notify/SimilarItems";
import { useAccount } from "~/lib/hooks/use-account";
import { getDb } from "~/server/db/db.server";
import { sessionTokenHash } from "~/server/identity/session.server";
import { notifyStateQuery } from "~/server/notify/requests.server";
import type { LocationPromptHandle } from "~/components/stores/LocationPrompt";
import { withSharedBatch } from "~/server/db/shared-batch.server";
import { pageStockStore } from "~/server/stores/store-stock.server";
import { notFound } from "~/server/http/not-found.server";

/** Shows stock: asks for a delivery pincode until one is chosen (decision 020). */
export const handle: LocationPromptHandle = { locationPrompt: true };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = idFromSegment(params.product);
  // The signed-in header's reads go in the same round trip (shared-batch.server.ts); so do the
  // similar items (none while in stock) and the "Notify me" state (decision 032).
  const loaded = id
    ? await withSharedBatch(context, async (batch) => {
        const store = await pageStockStore(request, context);
        const tokenHash = await sessionTokenHash(request, context);
        // Only a personal page asks whose request it is (an anonymous one stays cacheable).
        const state = tokenHash ? notifyStateQuery(getDb(context), { productId: id, store, tokenHash }) : undefined;
        const found = await loadProductWithSimilar(context, id, store, batch, state);
        return found ? { product: found.product, similar: found.similar, notify: found.also?.[0] ?? null } : null;
      })
    : null;
  if (!loaded) notFound();
  const { product, similar, notify } = loaded;
  const origin = publicOriginOf(context.cloudflare.env, request);
  const canonical = `${origin}${productPath(product)}`;
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    image: product.images.map((src) => `${origin}${src}`),
    offers: {
      "@type": "Offer",
      priceCurrency: "INR",
      price: paiseToRupees(discountedPrice(product.price, product.discount)).toFixed(2),
      availability: product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      url: canonical,
    },
  };
  const cacheControl = catalogueCacheControl(request);
  return data(
    { product, canonical, jsonLd, similar: product.stock > 0 ? [] : similar, notify: notify ?? { requestId: null, waiting: null, storeName: null } },
    { headers: { "Cache-Control": cacheControl } },
  );
}

export { catalogueHeaders as headers } from "~/server/catalogue/catalogue.server";

export const meta: MetaFunction<typeof loader> = ({ data: d }) =>
  d
    ? [
        { title: `${d.product.name} (${d.product.unit}) | FreshDash` },
        { name: "description", content: d.product.description.slice(0, 160) || `Buy ${d.product.name} online in 10 minutes.` },
        { tagName: "link", rel: "canonical", href: d.canonical },
      ]
    : [{ title: "Not found | FreshDash" }];

export default function ProductDetail() {
  const { product, jsonLd, similar, notify } = useLoaderData<typeof loader>();
  const cartControls = useCartControls();
  const account = useAccount();
  const here = useLocation();
  const details = Object.entries(product.moreDetails);
  return (
    <article className="grid gap-6 lg:grid-cols-2">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: inlineScriptJson(jsonLd) }} />
      <ProductGallery images={product.images} name={product.name} />
      <div className="grid content-start gap-4">
        <p className="w-fit rounded-full bg-green-100 px-2 py-0.5 text-sm font-medium text-green-800">10 Min</p>
        <h1 className="text-2xl font-semibold">{product.name}</h1>
        <p className="text-neutral-600">{product.unit}</p>
        <div className="grid gap-1">
          <p className="text-sm text-neutral-500">Price</p>
          <div className="flex items-center gap-3">
            <span className="rounded border border-green-600 bg-green-50 px-3 py-1">
              <PriceBlock price={product.price} discount={product.discount} size="lg" />
            </span>
            {product.discount > 0 ? <span className="text-lg font-bold text-green-700">{product.discount}% Discount</span> : null}
          </div>
        </div>
        {notify.waiting !== null ? (
          <p className="text-sm text-neutral-700">
            {notify.waiting} {notify.waiting === 1 ? "shopper waits" : "shoppers wait"} for it at {notify.storeName}
          </p>
        ) : null}
        {product.stock <= 0 ? (
          <div className="grid gap-3">
            <p className="text-lg font-medium text-red-600">Out of Stock</p>
            <NotifyMeForm
              productId={product.id}
              productName={product.name}
              requestId={notify.requestId}
              signedIn={Boolean(account)}
              redirectTo={`${here.pathname}${here.search}`}
            />
          </div>
        ) : null}
        {/* Last in the column so that on phones it can stick to the screen's foot over the details
            (styles.css .sticky-add); from lg up it sits right under the price (order). */}
        <div className="grid gap-4 lg:order-1">
          <SimilarItems products={similar} />
          <WhyShop />
          <section className="grid gap-3" aria-label="Details">
            <ProductFacts description={product.description} unit={product.unit} details={details} />
          </section>
        </div>
        {product.stock > 0 ? (
          <div className="sticky-add lg:max-w-[150px]">
            <CartQuantityControl
              productId={product.id}
              productName={product.name}
              quantity={cartControls.quantityOf(product.id, product.stock)}
              stock={product.stock}
              limitAtStock={cartControls.hydrated}
            />
          </div>
        ) : null}
      </div>
    </article>
  );
}

function ProductFacts({ description, unit, details }: { description: string; unit: string; details: [string, string][] }) {
  return (
    <dl className="grid gap-3 text-sm">
      <div>
        <dt className="font-semibold">Description</dt>
        <dd className="whitespace-pre-line text-neutral-700">{description}</dd>
      </div>
      <div>
        <dt className="font-semibold">Unit</dt>
        <dd className="text-neutral-700">{unit}</dd>
      </div>
      {details.map(([name, value]) => (
        <div key={name}>
          <dt className="font-semibold">{name}</dt>
          <dd className="whitespace-pre-line text-neutral-700">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
