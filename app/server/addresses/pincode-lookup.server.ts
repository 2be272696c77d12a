/**
 * A pincode's place (city, state, GST state code), asked of the documents worker behind the
 * INVOICE_PDF service binding (decision 040). The table (app/lib/pincode-places.ts) is 18 KB gzip of
 * data that only address saves and invoice issues read: kept out of the storefront worker, whose
 * every request loads its whole script (≤ 400 KB gzip).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PincodePlace } from "~/lib/pincode-places";
import { Refusal } from "~/lib/refusal";

const UNAVAILABLE = "Pincodes cannot be checked just now: try again in a minute";

export type PlaceLookup = (pincode: string) => Promise<PincodePlace | null>;

/** Looks pincodes up for one request; null for a pincode the table does not know. */
export function placeLookup(context: AppLoadContext): PlaceLookup {
  return async (pincode) => {
    const documents = context.cloudflare.env.INVOICE_PDF;
    if (!documents) throw new Refusal(UNAVAILABLE, 503);
    const res = await documents.fetch(`https://documents/place?pincode=${encodeURIComponent(pincode)}`);
    if (res.status === 404) return null;
    if (!res.ok) throw new Refusal(UNAVAILABLE, 503);
    return (await res.json()) as PincodePlace;
  };
}

/** The refusal's wording for a pincode the table does not know. */
export function unknownPincodeMessage(pincode: string): string {
  return `Pincode ${pincode} not recognised: check it, or we don't deliver there yet`;
}
