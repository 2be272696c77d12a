import { useEffect, useRef } from "react";
import type { CartView } from "~/lib/cart-view";
import { CartContents } from "./CartContents";

/** The side panel opened from the header cart button (JavaScript only; /cart is the no-JS page). */
export function CartPanel({ cart, couponCode, billKnown, onClose }: { cart: CartView; couponCode: string | null; billKnown: boolean; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);
  return (
    // A click on the backdrop closes, for the mouse; the keyboard has Escape and the Close button.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- see above
    <div className="fixed inset-0 z-50 flex justify-end bg-black/50" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <section role="dialog" aria-modal="true" aria-labelledby="cart-panel-title" className="flex h-full w-full max-w-md flex-col bg-neutral-100">
        <header className="flex items-center justify-between bg-white p-4 shadow-sm">
          <h2 id="cart-panel-title" className="text-lg font-semibold">
            Cart
          </h2>
          <button ref={closeRef} type="button" onClick={onClose} aria-label="Close cart" className="rounded p-1 text-2xl leading-none hover:bg-neutral-100">
            ×
          </button>
        </header>
        <div className="flex-1 overflow-y-auto p-3">
          <CartContents cart={cart} couponCode={couponCode} billKnown={billKnown} onNavigate={onClose} />
        </div>
      </section>
    </div>
  );
}
