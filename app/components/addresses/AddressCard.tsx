import { Form, Link } from "@remix-run/react";
import { addressLabel, doorLine } from "~/lib/delivery-address";
import type { AddressRow } from "~/server/addresses/addresses.server";

type Address = Pick<
  AddressRow,
  "id" | "address_line" | "city" | "state" | "country" | "pincode" | "mobile" | "recipient_name" | "house" | "floor" | "building" | "landmark" | "label"
>;

/** An address as a shopper reads it: label, recipient, the door a rider walks to, the place. */
export function AddressLines({ address }: { address: Address }) {
  return (
    <>
      <p className="font-medium">
        <span className="mr-2 rounded bg-neutral-100 px-1.5 py-0.5 text-xs font-semibold uppercase text-neutral-700">{addressLabel(address)}</span>
        {address.recipient_name}
      </p>
      <p>{doorLine(address)}</p>
      {address.landmark ? <p>Near {address.landmark}</p> : null}
      <p>
        {address.city}, {address.state} - {address.pincode}
      </p>
      <p>{address.mobile}</p>
    </>
  );
}

/** An address in the address book with edit (URL dialog) and delete (soft disable) controls. */
export function AddressCard({ address }: { address: Address }) {
  return (
    <li className="flex gap-4 rounded-lg border border-neutral-200 bg-white p-4 text-sm">
      <div className="flex-1">
        <AddressLines address={address} />
      </div>
      <div className="flex flex-col gap-2">
        <Link
          to={`?dialog=edit-address&id=${address.id}`}
          preventScrollReset
          aria-label={`Edit address ${doorLine(address)}`}
          className="rounded-full bg-green-100 px-3 py-1 text-center text-green-700 hover:bg-green-600 hover:text-white"
        >
          Edit
        </Link>
        <Form method="post">
          <input type="hidden" name="intent" value="disable-address" />
          <input type="hidden" name="_id" value={address.id} />
          <button
            type="submit"
            aria-label={`Delete address ${doorLine(address)}`}
            className="w-full rounded-full bg-red-100 px-3 py-1 text-red-700 hover:bg-red-600 hover:text-white"
          >
            Delete
          </button>
        </Form>
      </div>
    </li>
  );
}
