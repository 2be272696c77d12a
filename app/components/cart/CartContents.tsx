import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatINR } from "~/lib/money";
import type { CartView } from "~/lib/cart-view";
import { BillDetails } from "./BillDetails";
import { CartLineItem } from "./CartLineItem";

/**
 * The cart body shared by the /cart page and the header's side panel. `billKnown` false (the panel,
 * while the applied coupon's discount is being loaded): no bill and no total rather than a wrong one.
 * `choices` (the /cart page's coupon box and tip) come after the bill and before "Proceed", which
 * stays at the bottom of the screen while the cart scrolls under it.
 */
export function CartContents({
  cart,
  onNavigate,
  couponCode,
  billKnown = true,
  choices,
}: {
  cart: CartView;
  onNavigate?: () => void;
  couponCode?: string | null;
  billKnown?: boolean;
  choices?: ReactNode;
}) {
  if (!cart.lines.length) {
    return (
      <div className="flex flex-col items-center gap-4 py-12 text-center">
        <p className="text-lg font-semibold">Your cart is empty</p>
        <p className="text-sm text-neutral-500">Add milk, bread, fruit and more: it reaches you in about 10 minutes.</p>
        <Link to="/" onClick={onNavigate} className="rounded-md bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark">
          Shop Now
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {cart.bill.savings > 0 ? (
        <p className="flex justify-between rounded-md bg-blue-50 px-4 py-2 text-sm font-medium text-blue-700">
          <span>Your total savings</span>
          <span>{formatINR(cart.bill.savings)}</span>
        </p>
      ) : null}
      <ul className="divide-y divide-neutral-100 rounded-lg bg-white px-4">
        {cart.lines.map((line) => (
          <CartLineItem key={line.productId} line={line} />
        ))}
      </ul>
      {billKnown ? (
        <BillDetails bill={cart.bill} couponCode={couponCode} />
      ) : (
        <p role="status" className="rounded-lg bg-white p-4 text-sm">
          Working out your bill with your coupon…
        </p>
      )}
      {choices}
      {/* An opaque strip under the button: what scrolls beneath it never shows through. */}
      <div className="sticky bottom-0 -mx-3 bg-neutral-100 px-3 pb-3 pt-1">
        <Link
          to="/checkout"
          onClick={onNavigate}
          className="flex min-h-11 items-center justify-between rounded-lg bg-brand px-4 py-3 font-semibold text-white shadow-lg hover:bg-brand-dark"
        >
          <span>{billKnown ? formatINR(cart.bill.grandTotal) : "Checkout"}</span>
          <span>Proceed ›</span>
        </Link>
      </div>
    </div>
  );
}
