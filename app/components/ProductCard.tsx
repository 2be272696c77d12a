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
  images: string[];
}

/** Spec "Product card": image, name, unit, '10 min', discount badge, price, add-to-cart or 'Out of stock'. */
export function ProductCard({ product, eager = false }: { product: CardProduct; eager?: boolean }) {
  const quantity = useCartQuantity(product.id);
  const href = productPath(product);
  return (
    <article aria-label={product.name} className="flex h-full min-w-36 flex-col gap-2 rounded-lg border border-neutral-200 bg-white p-3">
      <Link to={href} className="block" tabIndex={-1} aria-hidden="true">
        <img
          src={product.images[0] || "/favicon.ico"}
          alt=""
          width={160}
          height={160}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="mx-auto h-28 w-28 rounded object-contain sm:h-32 sm:w-32"
        />
      </Link>
      <div className="flex flex-wrap gap-1 text-[11px] font-semibold">
        <span className="rounded bg-green-50 px-1.5 py-0.5 text-green-700">10 min</span>
        {product.discount > 0 ? <span className="rounded bg-blue-600 px-1.5 py-0.5 text-white">{product.discount}% discount</span> : null}
      </div>
      <h3 className="line-clamp-2 text-sm font-medium leading-snug">
        <Link to={href} className="hover:text-brand">
          {product.name}
        </Link>
      </h3>
      <p className="text-xs text-neutral-500">{product.unit}</p>
      <div className="mt-auto flex items-center justify-between gap-2">
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
