/** The cart changes a control's buttons send: one page-level form each (CartForms). */
export const CART_INTENTS = ["add", "increment", "decrement"] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

export const cartFormId = (intent: CartIntent) => `cart-${intent}`;

interface Props {
  productId: string;
  productName: string;
  /** The quantity to show (optimistic: CartControls.quantityOf). */
  quantity: number;
  stock: number;
  /** Disable '+' at the stock limit (once hydrated; CartControls.hydrated). */
  limitAtStock: boolean;
  size?: "sm" | "md";
}

/**
 * 'Add' when the product is not in the cart, else minus / quantity / plus (spec section 4).
 * Plain markup, no hooks and no form of its own: each button submits the page's form for its
 * intent (`form="cart-add"` …, rendered once by CartController with the intent and the way back)
 * and adds `productId` as the submitter's value. Without JavaScript that form posts to /cart (303
 * back here with the message); with it, CartController sends it through the product's fetcher.
 */
export function CartQuantityControl({ productId, productName, quantity, stock, limitAtStock, size = "md" }: Props) {
  const height = size === "sm" ? "h-8" : "h-9";
  const submits = (intent: CartIntent) => ({ type: "submit", form: cartFormId(intent), name: "productId", value: productId }) as const;

  if (quantity <= 0) {
    return (
      <button {...submits("add")} aria-label={`Add ${productName} to cart`} className={`btn-add ${height}`}>
        Add
      </button>
    );
  }
  return (
    <div className={`qty ${height}`}>
      <button {...submits("decrement")} aria-label={`Remove one ${productName}`} className="qty-btn rounded-l-md">
        −
      </button>
      <output aria-label={`${productName} quantity`} className="min-w-6 text-center text-sm font-semibold">
        {quantity}
      </output>
      <button
        {...submits("increment")}
        aria-label={`Add one more ${productName}`}
        disabled={limitAtStock && quantity >= stock}
        className="qty-btn rounded-r-md"
      >
        +
      </button>
    </div>
  );
}
