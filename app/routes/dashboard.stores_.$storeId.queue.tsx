import { SidewaysScroll } from "~/components/layout/SidewaysScroll";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PermissionDenied } from "~/components/layout/PermissionDenied";
import { NewOrderSignal } from "~/components/operations/NewOrderSignal";
import { QueueRow } from "~/components/operations/QueueRow";
import type { StaffPageHandle } from "~/components/operations/StaffHeader";
import { useNow } from "~/lib/hooks/use-now";
import { useLiveRevalidate } from "~/lib/hooks/use-live-revalidate";
import { liveStoreUrl } from "~/lib/live";
import { isId } from "~/lib/ids";
import { notFound } from "~/server/http/not-found.server";
import { requireStorePage } from "~/server/identity/store-access.server";
import { loadQueue } from "~/server/operations/queue.server";
import { requireStoreAction } from "~/server/identity/store-access.server";
import { claimOrder } from "~/server/operations/claims.server";
import { attempt, pageAction } from "~/server/http/page-actions.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { readFormData } from "~/server/http/form-data.server";
import { Refusal } from "~/lib/refusal";

const queueTitle = (storeName: string) => `Queue: ${storeName} | FreshDash`;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.queue ? queueTitle(data.queue.store.name) : "Queue | FreshDash" }];

/** Without JavaScript the queue reloads itself this often (with it, the live channel pushes). */
const NO_JS_REFRESH_SECONDS = 15;

export const handle: StaffPageHandle = {
  staffPage: (data) => {
    const queue = (data as { queue?: { store: { id: string; name: string } } | null } | undefined)?.queue;
    return queue ? { storeId: queue.store.id, storeName: queue.store.name } : null;
  },
};

/** That store's staff and admins; anyone else gets the permission message (403) and no data. One batch. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  if (!isId(params.storeId)) notFound();
  const { allowed } = await requireStorePage(request, context, params.storeId);
  if (!allowed) return data({ allowed: false as const, queue: null, serverNow: Date.now() }, { status: 403 });
  const queue = await loadQueue(context, params.storeId);
  if (!queue) notFound("No such store");
  return data({ allowed: true as const, queue, serverNow: Date.now() });
}

/**
 * "Start picking" on a row (decision 047): claims the order and opens its pick list; refused (held by
 * someone else, already picked) back to the queue with the reason. A plain form, 303 either way.
 */
export const action = pageAction(async ({ request, context, params }: ActionFunctionArgs) => {
  if (!isId(params.storeId)) notFound();
  const user = await requireStoreAction(request, context, params.storeId);
  const form = await readFormData(request);
  const orderId = form.get("orderId");
  if (form.get("intent") !== "claim" || typeof orderId !== "string" || !isId(orderId)) throw new Refusal("Unknown action: reload the page and try again", 400);
  const claimed = await attempt(() => claimOrder(context, { orderId, user }));
  const queue = `/dashboard/stores/${params.storeId}/queue`;
  if (!claimed.ok) return redirectWithToast(context, queue, { type: "error", text: claimed.error.message.slice(0, 300) });
  return redirectWithToast(context, `${queue}/${orderId}`, { type: "success", text: claimed.value.message });
});

export default function StoreQueue() {
  const { allowed, queue, serverNow } = useLoaderData<typeof loader>();
  const now = useNow(serverNow, 15_000);
  // Pushed by the store's live channel; polls every 5 s only while that is not connected (decision 028).
  useLiveRevalidate(allowed && queue ? liveStoreUrl(queue.store.id) : null, { fallbackPollMs: 5000 });
  if (!allowed || !queue) return <PermissionDenied />;
  const { store, orders } = queue;
  return (
    <section aria-labelledby="queue-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2 bg-white py-2 shadow-sm">
        <h1 id="queue-title" className="text-lg font-semibold">
          Queue: {store.name}
        </h1>
        <div className="flex items-center gap-2">
          <NewOrderSignal orderIds={orders.map((o) => o.id)} title={queueTitle(store.name)} />
          <Link to="." reloadDocument className="rounded border border-neutral-300 px-3 py-1 text-sm hover:bg-neutral-100">
            Refresh
          </Link>
        </div>
      </div>
      <p className="text-sm text-neutral-700">Open orders, oldest first. Promise: delivered within {store.baseDeliveryMinutes} minutes of the order.</p>
      <noscript>
        <meta httpEquiv="refresh" content={String(NO_JS_REFRESH_SECONDS)} />
        <p className="text-sm text-neutral-700" data-testid="queue-autorefresh">
          This page refreshes itself every {NO_JS_REFRESH_SECONDS} seconds to show new orders.
        </p>
      </noscript>
      {orders.length ? (
        <SidewaysScroll label={`Open orders at ${store.name}`}>
          <table className="w-full bg-white text-left text-sm shadow-sm">
            <caption className="sr-only">Open orders at {store.name}</caption>
            <thead>
              <tr className="border-b border-neutral-200">
                <th scope="col" className="p-2">
                  Order
                </th>
                <th scope="col" className="p-2">
                  Clock
                </th>
                <th scope="col" className="p-2">
                  State
                </th>
                <th scope="col" className="p-2">
                  Items
                </th>
                <th scope="col" className="p-2">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <QueueRow key={order.id} order={order} storeId={store.id} promiseMinutes={store.baseDeliveryMinutes} now={now} />
              ))}
            </tbody>
          </table>
        </SidewaysScroll>
      ) : (
        <p className="py-10 text-center text-neutral-600">No open orders right now.</p>
      )}
    </section>
  );
}
