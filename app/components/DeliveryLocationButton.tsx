import { Link, useLocation } from "@remix-run/react";
import { useRef } from "react";
import { deliveryLabel, locationHref, useDeliveryLocation } from "~/lib/use-delivery-location";
import { useHydrated } from "~/lib/use-hydrated";
import { LocationDialog, type LocationDialogHandle } from "./LocationDialog";

/**
 * The header's "Delivery in 10 minutes · 560001" (or "Set delivery location"). Without JavaScript it
 * is a link to the /location page; with it, a button opening the location dialog, which updates the
 * header in place.
 */
export function DeliveryLocationButton() {
  const location = useDeliveryLocation();
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const dialog = useRef<LocationDialogHandle>(null);
  const label = location ? deliveryLabel(location) : "Set delivery location";
  const className = "flex min-h-10 items-center gap-1 rounded px-2 text-left text-sm font-semibold text-neutral-800 hover:text-brand";
  const pin = (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M12 22s7-7.5 7-13a7 7 0 0 0-14 0c0 5.5 7 13 7 13z" />
      <circle cx="12" cy="9" r="2.5" />
    </svg>
  );
  const redirectTo = pathname === "/location" ? "/" : pathname + search;
  if (!hydrated) {
    return (
      <Link to={locationHref(pathname === "/location" ? "/" : pathname, pathname === "/location" ? "" : search)} className={className}>
        {pin}
        <span>{label}</span>
      </Link>
    );
  }
  return (
    <>
      <button type="button" aria-haspopup="dialog" className={className} onClick={(event) => dialog.current?.open(event.currentTarget)}>
        {pin}
        <span>{label}</span>
      </button>
      <LocationDialog ref={dialog} redirectTo={redirectTo} />
    </>
  );
}
