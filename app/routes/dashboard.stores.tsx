import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { NEW_STORE, StoreForm } from "~/components/admin/StoreForm";
import { Dialog } from "~/components/forms/Dialog";
import { FormErrors } from "~/components/forms/FormErrors";
import { PermissionDenied } from "~/components/layout/PermissionDenied";
import { isId } from "~/lib/ids";
import { formatPincodeRanges, storeFormSchema, timeOfDay } from "~/lib/schemas/store";
import { requireAdminAction, requireAdminPage } from "~/server/identity/auth.server";
import { readFormData } from "~/server/http/form-data.server";
import { createStore, listStoresForAdmin, setStoreActive, updateStore, type AdminStore } from "~/server/stores/stores.server";
import { attempt, invalid, pageAction, refused } from "~/server/http/page-actions.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { answerErrors, type ActionAnswer } from "~/lib/action-answer";
import { Refusal } from "~/lib/refusal";

export const meta: MetaFunction = () => [{ title: "Stores | FreshDash" }];

const BACK = "/dashboard/stores";

/** ADMIN only: others get the permission message and no data. One batch: stores, ranges, requests. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { allowed } = await requireAdminPage(request, context);
  if (!allowed) return data({ allowed: false as const, stores: [] as AdminStore[], requests: [] }, { status: 403 });
  return data({ allowed: true as const, ...(await listStoresForAdmin(context)) });
}

/**
 * `create-store` / `update-store` (the form), `deactivate` / `activate` (a button per store).
 * Stores are never deleted: orders will point at them.
 */
export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  await requireAdminAction(request, context);
  const form = await readFormData(request);
  const intent = form.get("intent");
  const id = form.get("id");
  if (intent === "deactivate" || intent === "activate") {
    if (!isId(id)) return refused(new Refusal("No such store", 404));
    const outcome = await setStoreActive(context, id, intent === "activate");
    if (outcome === "missing") return refused(new Refusal("No such store", 404));
    if (outcome === "default") return refused(new Refusal("The default store cannot be deactivated: make another store the default first", 409));
    return redirectWithToast(context, BACK, { type: "success", text: intent === "activate" ? "Store activated" : "Store deactivated" });
  }
  if (intent !== "create-store" && intent !== "update-store") return refused(new Refusal("Unknown action", 400));
  const editing = intent === "update-store";
  if (editing && !isId(id)) return refused(new Refusal("No such store", 404));
  const submission = parseWithZod(form, { schema: storeFormSchema });
  const storeId = editing ? String(id) : null;
  if (submission.status !== "success") return invalid(submission, { extra: { intent, id: storeId } });
  const saved = await attempt<unknown>(() => (editing ? updateStore(context, String(id), submission.value) : createStore(context, submission.value)));
  if (!saved.ok) return refused(saved.error, { submission, extra: { intent, id: storeId } });
  if (!saved.value) return refused(new Refusal("No such store", 404));
  return redirectWithToast(context, BACK, { type: "success", text: editing ? "Store saved" : "Store added" });
});

function hours(store: AdminStore) {
  return store.opensAt === 0 && store.closesAt === 1440 ? "Open 24 hours" : `${timeOfDay(store.opensAt)}–${timeOfDay(store.closesAt)}`;
}

export default function AdminStores() {
  const { allowed, stores, requests } = useLoaderData<typeof loader>();
  // Typed by hand: Remix's inference keeps only the plainest of several refusal shapes.
  const actionData = useActionData<ActionAnswer<{ intent?: string; id?: string | null }>>();
  const [params] = useSearchParams();
  if (!allowed) return <PermissionDenied />;
  const failed = actionData?.result ? { ...actionData, result: actionData.result } : null;
  const dialog = failed ? (failed.intent === "update-store" ? "edit-store" : "add-store") : params.get("dialog");
  const editing = stores.find((s) => s.id === (failed?.id ?? params.get("id")));
  return (
    <section aria-labelledby="stores-title" className="grid gap-4">
      <div className="flex items-center justify-between bg-white py-2 shadow-sm">
        <h1 id="stores-title" className="text-lg font-semibold">
          Stores
        </h1>
        <Link to="?dialog=add-store" preventScrollReset className="rounded border border-amber-400 px-3 py-1 text-sm hover:bg-amber-400">
          Add Store
        </Link>
      </div>
      {!failed ? <FormErrors errors={answerErrors(actionData)} /> : null}
      <ul className="grid gap-3 md:grid-cols-2">
        {stores.map((store) => (
          <li key={store.id} className="grid gap-1 rounded-lg bg-white p-3 text-sm shadow-sm ring-1 ring-neutral-200">
            <h2 className="text-base font-semibold">
              {store.name} {store.isDefault ? <span className="rounded bg-green-100 px-1.5 text-xs text-green-800">Default</span> : null}{" "}
              {store.active ? null : <span className="rounded bg-neutral-200 px-1.5 text-xs text-neutral-800">Inactive</span>}
            </h2>
            <p>
              {store.address}, {store.city}
            </p>
            <p>
              {hours(store)} · delivery in {store.baseDeliveryMinutes} minutes
            </p>
            <p className="break-words text-neutral-700">Pincodes: {formatPincodeRanges(store.ranges) || "none"}</p>
            <div className="mt-1 flex gap-2">
              <Link
                to={`?dialog=edit-store&id=${store.id}`}
                preventScrollReset
                className="flex-1 rounded bg-green-100 py-1 text-center text-green-800 hover:bg-green-200"
              >
                Edit <span className="sr-only">{store.name}</span>
              </Link>
              <Link to={`/dashboard/stores/${store.id}`} className="flex-1 rounded bg-sky-100 py-1 text-center text-sky-900 hover:bg-sky-200">
                Most wanted
              </Link>
              <Link to={`/dashboard/stores/${store.id}/stock`} className="flex-1 rounded bg-amber-100 py-1 text-center text-amber-900 hover:bg-amber-200">
                Import stock <span className="sr-only">for {store.name}</span>
              </Link>
              <Link to={`/dashboard/stores/${store.id}/tokens`} className="flex-1 rounded bg-sky-100 py-1 text-center text-sky-900 hover:bg-sky-200">
                Sync tokens <span className="sr-only">for {store.name}</span>
              </Link>
              <Link to={`/dashboard/stores/${store.id}/staff`} className="flex-1 rounded bg-sky-100 py-1 text-center text-sky-900 hover:bg-sky-200">
                Staff <span className="sr-only">of {store.name}</span>
              </Link>
              <Link to={`/dashboard/stores/${store.id}/queue`} className="flex-1 rounded bg-sky-100 py-1 text-center text-sky-900 hover:bg-sky-200">
                Queue <span className="sr-only">of {store.name}</span>
              </Link>
              <Link to={`/dashboard/stores/${store.id}/metrics`} className="flex-1 rounded bg-sky-100 py-1 text-center text-sky-900 hover:bg-sky-200">
                Metrics <span className="sr-only">of {store.name}</span>
              </Link>
              {store.isDefault ? null : (
                <Form method="post" className="flex-1">
                  <input type="hidden" name="id" value={store.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={store.active ? "deactivate" : "activate"}
                    className="w-full rounded bg-neutral-100 py-1 text-neutral-800 hover:bg-neutral-200"
                  >
                    {store.active ? "Deactivate" : "Activate"} <span className="sr-only">{store.name}</span>
                  </button>
                </Form>
              )}
            </div>
          </li>
        ))}
      </ul>
      {stores.length ? null : <p className="py-10 text-center text-neutral-600">No stores yet: add the first one.</p>}

      <section aria-labelledby="requests-title" className="grid gap-2">
        <h2 id="requests-title" className="text-base font-semibold">
          “Tell me when you do” requests
        </h2>
        {requests.length ? (
          <table className="w-full bg-white text-left text-sm shadow-sm">
            <thead>
              <tr className="border-b border-neutral-200">
                <th scope="col" className="p-2">
                  Pincode
                </th>
                <th scope="col" className="p-2">
                  Email
                </th>
                <th scope="col" className="p-2">
                  Asked on
                </th>
              </tr>
            </thead>
            <tbody>
              {requests.map((r) => (
                <tr key={`${r.email}-${r.pincode}`} className="border-b border-neutral-100">
                  <td className="p-2">{r.pincode}</td>
                  <td className="break-all p-2">{r.email}</td>
                  <td className="p-2">{new Date(r.createdAt).toLocaleDateString("en-IN", { timeZone: "Asia/Kolkata" })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-neutral-600">No requests yet.</p>
        )}
      </section>

      {dialog === "add-store" ? (
        <Dialog title="Add store" closeTo=".">
          <StoreForm draft={NEW_STORE} lastResult={failed?.result} />
        </Dialog>
      ) : null}
      {dialog === "edit-store" && editing ? (
        <Dialog title={`Edit ${editing.name}`} closeTo=".">
          <StoreForm draft={editing} lastResult={failed?.result} />
        </Dialog>
      ) : null}
    </section>
  );
}
