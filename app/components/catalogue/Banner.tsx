const art = (file: string) => `/images/seed/${file}`;

/** React 18 does not know `fetchPriority` (it warns and renders it camel-cased): the HTML attribute as such. */
const HIGH_PRIORITY = { fetchpriority: "high" } as Record<string, string>;

/**
 * The home banner: desktop and mobile art (spec "Home"); sizes fixed to avoid layout shift. It is
 * the page's largest paint on a phone, so it loads first (`fetchpriority="high"`, never lazy) and
 * at the width the screen needs (each art comes in a few widths, seeded with the catalogue).
 */
export function Banner() {
  return (
    <picture>
      <source
        media="(max-width: 767px)"
        srcSet={`${art("banner-mobile-480.webp")} 480w, ${art("banner-mobile.webp")} 800w`}
        sizes="calc(100vw - 24px)"
        width={800}
        height={600}
      />
      <img
        src={art("banner-desktop.webp")}
        srcSet={`${art("banner-desktop-800.webp")} 800w, ${art("banner-desktop-1200.webp")} 1200w, ${art("banner-desktop.webp")} 1600w`}
        sizes="(min-width: 1280px) 1248px, calc(100vw - 32px)"
        alt="Groceries delivered in 10 minutes"
        width={1600}
        height={400}
        {...HIGH_PRIORITY}
        className="h-auto w-full rounded-xl bg-green-700"
      />
    </picture>
  );
}
