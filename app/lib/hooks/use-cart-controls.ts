import { createContext, useContext } from "react";

/**
 * What a cart control needs from the page, computed once per page by CartController (one
 * delegated submit listener, one set of hooks) instead of once per product card.
 */
export interface CartControls {
  /** The quantity to show for a product: the loaded cart with any in-flight change applied. */
  quantityOf: (productId: string, stock: number) => number;
  /** Where the page's cart forms come back to without JavaScript (this page). */
  redirectTo: string;
  /** True once hydrated: '+' is disabled at the stock limit only then (without JavaScript the server says why). */
  hydrated: boolean;
}

export const CartControlsContext = createContext<CartControls>({ quantityOf: () => 0, redirectTo: "/", hydrated: false });

export function useCartControls(): CartControls {
  return useContext(CartControlsContext);
}
