import { Link, useLocation } from "@remix-run/react";
import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { deliveryLabel, locationHref, useDeliveryLocation } from "~/lib/hooks/use-delivery-location";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import type { LocationDialogHandle } from "~/components/stores/LocationDialog";

/**
 * The dialog (with its form validation: conform and zod) is its own chunk, fetched when the shopper
 * points at or focuses the button, so storefront pages do not ship it (client JS budget).
 */
const loadLocationDialog = () => import("~/components/stores/LocationDialog");
const LocationDialog = lazy(() => loadLocationDialog().then((module) => ({ default: module.LocationDialog })));

/**
 * The header's "Delivery in 10 minutes · 560001" (or "Set delivery location"). Without JavaScript it
 * is a link to the /location page; with it, a button opening the location dialog, which updates the
 * header in place.
 */
export function DeliveryLocationButton() {
  const location = useDeliveryLocation();
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const dialog = useRef<LocationDialogHandle | null>(null);
  const openOnMount = useRef<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const dialogRef = useCallback((handle: LocationDialogHandle | null) => {
    dialog.current = handle;
    if (handle && openOnMount.current) {
      handle.open(openOnMount.current);
      openOnMount.current = null;
    }
  }, []);
  const label = location ? deliveryLabel(location) : "Set delivery location";
  const className = "-mx-2 flex min-h-11 items-center gap-1 rounded px-2 text-left text-sm font-semibold text-neutral-800 hover:text-brand";
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
      <button
        type="button"
        aria-haspopup="dialog"
        className={className}
        onPointerEnter={loadLocationDialog}
        onFocus={loadLocationDialog}
        onClick={(event) => {
          if (dialog.current) return dialog.current.open(event.currentTarget);
          openOnMount.current = event.currentTarget;
          setWanted(true);
        }}
      >
        {pin}
        <span>{label}</span>
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <LocationDialog ref={dialogRef} redirectTo={redirectTo} />
        </Suspense>
      ) : null}
    </>
  );
}
