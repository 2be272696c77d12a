import { formatINR } from "~/lib/money";
import { discountedPrice } from "~/lib/pricing";

/** Discounted price with the list price struck through when there is a discount. */
export function PriceBlock({ price, discount, size = "sm" }: { price: number; discount: number; size?: "sm" | "lg" }) {
  const final = discountedPrice(price, discount);
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 ${size === "lg" ? "text-xl" : "text-sm"}`}>
      <span className="font-semibold">{formatINR(final)}</span>
      {discount > 0 ? (
        // relative: keeps the visually hidden label inside a scrolled row, not widening the page
        <s className="relative text-neutral-500">
          <span className="sr-only">MRP </span>
          {formatINR(price)}
        </s>
      ) : null}
    </p>
  );
}
