import { ProductCard, type CardProduct } from "./ProductCard";

export function ProductGrid({ products, label }: { products: CardProduct[]; label: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-5">
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductCard product={p} eager={i < 4} headingLevel={2} />
        </li>
      ))}
    </ul>
  );
}
