import { useRouteLoaderData } from "@remix-run/react";
import { EMPTY_CART, type CartView } from "./cart-view";
import { usePendingCart } from "./use-cart";

/** The cart the root loader read for this request, with in-flight changes applied. */
export function useRootCart(): CartView {
  const root = useRouteLoaderData("root") as { cart?: CartView } | undefined;
  return usePendingCart(root?.cart ?? EMPTY_CART);
}

/** How many of a product the cart holds (for product cards and the detail page). */
export function useCartQuantity(productId: string): number {
  const root = useRouteLoaderData("root") as { cart?: CartView } | undefined;
  return root?.cart?.lines.find((l) => l.productId === productId)?.quantity ?? 0;
}
