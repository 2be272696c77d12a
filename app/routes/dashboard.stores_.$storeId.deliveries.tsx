import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PermissionDenied } from "~/components/layout/PermissionDenied";
import { RiderDelivery } from "~/components/operations/RiderDelivery";
import type { StaffPageHandle } from "~/components/operations/StaffHeader";
import { answerMessage, type ActionAnswer } from "~/lib/action-answer";
import { useLiveRevalidate } from "~/lib/hooks/use-live-revalidate";
import { isId } from "~/lib/ids";
import { liveStoreUrl } from "~/lib/live";
import { formatINR } from "~/lib/money";
import { Refusal } from "~/lib/refusal";
import { readFormData } from "~/server/http/form-data.server";
import { notFound } from "~/server/http/not-found.server";
import { attempt, pageAction, refused } from "~/server/http/page-actions.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { requireStoreAction, requireStorePage } from "~/server/identity/store-access.server";
import { deliverWithCode } from "~/server/operations/handover.server";
import { loadRiderView, riderScope } from "~/server/operations/rider-view.server";

export const meta: MetaFunction = () => [{ title: "My deliveries | FreshDash" }];

/** Without JavaScript the page reloads itself this often (with it, the store's live channel pushes). */
const NO_JS_REFRESH_SECONDS = 15;

export const handle: StaffPageHandle = {
  staffPage: (data) => {
    const store = (data as { store?: { id: string; name: string } | null } | undefined)?.store;
    return store ? { storeId: store.id, storeName: store.name } : null;
  },
};

/**
 * The rider's phone (decision 048): the signed-in staff member's own orders out for delivery at
 * this store (an admin may add `?riderId=`), and their cash of today. Anyone not working the store
 * gets the permission message (403).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  if (!isId(params.storeId)) notFound();
  const { user, allowed } = await requireStorePage(request, context, params.storeId);
  if (!allowed) return data({ allowed: false as const, store: null, view: null }, { status: 403 });
  const askedRider = new URL(request.url).searchParams.get("riderId");
  const scope = riderScope(user, { storeId: params.storeId, riderId: user.role === "ADMIN" && isId(askedRider) ? askedRider : undefined });
  const view = await loadRiderView(context, { ...scope, storeId: params.storeId });
  if (!view.store) notFound("No such store");
  return data({ allowed: true as const, store: view.store, view });
}

/** Delivered with the shopper's code: 303 back with a message, or the refusal (with the order it was about). */
export const action = pageAction(async ({ request, context, params }: ActionFunctionArgs) => {
  if (!isId(params.storeId)) notFound();
  const storeId = params.storeId;
  const user = await requireStoreAction(request, context, storeId);
  const form = await readFormData(request);
  const orderId = String(form.get("orderId") ?? "");
  const code = String(form.get("code") ?? "").trim();
  const step = await attempt(async () => {
    if (form.get("intent") !== "deliver" || !isId(orderId)) throw new Refusal("Choose an order to deliver", 400);
    if (!/^[0-9]{4}$/.test(code)) throw new Refusal("The delivery code is 4 digits", 400);
    return deliverWithCode(context, { orderId, user, code });
  });
  if (!step.ok) return refused(step.error, { extra: { orderId } });
  return redirectWithToast(context, `/dashboard/stores/${storeId}/deliveries`, { type: "success", text: step.value.message.slice(0, 300) });
});

export default function RiderDeliveries() {
  const { allowed, store, view } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionAnswer<{ orderId?: string }>>();
  // Pushed by the store's live channel; polls every 5 s only while that is not connected (decision 028).
  useLiveRevalidate(allowed && store ? liveStoreUrl(store.id) : null, { fallbackPollMs: 5000 });
  if (!allowed || !store || !view) return <PermissionDenied />;
  const error = answerMessage(actionData);
  const today = view.today;
  return (
    <section aria-labelledby="deliveries-title" className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <h1 id="deliveries-title" className="text-lg font-semibold">
          My deliveries
        </h1>
        <Link to="." reloadDocument className="flex min-h-11 items-center rounded border border-neutral-300 px-3 text-sm hover:bg-neutral-100">
          Refresh
        </Link>
      </div>
      <noscript>
        <meta httpEquiv="refresh" content={String(NO_JS_REFRESH_SECONDS)} />
        <p className="text-sm text-neutral-700" data-testid="deliveries-autorefresh">
          This page refreshes itself every {NO_JS_REFRESH_SECONDS} seconds to show new deliveries.
        </p>
      </noscript>
      {error && !view.deliveries.some((d) => d.id === actionData?.orderId) ? (
        <p role="alert" className="rounded bg-red-100 p-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      {view.deliveries.length ? (
        <ol className="grid gap-3">
          {view.deliveries.map((d) => (
            <RiderDelivery key={d.id} delivery={d} error={actionData?.orderId === d.id ? error : null} />
          ))}
        </ol>
      ) : (
        <p className="rounded-lg bg-white py-10 text-center text-neutral-700 shadow-sm ring-1 ring-neutral-200" data-empty>
          No deliveries assigned to you right now.
        </p>
      )}
      {today ? (
        <section
          aria-labelledby="my-cash-title"
          className="grid gap-1 rounded-lg bg-white p-3 text-sm shadow-sm ring-1 ring-neutral-200"
          data-testid="rider-cash"
        >
          <h2 id="my-cash-title" className="font-semibold">
            My cash today ({today.day})
          </h2>
          <p>
            Collected {formatINR(today.collected)} on {today.orders} cash {today.orders === 1 ? "order" : "orders"}; handed over {formatINR(today.handedOver)}.
          </p>
          <p className="font-semibold">
            {today.difference > 0
              ? `Still to hand over: ${formatINR(today.difference)}`
              : today.difference < 0
                ? `Handed over ${formatINR(-today.difference)} more than collected`
                : today.collected === 0
                  ? "Nothing to hand over"
                  : "All handed over"}
          </p>
        </section>
      ) : null}
    </section>
  );
}
