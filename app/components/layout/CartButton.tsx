import { Link, useFetcher } from "@remix-run/react";
import { lazy, Suspense, useState } from "react";
import { formatINR } from "~/lib/money";
import { useHeaderCart } from "~/lib/hooks/use-root-cart";

/**
 * The side panel (its lines, quantity controls and bill) is a chunk of its own, fetched when the
 * shopper points at, focuses or presses the button: every page loads this button, few open the
 * panel (client JS budget, decision 051).
 */
const loadCartPanel = () => import("~/components/cart/CartPanel");
const CartPanel = lazy(() => loadCartPanel().then((module) => ({ default: module.CartPanel })));

function CartIcon() {
  return (
    <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="9" cy="21" r="1" />
      <circle cx="20" cy="21" r="1" />
      <path d="M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6" />
    </svg>
  );
}

/**
 * The header cart button: item count and total, or 'My Cart' when empty. Without JavaScript it is
 * a link to /cart; with JavaScript the same link opens the side panel instead. With a coupon
 * applied, the total is the one /cart shows, coupon included; on a page that has not judged the
 * coupon (only /cart and /checkout do) the button shows the count alone, and opening the panel loads
 * /cart's data (its two D1 round trips, on that click, not on every page load).
 */
export function CartButton() {
  const bill = useFetcher<unknown>({ key: "header-cart-bill" });
  const { cart, couponCode, known } = useHeaderCart(bill.data);
  const [open, setOpen] = useState(false);
  const count = cart.bill.quantityTotal;
  return (
    <>
      <Link
        to="/cart"
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          if (!known && bill.state === "idle") bill.load("/cart");
          setOpen(true);
        }}
        onPointerEnter={loadCartPanel}
        onFocus={loadCartPanel}
        aria-haspopup="dialog"
        className="flex min-h-11 items-center gap-2 rounded-lg bg-brand px-3 py-1 font-semibold text-white hover:bg-brand-dark"
      >
        <CartIcon />
        {count ? (
          <span className="flex flex-col text-left text-xs leading-tight">
            <span>
              {count} Item{count === 1 ? "" : "s"}
            </span>
            {known ? <span>{formatINR(cart.bill.grandTotal)}</span> : null}
          </span>
        ) : (
          <span>My Cart</span>
        )}
      </Link>
      {open ? (
        <Suspense fallback={null}>
          <CartPanel cart={cart} couponCode={couponCode} billKnown={known} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
