import { useRef, useState } from "react";
import { useHydrated } from "~/lib/hooks/use-hydrated";

const THUMB_STEP = 100;

/**
 * Large image with dot indicators and a thumbnail strip (spec). Without JavaScript the images
 * are a CSS scroll-snap strip and the dots and thumbnails are anchors to each slide; with
 * JavaScript the dots track the current slide and the strip arrows scroll by 100 px.
 */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const [current, setCurrent] = useState(0);
  const slides = useRef<HTMLDivElement>(null);
  const thumbs = useRef<HTMLUListElement>(null);
  const hydrated = useHydrated();
  const list = images.length ? images : ["/favicon.ico"];
  const go = (index: number) => {
    setCurrent(index);
    slides.current?.scrollTo({ left: index * slides.current.clientWidth, behavior: "smooth" });
  };
  return (
    <div className="grid gap-3">
      <div
        ref={slides}
        onScroll={(e) => setCurrent(Math.round(e.currentTarget.scrollLeft / Math.max(1, e.currentTarget.clientWidth)))}
        // A scroller that keyboards can reach: arrow keys move between the pictures.
        tabIndex={list.length > 1 ? 0 : undefined}
        role={list.length > 1 ? "region" : undefined}
        aria-label={list.length > 1 ? `${name} pictures` : undefined}
        className="scrollbar-none flex snap-x snap-mandatory overflow-x-auto rounded-xl bg-white"
      >
        {list.map((src, i) => (
          <img
            key={src + i}
            id={`image-${i + 1}`}
            src={src}
            alt={i === 0 ? name : `${name}, picture ${i + 1}`}
            width={400}
            height={400}
            loading={i === 0 ? "eager" : "lazy"}
            className="aspect-square w-full shrink-0 snap-center object-contain max-lg:max-h-72"
          />
        ))}
      </div>
      {list.length > 1 ? (
        <>
          <nav aria-label="Pictures" className="flex justify-center">
            {list.map((_, i) => (
              <a
                key={i}
                href={`#image-${i + 1}`}
                onClick={(e) => {
                  if (!hydrated) return;
                  e.preventDefault();
                  go(i);
                }}
                aria-label={`Picture ${i + 1}`}
                aria-current={i === current ? "true" : undefined}
                // A 12 px dot inside a 24 px touch target (padding, background clipped to the dot).
                className={`box-content h-3 w-3 rounded-full bg-clip-content p-1.5 ${i === current ? "bg-neutral-500" : "bg-neutral-300"}`}
              />
            ))}
          </nav>
          <div className="relative">
            <ul ref={thumbs} className="scrollbar-none flex snap-x gap-2 overflow-x-auto px-6">
              {list.map((src, i) => (
                <li key={src + i} className="shrink-0 snap-start">
                  <a
                    href={`#image-${i + 1}`}
                    onClick={(e) => {
                      if (!hydrated) return;
                      e.preventDefault();
                      go(i);
                    }}
                    aria-label={`Show picture ${i + 1}`}
                  >
                    <img
                      src={src}
                      alt=""
                      width={80}
                      height={80}
                      loading="lazy"
                      className={`h-20 w-20 rounded border object-contain ${i === current ? "border-brand" : "border-neutral-200"}`}
                    />
                  </a>
                </li>
              ))}
            </ul>
            {hydrated ? (
              <>
                <button
                  type="button"
                  onClick={() => thumbs.current?.scrollBy({ left: -THUMB_STEP, behavior: "smooth" })}
                  aria-label="Scroll pictures left"
                  className="absolute left-0 top-1/2 -translate-y-1/2 rounded-full bg-white px-2 shadow"
                >
                  ‹
                </button>
                <button
                  type="button"
                  onClick={() => thumbs.current?.scrollBy({ left: THUMB_STEP, behavior: "smooth" })}
                  aria-label="Scroll pictures right"
                  className="absolute right-0 top-1/2 -translate-y-1/2 rounded-full bg-white px-2 shadow"
                >
                  ›
                </button>
              </>
            ) : null}
          </div>
        </>
      ) : null}
    </div>
  );
}
