import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * One of a store's row forms on a product's stock panel (StoreStockSummaryPanel): a plain POST of
 * the product, the store and `intent`, with one labelled field. Works without JavaScript.
 */
export function StoreStockRowForm({
  productId,
  storeId,
  intent,
  label,
  field,
  button,
  primary = false,
  hidden,
}: {
  productId: string;
  storeId: string;
  intent: string;
  label: string;
  /** The form's one input (its label is `label`). */
  field: ReactNode;
  button: string;
  primary?: boolean;
  /** Extra hidden fields, e.g. the stock the admin saw. */
  hidden?: Record<string, string | number>;
}) {
  return (
    <Form method="post" preventScrollReset className="flex items-end gap-1">
      <input type="hidden" name="id" value={productId} />
      <input type="hidden" name="store" value={storeId} />
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="grid gap-0.5 text-xs">
        {label}
        {field}
      </label>
      <button
        type="submit"
        name="intent"
        value={intent}
        className={primary ? "h-9 rounded-md bg-brand px-3 text-sm text-white" : "h-9 rounded-md border border-neutral-400 px-3 text-sm"}
      >
        {button}
      </button>
    </Form>
  );
}
