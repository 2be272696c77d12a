import { Link } from "@remix-run/react";
import { useRef } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { ProductCard, type CardProduct } from "./ProductCard";

const SCROLL_STEP = 200;

/** A category's horizontal product row: 'See All' and 200 px scroll buttons (plain scrolling without JS). */
export function ProductRow({ title, seeAllHref, products }: { title: string; seeAllHref: string | null; products: CardProduct[] }) {
  const ref = useRef<HTMLUListElement>(null);
  const hydrated = useHydrated();
  const scroll = (delta: number) => ref.current?.scrollBy({ left: delta, behavior: "smooth" });
  return (
    <section aria-label={title} className="relative">
      <div className="mb-2 flex items-center justify-between">
        <h2 className="min-w-0 text-lg font-semibold wrap-anywhere">{title}</h2>
        {seeAllHref ? (
          <Link to={seeAllHref} className="font-medium text-brand hover:underline" aria-label={`See All ${title}`}>
            See All
          </Link>
        ) : null}
      </div>
      <ul ref={ref} className="scrollbar-none flex snap-x gap-3 overflow-x-auto scroll-smooth pb-1">
        {products.map((p) => (
          <li key={p.id} className="w-40 shrink-0 snap-start sm:w-44">
            <ProductCard product={p} />
          </li>
        ))}
      </ul>
      {hydrated && products.length > 4 ? (
        <div className="pointer-events-none absolute inset-x-0 top-1/2 hidden justify-between lg:flex">
          <button type="button" onClick={() => scroll(-SCROLL_STEP)} aria-label={`Scroll ${title} left`} className="pointer-events-auto -ml-3 rounded-full bg-white p-2 shadow-md">
            ‹
          </button>
          <button type="button" onClick={() => scroll(SCROLL_STEP)} aria-label={`Scroll ${title} right`} className="pointer-events-auto -mr-3 rounded-full bg-white p-2 shadow-md">
            ›
          </button>
        </div>
      ) : null}
    </section>
  );
}
