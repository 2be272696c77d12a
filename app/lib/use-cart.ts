import { useFetchers } from "@remix-run/react";
import { withPendingQuantities, type CartView } from "./cart-view";

/**
 * The cart with in-flight changes applied (optimistic totals). Only non-idle cart fetchers count,
 * so finished ones never double-count (STACK.md pitfall 20).
 */
export function usePendingCart(cart: CartView): CartView {
  const fetchers = useFetchers();
  const pending = new Map<string, number>();
  for (const f of fetchers) {
    if (f.state === "idle" || !f.key.startsWith("cart:") || !f.formData) continue;
    const productId = String(f.formData.get("productId") ?? "");
    const line = cart.lines.find((l) => l.productId === productId);
    if (!line) continue;
    const intent = f.formData.get("intent");
    const next =
      intent === "add" || intent === "increment"
        ? Math.min(line.quantity + 1, line.stock)
        : intent === "decrement"
          ? line.quantity - 1
          : intent === "remove"
            ? 0
            : line.quantity;
    pending.set(productId, next);
  }
  return withPendingQuantities(cart, pending);
}
