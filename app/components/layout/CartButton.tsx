import { Link } from "@remix-run/react";
import { useState } from "react";
import { formatINR } from "~/lib/money";
import { useRootCart } from "~/lib/hooks/use-root-cart";
import { CartPanel } from "~/components/cart/CartPanel";

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
 * a link to /cart; with JavaScript the same link opens the side panel instead.
 */
export function CartButton() {
  const cart = useRootCart();
  const [open, setOpen] = useState(false);
  const count = cart.bill.quantityTotal;
  return (
    <>
      <Link
        to="/cart"
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          setOpen(true);
        }}
        aria-haspopup="dialog"
        className="flex items-center gap-2 rounded-lg bg-brand px-3 py-2 font-semibold text-white hover:bg-brand-dark"
      >
        <CartIcon />
        {count ? (
          <span className="flex flex-col text-left text-xs leading-tight">
            <span>
              {count} Item{count === 1 ? "" : "s"}
            </span>
            <span>{formatINR(cart.bill.grandTotal)}</span>
          </span>
        ) : (
          <span>My Cart</span>
        )}
      </Link>
      {open ? <CartPanel cart={cart} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
