import { Link, useLocation, useMatches } from "@remix-run/react";
import { locationHref, useDeliveryLocation } from "~/lib/hooks/use-delivery-location";

/** Routes that show stock say so with `export const handle = { locationPrompt: true }`. */
export interface LocationPromptHandle {
  locationPrompt?: boolean;
}

/**
 * On pages that show stock, until a location is chosen: the stock shown is the default store's, so
 * the shopper is asked for their pincode.
 */
export function LocationPrompt() {
  const location = useDeliveryLocation();
  const matches = useMatches();
  const { pathname, search } = useLocation();
  const wanted = matches.some((match) => (match.handle as LocationPromptHandle | undefined)?.locationPrompt);
  if (location || !wanted) return null;
  return (
    <p className="mb-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-neutral-900">
      Showing what our main store has.{" "}
      <Link to={locationHref(pathname, search)} className="font-semibold text-brand-dark underline">
        Set your delivery pincode
      </Link>{" "}
      to see your delivery time.
    </p>
  );
}
