import { Link } from "@remix-run/react";
import { productPath } from "~/lib/slugs";
import { useCartQuantity } from "~/lib/use-root-cart";
import { CartQuantityControl } from "./CartQuantityControl";
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

/** Spec "Product card": image, name, unit, '10 min', discount badge, price, add-to-cart or 'Out of stock'. */
export function ProductCard({ product, eager = false, headingLevel = 3 }: { product: CardProduct; eager?: boolean; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3"; // h2 in a grid right under the page's h1, h3 in a titled row
  const quantity = useCartQuantity(product.id);
  const href = productPath(product);
  return (
    <article aria-label={product.name} className="card">
      <Link to={href} className="block" tabIndex={-1} aria-hidden="true">
        <img
          src={product.image || "/favicon.ico"}
          alt=""
          width={160}
          height={160}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="card-img"
        />
      </Link>
      <div className="flex flex-wrap gap-1">
        <span className="badge-time">10 min</span>
        {product.discount > 0 ? <span className="badge-off">{product.discount}% discount</span> : null}
      </div>
      <Heading className="line-clamp-2 text-sm font-medium leading-snug">
        <Link to={href} className="hover:text-brand">
          {product.name}
        </Link>
      </Heading>
      <p className="text-xs text-neutral-500">{product.unit}</p>
      <div className="mt-auto">
        <PriceBlock price={product.price} discount={product.discount} />
      </div>
      {product.stock <= 0 ? (
        <p className="text-sm font-medium text-red-600">Out of stock</p>
      ) : (
        <CartQuantityControl productId={product.id} productName={product.name} quantity={quantity} stock={product.stock} size="sm" />
      )}
    </article>
  );
}
