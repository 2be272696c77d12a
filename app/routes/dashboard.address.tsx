import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { AddressCard } from "~/components/addresses/AddressCard";
import { AddAddressTile } from "~/components/addresses/AddAddressTile";
import { AddressForm } from "~/components/addresses/AddressForm";
import { Dialog } from "~/components/forms/Dialog";
import { handleAddressIntent } from "~/server/addresses/address-actions.server";
import { listAddresses } from "~/server/addresses/addresses.server";
import { requireUser } from "~/server/identity/auth.server";
import { readFormData } from "~/server/http/form-data.server";
import { pageAction } from "~/server/http/page-actions.server";

export const meta: MetaFunction = () => [{ title: "Save Address | FreshDash" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const addresses = await listAddresses(context, user.id);
  return data({ addresses });
}

export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const user = await requireUser(request, context);
  return handleAddressIntent(context, user.id, await readFormData(request), "/dashboard/address");
});

export default function AddressBook() {
  const { addresses } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const dialog = params.get("dialog") ?? dialogFor(actionData?.intent);
  const editing = dialog === "edit-address" ? addresses.find((a) => a.id === params.get("id")) : undefined;
  const lastResult = actionData?.result ?? null;

  return (
    <section aria-labelledby="address-title" className="grid gap-4">
      <div className="flex items-center justify-between gap-2 bg-white py-2 shadow-sm">
        <h1 id="address-title" className="text-lg font-semibold">
          Address
        </h1>
        <Link to="?dialog=add-address" preventScrollReset className="rounded-full border border-brand px-3 py-1 text-brand hover:bg-brand hover:text-white">
          Add Address
        </Link>
      </div>
      <ul className="grid gap-3">
        {addresses.map((address) => (
          <AddressCard key={address.id} address={address} />
        ))}
      </ul>
      <AddAddressTile />
      {dialog === "add-address" ? (
        <Dialog title="Add Address" closeTo=".">
          <AddressForm intent="create-address" lastResult={lastResult} />
        </Dialog>
      ) : null}
      {dialog === "edit-address" && editing ? (
        <Dialog title="Edit Address" closeTo=".">
          <AddressForm intent="update-address" addressId={editing.id} defaultValue={editing} lastResult={lastResult} />
        </Dialog>
      ) : null}
    </section>
  );
}

function dialogFor(intent: unknown) {
  return intent === "update-address" ? "edit-address" : intent === "create-address" ? "add-address" : null;
}
