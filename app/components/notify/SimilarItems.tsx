import { ProductCard, type CardProduct } from "~/components/catalogue/ProductCard";
import { useCartControls } from "~/lib/hooks/use-cart-controls";

/** Products like an out-of-stock one, in stock at the shopper's store, each addable in place (no JavaScript needed). */
export function SimilarItems({ products, title = "Similar items in stock" }: { products: CardProduct[]; title?: string }) {
  const controls = useCartControls();
  if (!products.length) return null;
  return (
    <section aria-label={title} className="grid gap-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {products.map((p) => (
          <li key={p.id}>
            <ProductCard product={p} controls={controls} />
          </li>
        ))}
      </ul>
    </section>
  );
}
