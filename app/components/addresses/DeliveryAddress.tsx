import { addressLabel, doorLine, mapLink, type DeliveryAddressView } from "~/lib/delivery-address";

/**
 * An order's delivery address in full, as the store's staff and rider read it (decision 035): the
 * recipient and their phone, flat, floor, building, street, landmark, and a map link (the pin when
 * the shopper set one, else a search for the address). Old orders have only the street.
 */
export function DeliveryAddress({ address, heading, withMap = false }: { address: DeliveryAddressView; heading: string; withMap?: boolean }) {
  const recipient = [address.recipient_name, address.mobile].filter(Boolean).join(" · ");
  const pinned = Boolean(address.latitude && address.longitude);
  return (
    <address className="grid gap-0.5 not-italic" data-testid="delivery-address">
      <span className="text-neutral-600">
        {heading} ({addressLabel(address)})
      </span>
      {recipient ? <span className="font-medium">{recipient}</span> : null}
      <span>{doorLine(address)}</span>
      {address.landmark ? <span>Near {address.landmark}</span> : null}
      <span>{[address.city, address.state, address.pincode].filter(Boolean).join(", ")}</span>
      {withMap ? (
        <a href={mapLink(address)} target="_blank" rel="noreferrer" className="inline-flex min-h-11 items-center text-brand underline">
          {pinned ? "Open the pin in Google Maps" : "Find the address in Google Maps"}
        </a>
      ) : null}
    </address>
  );
}
