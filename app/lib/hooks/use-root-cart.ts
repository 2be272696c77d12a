import { useMatches, useRouteLoaderData } from "@remix-run/react";
import { EMPTY_CART, headerCart, isJudgedBill, type CartView, type HeaderCart, type JudgedBill } from "~/lib/cart-view";
import { usePendingCart } from "./use-cart";

type RootCartData = { cart?: CartView; couponCode?: string | null } | undefined;

/** The cart the root loader read for this request (no pending changes). */
export function useLoadedRootCart(): CartView {
  const root = useRouteLoaderData("root") as RootCartData;
  return root?.cart ?? EMPTY_CART;
}

/**
 * The header's cart (button, side panel, small screens' bar), with the applied coupon where its
 * discount is known without another D1 read: the root loader reads only the code (from the
 * `__bill` cookie); the discount comes from the page's own bill (/cart and /checkout judge it
 * anyway) or from `fetched` (the panel loads /cart's data when it opens elsewhere). Where a code is
 * applied and its discount is not known, `known` is false and no total is shown (never a wrong one).
 */
export function useHeaderCart(fetched?: unknown): HeaderCart {
  const root = useRouteLoaderData("root") as RootCartData;
  const cart = usePendingCart(root?.cart ?? EMPTY_CART);
  const page = useMatches()
    .map((match) => match.data)
    .filter(isJudgedBill)
    .pop();
  const judged: JudgedBill | null = page ?? (isJudgedBill(fetched) ? fetched : null);
  return headerCart(cart, root?.couponCode ?? null, judged);
}
