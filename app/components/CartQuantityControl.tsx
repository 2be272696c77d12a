import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { useToast } from "./Toaster";

export const cartFetcherKey = (productId: string) => `cart:${productId}`;

interface Props {
  productId: string;
  productName: string;
  quantity: number;
  stock: number;
  size?: "sm" | "md";
}

type CartActionData = { ok: boolean; message: string; quantity?: number };

/**
 * 'Add' when the product is not in the cart, else minus / quantity / plus (spec section 4).
 * Each button is a real form posting to /cart (works without JavaScript: 303 back here with the
 * message). With JavaScript it runs through one fetcher per product, so the quantity updates at
 * once and fast clicks settle on the last one.
 */
export function CartQuantityControl({ productId, productName, quantity, stock, size = "md" }: Props) {
  const fetcher = useFetcher<CartActionData>({ key: cartFetcherKey(productId) });
  const location = useLocation();
  const hydrated = useHydrated();
  const toast = useToast();
  const shown = useRef<CartActionData | null>(null);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && shown.current !== fetcher.data) {
      shown.current = fetcher.data;
      toast({ type: fetcher.data.ok ? "success" : "error", text: fetcher.data.message });
    }
  }, [fetcher.state, fetcher.data, toast]);

  const pending = fetcher.formData?.get("intent");
  const optimistic =
    pending === "add" || pending === "increment"
      ? Math.min(quantity + 1, stock)
      : pending === "decrement"
        ? quantity - 1
        : pending === "remove"
          ? 0
          : quantity;
  const redirectTo = location.pathname + location.search;
  const hidden = (
    <>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
    </>
  );
  const height = size === "sm" ? "h-8" : "h-9";

  if (optimistic <= 0) {
    return (
      <fetcher.Form method="post" action="/cart" className="w-full max-w-[150px]">
        {hidden}
        <button
          type="submit"
          name="intent"
          value="add"
          aria-label={`Add ${productName} to cart`}
          className={`btn-add ${height}`}
        >
          Add
        </button>
      </fetcher.Form>
    );
  }
  return (
    <fetcher.Form
      method="post"
      action="/cart"
      className={`qty ${height}`}
    >
      {hidden}
      <button type="submit" name="intent" value="decrement" aria-label={`Remove one ${productName}`} className="qty-btn rounded-l-md">
        −
      </button>
      <output aria-label={`${productName} quantity`} className="min-w-6 text-center text-sm font-semibold">
        {optimistic}
      </output>
      <button
        type="submit"
        name="intent"
        value="increment"
        aria-label={`Add one more ${productName}`}
        disabled={hydrated && optimistic >= stock}
        className="qty-btn rounded-r-md"
      >
        +
      </button>
    </fetcher.Form>
  );
}
