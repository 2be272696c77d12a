import { Link } from "@remix-run/react";

/** The dashed 'Add address' tile: opens the add-address dialog through the URL. */
export function AddAddressTile() {
  return (
    <Link
      to="?dialog=add-address"
      preventScrollReset
      className="flex h-16 items-center justify-center rounded-lg border-2 border-dashed border-neutral-300 bg-blue-50 text-neutral-600 hover:border-brand"
    >
      Add address
    </Link>
  );
}
