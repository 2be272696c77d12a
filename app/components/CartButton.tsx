import { Link } from "@remix-run/react";

/** The header cart button; without JavaScript it is a link to the /cart page. */
export function CartButton() {
  return (
    <Link
      to="/cart"
      className="flex items-center gap-2 rounded-lg bg-brand px-3 py-2 font-semibold text-white hover:bg-brand-dark"
    >
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="9" cy="21" r="1" />
        <circle cx="20" cy="21" r="1" />
        <path d="M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6" />
      </svg>
      <span>My Cart</span>
    </Link>
  );
}
