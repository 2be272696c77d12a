import { useRouteLoaderData } from "@remix-run/react";
import { EMPTY_CART, type CartView } from "~/lib/cart-view";
import { usePendingCart } from "./use-cart";

/** The cart the root loader read for this request (no pending changes). */
export function useLoadedRootCart(): CartView {
  const root = useRouteLoaderData("root") as { cart?: CartView } | undefined;
  return root?.cart ?? EMPTY_CART;
}

/** The cart the root loader read for this request, with in-flight changes applied. */
export function useRootCart(): CartView {
  return usePendingCart(useLoadedRootCart());
}
