import { Link, useLocation } from "@remix-run/react";
import { formatINR } from "~/lib/money";
import { useHeaderCart } from "~/lib/hooks/use-root-cart";

/**
 * Small screens: count, total (see CartButton for the coupon) and 'View Cart' at the bottom while the
 * cart has items (not on /checkout). Its id lets the stylesheet keep focused and scrolled-to
 * controls clear of it (scroll-padding) and lift the product page's sticky Add above it.
 */
export function MobileCartBar() {
  const { cart, known } = useHeaderCart();
  const { pathname } = useLocation();
  if (!cart.bill.quantityTotal || pathname === "/checkout" || pathname === "/cart") return null;
  return (
    <aside id="mobile-cart-bar" aria-label="Cart summary" className="sticky bottom-2 z-30 px-2 md:hidden">
      <div className="flex h-12 items-center justify-between rounded-lg bg-brand pl-4 pr-1 text-sm text-white shadow-lg">
        <span>
          {cart.bill.quantityTotal} item{cart.bill.quantityTotal === 1 ? "" : "s"}
          {/* With a coupon whose discount this page has not judged: no total rather than a wrong one. */}
          {known ? ` · ${formatINR(cart.bill.grandTotal)}` : null}
        </span>
        <Link to="/cart" className="flex h-11 items-center px-3 font-semibold">
          View Cart
        </Link>
      </div>
    </aside>
  );
}
