import { formatINR } from "~/lib/money";
import { discountedPrice } from "~/lib/pricing";

/** Discounted price with the list price struck through when there is a discount (two elements at most: cards repeat it). */
export function PriceBlock({ price, discount, size = "sm", className = "" }: { price: number; discount: number; size?: "sm" | "lg"; className?: string }) {
  const final = discountedPrice(price, discount);
  return (
    <p className={`price ${size === "lg" ? "text-xl" : "text-sm"}${className ? ` ${className}` : ""}`}>
      {formatINR(final)}
      {discount > 0 ? (
        // "MRP " is generated text, visually hidden, that screen readers read before the struck
        // price (an aria-label on <s> is ignored); as a pseudo-element it adds no element to each
        // of home's cards. relative: keeps the hidden label inside a scrolled row.
        <s className="relative font-normal text-neutral-500 before:sr-only before:content-['MRP_']">{formatINR(price)}</s>
      ) : null}
    </p>
  );
}
