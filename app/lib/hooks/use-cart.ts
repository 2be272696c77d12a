import { useFetchers } from "@remix-run/react";
import { withPendingQuantities, type CartView } from "~/lib/cart-view";

/** Every cart change of one product runs under this fetcher key: a fast second click replaces the first. */
export const cartFetcherKey = (productId: string) => `cart:${productId}`;

/** The quantity once `intent` (add | increment | decrement | remove) has gone through, within stock. */
export function applyCartIntent(quantity: number, intent: FormDataEntryValue | null | undefined, stock: number): number {
  if (intent === "add" || intent === "increment") return Math.min(quantity + 1, stock);
  if (intent === "decrement") return quantity - 1;
  if (intent === "remove") return 0;
  return quantity;
}

/**
 * The intent of every cart change still in flight, by product id. Only non-idle cart fetchers
 * count, so finished ones never double-count (STACK.md pitfall 20).
 */
export function usePendingCartIntents(): Map<string, FormDataEntryValue> {
  const fetchers = useFetchers();
  const pending = new Map<string, FormDataEntryValue>();
  for (const f of fetchers) {
    if (f.state === "idle" || !f.key.startsWith("cart:") || !f.formData) continue;
    const intent = f.formData.get("intent");
    if (intent !== null) pending.set(String(f.formData.get("productId") ?? ""), intent);
  }
  return pending;
}

/** The cart with in-flight changes applied (optimistic totals). */
export function usePendingCart(cart: CartView): CartView {
  const intents = usePendingCartIntents();
  const pending = new Map<string, number>();
  for (const line of cart.lines) {
    if (intents.has(line.productId)) pending.set(line.productId, applyCartIntent(line.quantity, intents.get(line.productId), line.stock));
  }
  return withPendingQuantities(cart, pending);
}
