import { Form, Link, useSearchParams } from "@remix-run/react";
import { FieldError } from "../forms/FieldError";
import { StoreStockRowForm } from "./StoreStockRowForm";

type SummaryStore = { id: string; name: string; city: string; active: boolean; isDefault: boolean; stock: number; bin: string | null };

type Summary = {
  stores: SummaryStore[];
  page: number;
  totalPages: number;
  totals: { stores: number; units: number; outOfStock: number };
  search: string;
};

const input = "h-9 w-24 rounded-md border border-neutral-300 bg-blue-50/40 px-2 font-normal";

/**
 * A product's stock across the chain (decision 023): totals, a search by store name or city, and a
 * page of stores, each with three plain forms: set the stock given the stock shown (a sale in between
 * is caught, not overwritten), add units received, or set the shelf location there (decision 027,
 * the pick list's order). Works without JavaScript; the dialog stays open.
 */
export function StoreStockSummaryPanel({
  productId,
  summary,
  error,
}: {
  productId: string;
  summary: Summary;
  error: { store: string; message: string } | null;
}) {
  const [params] = useSearchParams();
  const withParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    return `?${next}`;
  };
  const { totals } = summary;
  return (
    <section aria-labelledby="store-stock-title" className="mt-4 grid gap-2 border-t border-neutral-200 pt-3">
      <h3 id="store-stock-title" className="font-semibold">
        Stock at stores
      </h3>
      <p className="text-sm text-neutral-700">
        {`${totals.units} in stock across ${totals.stores} store${totals.stores === 1 ? "" : "s"}; out of stock at ${totals.outOfStock} active store${totals.outOfStock === 1 ? "" : "s"}. Number of Stock above is the default store's.`}
      </p>
      {/* A GET form that keeps the dialog open: Enter searches without JavaScript. */}
      <Form method="get" role="search" aria-label="Stores" preventScrollReset className="flex gap-2">
        {[...params.entries()]
          .filter(([key]) => key !== "storeSearch" && key !== "storePage")
          .map(([key, value]) => (
            <input key={key} type="hidden" name={key} value={value} />
          ))}
        <input
          type="search"
          name="storeSearch"
          defaultValue={summary.search}
          aria-label="Find a store by name or city"
          placeholder="Find a store by name or city"
          className="h-9 flex-1 rounded-md border border-neutral-300 bg-blue-50/40 px-2"
        />
        <button type="submit" className="rounded-md border border-neutral-400 px-3 text-sm">
          Find store
        </button>
      </Form>
      {summary.stores.length ? null : <p className="text-sm">No store matches “{summary.search}”.</p>}
      <ul aria-label="Stock at each store" className="grid gap-2">
        {summary.stores.map((store) => (
          <li key={store.id} className="grid gap-1 rounded-md bg-neutral-50 p-2 text-sm">
            <p className="font-medium">
              {`${store.name}${store.city ? `, ${store.city}` : ""}${store.isDefault ? " (default store)" : ""}${store.active ? "" : " (inactive)"}: ${store.stock} in stock`}
            </p>
            <div className="flex flex-wrap gap-3">
              <StoreStockRowForm
                productId={productId}
                storeId={store.id}
                intent="set-store-stock"
                label={`Set stock at ${store.name}`}
                hidden={{ seen: store.stock }}
                field={<input name="stock" type="number" min="0" step="1" required defaultValue={store.stock} className={input} />}
                button="Set"
                primary
              />
              <StoreStockRowForm
                productId={productId}
                storeId={store.id}
                intent="add-store-stock"
                label={`Units received at ${store.name}`}
                field={<input name="delta" type="number" step="1" required placeholder="+24" className={input} />}
                button="Add"
              />
              <StoreStockRowForm
                productId={productId}
                storeId={store.id}
                intent="set-bin"
                label={`Shelf location at ${store.name}`}
                field={<input name="bin" maxLength={32} defaultValue={store.bin ?? ""} placeholder="A3-2" className={input} />}
                button="Save"
              />
            </div>
            {error?.store === store.id ? <FieldError message={error.message} /> : null}
          </li>
        ))}
      </ul>
      {error && !summary.stores.some((store) => store.id === error.store) ? <FieldError message={error.message} /> : null}
      {summary.totalPages > 1 ? (
        <nav aria-label="Store pages" className="flex items-center justify-between text-sm">
          {summary.page > 1 ? (
            <Link to={withParams({ storePage: String(summary.page - 1) })} preventScrollReset>
              Previous stores
            </Link>
          ) : (
            <span className="text-neutral-500">Previous stores</span>
          )}
          <span>
            {summary.page}/{summary.totalPages}
          </span>
          {summary.page < summary.totalPages ? (
            <Link to={withParams({ storePage: String(summary.page + 1) })} preventScrollReset>
              Next stores
            </Link>
          ) : (
            <span className="text-neutral-500">Next stores</span>
          )}
        </nav>
      ) : null}
    </section>
  );
}
