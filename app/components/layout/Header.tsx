import { AccountButton } from "./AccountButton";
import { CartButton } from "./CartButton";
import { DeliveryLocationButton } from "./DeliveryLocationButton";
import { Logo } from "./Logo";
import { SearchBar } from "./SearchBar";

export function Header() {
  return (
    <header className="sticky top-0 z-40 border-b border-neutral-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2 sm:px-4 md:h-20 md:flex-nowrap">
        <Logo />
        <DeliveryLocationButton />
        <div className="order-last w-full md:order-none md:w-auto md:flex-1">
          <SearchBar />
        </div>
        <nav aria-label="Account and cart" className="ml-auto flex items-center gap-3">
          <AccountButton />
          <CartButton />
        </nav>
      </div>
    </header>
  );
}
