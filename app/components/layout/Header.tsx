import { AccountButton } from "./AccountButton";
import { CartButton } from "./CartButton";
import { DeliveryLocationButton } from "./DeliveryLocationButton";
import { Logo } from "./Logo";
import { SearchBar } from "./SearchBar";

/**
 * Phones: three rows, logo with account and cart, then the delivery line, then search. The header
 * sticks with its top offset by the first row's height (52 px), so once the page scrolls the first row
 * slides away and only the delivery line and search stay (about 100 px): no JavaScript needed, the
 * cart stays one tap away in the bottom bar. From md up: one 80 px row, stuck at the top. Opaque,
 * so nothing ghosts through it.
 */
export function Header() {
  return (
    <header id="site-header" className="sticky top-[-52px] z-40 border-b border-neutral-200 bg-white md:top-0">
      <div className="mx-auto max-w-7xl px-3 pb-2 sm:px-4 md:flex md:h-20 md:items-center md:gap-4 md:pb-0">
        <div className="flex h-[52px] items-center gap-2 md:contents">
          <Logo />
          <nav aria-label="Account and cart" className="ml-auto flex items-center gap-2 md:order-last md:gap-3">
            <AccountButton />
            <CartButton />
          </nav>
        </div>
        <DeliveryLocationButton />
        <div className="mt-1 md:mt-0 md:flex-1">
          <SearchBar />
        </div>
      </div>
    </header>
  );
}
