/**
 * Reading a delivery address as pages show it (decision 035): a saved address or an order's
 * snapshot, old ones (only `address_line`, the street) included. Isomorphic.
 */
import type { AddressLabel } from "~/db/schema";

export interface DeliveryAddressView {
  address_line?: string;
  city?: string;
  state?: string;
  pincode?: string;
  mobile?: string;
  recipient_name?: string;
  house?: string;
  floor?: string;
  building?: string;
  landmark?: string;
  label?: string;
  latitude?: string | number | null;
  longitude?: string | number | null;
}

/**
 * How each of the schema's labels reads; `satisfies` holds it to exactly the schema's list (the
 * schema itself stays out of the browser's code).
 */
export const ADDRESS_LABEL_NAMES = { home: "Home", work: "Work", other: "Other" } satisfies Record<AddressLabel, string>;

export function addressLabel(address: DeliveryAddressView): string {
  const label = address.label;
  return label && Object.hasOwn(ADDRESS_LABEL_NAMES, label) ? ADDRESS_LABEL_NAMES[label as AddressLabel] : "Home";
}

/** Flat and floor, building, street: the line a rider walks to. */
export function doorLine(address: DeliveryAddressView): string {
  const floor = address.floor ? `${address.floor} floor` : "";
  return [address.house, floor, address.building, address.address_line].filter(Boolean).join(", ");
}

/** Google Maps: the pin when there is one, else a search for the address's text. */
export function mapLink(address: DeliveryAddressView): string {
  const lat = Number(address.latitude);
  const lng = Number(address.longitude);
  const pinned = address.latitude != null && address.longitude != null && address.latitude !== "" && Number.isFinite(lat) && Number.isFinite(lng);
  const query = pinned ? `${lat},${lng}` : [doorLine(address), address.city, address.state, address.pincode].filter(Boolean).join(", ");
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
