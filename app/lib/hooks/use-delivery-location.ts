import { useRouteLoaderData } from "@remix-run/react";

/** What pages know about the shopper's chosen delivery location (from its signed cookie). */
export interface DeliveryLocation {
  pincode: string;
  storeId: string;
  storeName: string;
  etaMinutes: number;
}

/** The chosen delivery location from the root loader, or null when none is chosen. */
export function useDeliveryLocation(): DeliveryLocation | null {
  const root = useRouteLoaderData("root") as { location?: DeliveryLocation | null } | undefined;
  return root?.location ?? null;
}

/** The header's words: "Delivery in 10 minutes · 560001". */
export function deliveryLabel(location: DeliveryLocation): string {
  return `Delivery in ${location.etaMinutes} minutes · ${location.pincode}`;
}

/** The /location link that brings the shopper back to where they are. */
export function locationHref(pathname: string, search: string): string {
  return `/location?redirectTo=${encodeURIComponent(pathname + search)}`;
}
