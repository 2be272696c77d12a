import { useCartControls } from "~/lib/hooks/use-cart-controls";
import { ProductCard, type CardProduct } from "./ProductCard";

/** A listing's or search's grid of cards: the first four load their image eagerly (above the fold on a phone). */
export function ProductGrid({ products, label }: { products: CardProduct[]; label: string }) {
  const controls = useCartControls();
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-5">
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductCard product={p} controls={controls} eager={i < 4} />
        </li>
      ))}
    </ul>
  );
}
