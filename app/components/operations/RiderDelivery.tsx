import { DeliveryAddress } from "~/components/addresses/DeliveryAddress";
import { formatINR } from "~/lib/money";
import type { RiderDelivery as Delivery } from "~/server/operations/rider.server";
import { DeliverForm } from "./DeliverForm";

/** Digits and a leading + only: what a `tel:` link dials. */
const telHref = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, "")}`;

/**
 * One bag on the rider's phone: the cash to collect first (or "Paid online"), the call button, the
 * full address with its map link, then the code form. Big targets, one column at 390 px.
 */
export function RiderDelivery({ delivery, error }: { delivery: Delivery; error?: string | null }) {
  const phone = (delivery.address.mobile || delivery.shopperMobile || "").trim();
  const shopperPhone = delivery.shopperMobile.trim();
  return (
    <li
      className="grid gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-neutral-200"
      data-testid="rider-delivery"
      aria-labelledby={`delivery-${delivery.id}`}
    >
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={`delivery-${delivery.id}`} className="font-semibold">
          Order {delivery.orderId}
        </h2>
        {delivery.collect === null ? (
          <p className="rounded bg-green-100 px-2 py-1 text-sm font-semibold text-green-900" data-testid="rider-collect">
            Paid online
          </p>
        ) : (
          <p className="rounded bg-amber-100 px-2 py-1 text-lg font-bold text-amber-900" data-testid="rider-collect">
            Collect {formatINR(delivery.collect)} cash
          </p>
        )}
      </div>
      {phone ? (
        <a
          href={telHref(phone)}
          className="flex min-h-12 items-center justify-center rounded-md border border-brand px-3 font-semibold text-brand hover:bg-neutral-50"
          data-testid="rider-call"
        >
          Call {delivery.address.recipient_name || delivery.shopperName} ({phone})
        </a>
      ) : null}
      {shopperPhone && shopperPhone !== phone ? (
        <a href={telHref(shopperPhone)} className="flex min-h-11 items-center text-sm text-brand underline">
          Call the shopper, {delivery.shopperName} ({shopperPhone})
        </a>
      ) : null}
      <DeliveryAddress address={delivery.address} heading="Deliver to" withMap />
      {error ? (
        <p role="alert" className="rounded bg-red-100 p-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <DeliverForm triesLeft={delivery.triesLeft} error={error} orderId={delivery.id} />
    </li>
  );
}
