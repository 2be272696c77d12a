import { Link, useLocation } from "@remix-run/react";
import { formatINR } from "~/lib/money";
import { useRootCart } from "~/lib/hooks/use-root-cart";

/** Small screens: count, total and 'View Cart' at the bottom while the cart has items (not on /checkout). */
export function MobileCartBar() {
  const cart = useRootCart();
  const { pathname } = useLocation();
  if (!cart.bill.quantityTotal || pathname === "/checkout" || pathname === "/cart") return null;
  return (
    <aside aria-label="Cart summary" className="sticky bottom-2 z-30 px-2 md:hidden">
      <div className="flex items-center justify-between rounded-lg bg-brand px-4 py-2 text-sm text-white shadow-lg">
        <span>
          {cart.bill.quantityTotal} item{cart.bill.quantityTotal === 1 ? "" : "s"} · {formatINR(cart.bill.grandTotal)}
        </span>
        <Link to="/cart" className="font-semibold">
          View Cart
        </Link>
      </div>
    </aside>
  );
}
