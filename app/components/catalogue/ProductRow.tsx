import { useRef } from "react";
import { useCartControls } from "~/lib/hooks/use-cart-controls";
import { useMediaQuery } from "~/lib/hooks/use-media-query";
import { ClientLink } from "./ClientLink";
import { ProductCard, type CardProduct } from "./ProductCard";

const SCROLL_STEP = 200;

/**
 * A category's horizontal product row: 'See All' and 200 px scroll buttons (plain scrolling without
 * JS). Home's DOM budget: the cards sit in the scroller directly (no list item each), the title and
 * 'See All' in the section's grid (no wrapper), and the scroll buttons exist only where they show
 * (large screens, once hydrated).
 */
export function ProductRow({ title, seeAllHref, products }: { title: string; seeAllHref: string | null; products: CardProduct[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const controls = useCartControls();
  const wide = useMediaQuery("(min-width: 1024px)");
  const scroll = (delta: number) => ref.current?.scrollBy({ left: delta, behavior: "smooth" });
  return (
    <section
      aria-label={title}
      className="relative grid grid-cols-[minmax(0,1fr)_auto] items-center gap-y-2 [contain-intrinsic-size:auto_22rem] [content-visibility:auto]"
    >
      <h2 className="min-w-0 text-lg font-semibold wrap-anywhere">{title}</h2>
      {seeAllHref ? (
        <ClientLink href={seeAllHref} className="-mr-2 flex min-h-11 items-center px-2 font-medium text-brand hover:underline" aria-label={`See All ${title}`}>
          See All
        </ClientLink>
      ) : null}
      <div ref={ref} className="scrollbar-none col-span-2 flex snap-x gap-3 overflow-x-auto scroll-smooth pb-1 *:w-40 *:shrink-0 *:snap-start sm:*:w-44">
        {products.map((p) => (
          <ProductCard key={p.id} product={p} controls={controls} />
        ))}
      </div>
      {wide && products.length > 4 ? (
        <div className="pointer-events-none absolute inset-x-0 top-1/2 flex justify-between">
          <button
            type="button"
            onClick={() => scroll(-SCROLL_STEP)}
            aria-label={`Scroll ${title} left`}
            className="pointer-events-auto -ml-3 rounded-full bg-white p-2 shadow-md"
          >
            ‹
          </button>
          <button
            type="button"
            onClick={() => scroll(SCROLL_STEP)}
            aria-label={`Scroll ${title} right`}
            className="pointer-events-auto -mr-3 rounded-full bg-white p-2 shadow-md"
          >
            ›
          </button>
        </div>
      ) : null}
    </section>
  );
}
