import { productPath } from "~/lib/slugs";
import type { CartControls } from "~/lib/hooks/use-cart-controls";
import { CartQuantityControl } from "~/components/cart/CartQuantityControl";
import { NotifyCardButton } from "~/components/notify/NotifyMeForm";
import { ClientLink } from "./ClientLink";
import { PriceBlock } from "./PriceBlock";

export interface CardProduct {
  id: string;
  name: string;
  unit: string;
  price: number;
  discount: number;
  stock: number;
  /** The first picture's URL. */
  image: string;
}

/**
 * Spec "Product card": image, name, unit, '10 min', discount badge, price, add-to-cart or 'Out of
 * stock'. No hooks of its own and as few elements as the look allows (home shows 84): the list
 * passes the page's cart controls (CartController); the name's link stretches over the whole card
 * (no second link around the image), the cart buttons sit above it; the article's name is the
 * product's, so the card needs no heading of its own. The link is a ClientLink (no hooks): it is
 * not announced to Remix's route discovery, as a page of cards made the `/__manifest` query too
 * long to send (home) or asked for every product path (listings); the product route is fetched
 * when a card is followed.
 */
export function ProductCard({
  product,
  controls,
  eager = false,
  className = "",
}: {
  product: CardProduct;
  controls: CartControls;
  eager?: boolean;
  className?: string;
}) {
  return (
    <article aria-label={product.name} className={className ? `card ${className}` : "card"}>
      <img src={product.image || "/favicon.ico"} alt="" width={160} height={160} loading={eager ? undefined : "lazy"} decoding="async" className="card-img" />
      <span className="badge-time">10 min</span>
      {product.discount > 0 ? <span className="badge-off">{product.discount}% discount</span> : null}
      <ClientLink href={productPath(product)} className="card-name">
        {product.name}
      </ClientLink>
      <p className="card-unit">{product.unit}</p>
      <PriceBlock price={product.price} discount={product.discount} className="card-price" />
      {product.stock <= 0 ? (
        <div className="grid gap-1">
          <p className="text-sm font-medium text-red-600">Out of stock</p>
          <NotifyCardButton productId={product.id} productName={product.name} />
        </div>
      ) : (
        <CartQuantityControl
          productId={product.id}
          productName={product.name}
          quantity={controls.quantityOf(product.id, product.stock)}
          stock={product.stock}
          limitAtStock={controls.hydrated}
          size="sm"
        />
      )}
    </article>
  );
}
