/** The home banner: desktop and mobile art (spec "Home"); sizes fixed to avoid layout shift. */
export function Banner() {
  return (
    <picture>
      <source media="(max-width: 767px)" srcSet="/images/seed/banner-mobile.webp" width={800} height={600} />
      <img
        src="/images/seed/banner-desktop.webp"
        alt="Groceries delivered in 10 minutes"
        width={1600}
        height={400}
        className="h-auto w-full rounded-xl bg-green-700"
      />
    </picture>
  );
}
