import type { ProductDraft } from "~/lib/product-draft";
import { FieldError } from "../forms/FieldError";

type StoreOption = { id: string; name: string; city: string };

/**
 * The product form's stock at each active store besides the default one (whose stock is the
 * form's "Number of Stock"), decision 020. Plain inputs in pairs (store id, stock), so the form
 * works without JavaScript; a new product starts at 0 everywhere.
 */
export function StoreStockFields({ stores, draft, error }: { stores: StoreOption[]; draft: ProductDraft["storeStock"]; error?: string }) {
  if (!stores.length) return null;
  return (
    <fieldset className="grid gap-2 rounded-md border border-neutral-200 p-3">
      <legend className="px-1 text-sm font-medium">Stock at other stores</legend>
      <p className="text-xs text-neutral-700">Number of Stock above is the default store&apos;s.</p>
      {stores.map((store) => (
        <label key={store.id} className="grid gap-1 text-sm font-medium">
          {`Stock at ${store.name} (${store.city})`}
          <input type="hidden" name="storeStockStore" value={store.id} />
          <input
            name="storeStockValue"
            type="number"
            min="0"
            step="1"
            required
            defaultValue={draft.find((entry) => entry.store === store.id)?.stock ?? "0"}
            aria-invalid={error ? true : undefined}
            className="h-10 rounded-md border border-neutral-300 bg-blue-50/40 px-3 font-normal outline-none focus:border-brand"
          />
        </label>
      ))}
      <FieldError message={error} />
    </fieldset>
  );
}
