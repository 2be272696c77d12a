import { Form, Link } from "@remix-run/react";
import type { AddressRow } from "~/server/addresses/addresses.server";

type Address = Pick<AddressRow, "id" | "address_line" | "city" | "state" | "country" | "pincode" | "mobile">;

export function AddressLines({ address }: { address: Address }) {
  return (
    <>
      <p className="font-medium">{address.address_line}</p>
      <p>{address.city}</p>
      <p>{address.state}</p>
      <p>
        {address.country} - {address.pincode}
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
          aria-label={`Edit address ${address.address_line}`}
          className="rounded-full bg-green-100 px-3 py-1 text-center text-green-700 hover:bg-green-600 hover:text-white"
        >
          Edit
        </Link>
        <Form method="post">
          <input type="hidden" name="intent" value="disable-address" />
          <input type="hidden" name="_id" value={address.id} />
          <button
            type="submit"
            aria-label={`Delete address ${address.address_line}`}
            className="w-full rounded-full bg-red-100 px-3 py-1 text-red-700 hover:bg-red-600 hover:text-white"
          >
            Delete
          </button>
        </Form>
      </div>
    </li>
  );
}
