import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { BoardOrderCard } from "~/components/admin/BoardOrderCard";
import { PermissionDenied } from "~/components/layout/PermissionDenied";
import { STATUS_LABELS } from "~/lib/order-status";
import { BOARD_FILTERS, BOARD_PAGE_SIZE, boardActionSchema, boardQuerySchema, type BoardFilter } from "~/lib/schemas/fulfilment";
import { useNow } from "~/lib/hooks/use-now";
import { useLiveRevalidate } from "~/lib/hooks/use-live-revalidate";
import { liveStoreUrl } from "~/lib/live";
import { attempt, pageAction } from "~/server/http/page-actions.server";
import { requireAdminAction, requireAdminPage } from "~/server/identity/auth.server";
import { moveOrder, refundOrder } from "~/server/orders/fulfilment.server";
import { loadOrderBoard, type BoardOrder } from "~/server/orders/order-board.server";
import { redirectWithToast, safeRedirect } from "~/server/http/toast.server";
import { readFormData } from "~/server/http/form-data.server";

export const meta: MetaFunction = () => [{ title: "Orders | FreshDash" }];

const FILTER_LABELS: Record<BoardFilter, string> = { all: "All", ...STATUS_LABELS, attention: "Needs attention" };

type StoreOption = Awaited<ReturnType<typeof loadOrderBoard>>["stores"][number];

/** ADMIN only: others get the permission message and no data. One round trip: orders and stores. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { allowed } = await requireAdminPage(request, context);
  const url = new URL(request.url);
  const filters = boardQuerySchema.parse({
    status: url.searchParams.get("status") ?? undefined,
    q: url.searchParams.get("q") ?? undefined,
    store: url.searchParams.get("store") || undefined,
  });
  if (!allowed)
    return data({ allowed: false as const, orders: [] as BoardOrder[], stores: [] as StoreOption[], filters, serverNow: Date.now() }, { status: 403 });
  const board = await loadOrderBoard(context, filters);
  return data({ allowed: true as const, ...board, filters, serverNow: Date.now() });
}

/** Every board button posts here: move an order on, cancel it, or retry its refund; 303 back to the same filters. */
export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const admin = await requireAdminAction(request, context);
  const form = Object.fromEntries(await readFormData(request));
  const back = safeRedirect(form.redirectTo, "/dashboard/orders");
  const parsed = boardActionSchema.safeParse(form);
  if (!parsed.success) return redirectWithToast(context, back, { type: "error", text: parsed.error.issues[0].message });
  const input = parsed.data;
  const result = await attempt<{ message: string; refund?: string }>(() =>
    input.intent === "move"
      ? moveOrder(context, { id: input.orderId, to: input.to, actor: { id: admin.id, as: "admin" }, expectedVersion: input.version })
      : refundOrder(context, input.orderId),
  );
  const failed = !result.ok || result.value.refund === "failed";
  const text = (result.ok ? result.value.message : result.error.message).slice(0, 300);
  return redirectWithToast(context, back, { type: failed ? "error" : "success", text });
});

export default function OrderBoard() {
  const { allowed, orders, stores, filters, serverNow } = useLoaderData<typeof loader>();
  const location = useLocation();
  const now = useNow(serverNow, 30_000);
  // Live from the filtered store's channel (or every store's); polls every 15 s while disconnected.
  useLiveRevalidate(allowed ? liveStoreUrl(filters.store) : null, { fallbackPollMs: 15_000 });
  if (!allowed) return <PermissionDenied />;
  const redirectTo = location.pathname + location.search;
  return (
    <section aria-labelledby="board-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2 bg-white py-2 shadow-sm">
        <h1 id="board-title" className="text-lg font-semibold">
          Orders
        </h1>
        <Form method="get" role="search" className="flex flex-wrap items-end gap-2 text-sm">
          <label className="grid gap-1">
            <span className="text-xs text-neutral-600">Status</span>
            <select name="status" defaultValue={filters.status} className="h-9 rounded border border-neutral-300 px-2">
              {BOARD_FILTERS.map((f) => (
                <option key={f} value={f}>
                  {FILTER_LABELS[f]}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1">
            <span className="text-xs text-neutral-600">Store</span>
            <select name="store" defaultValue={filters.store ?? ""} className="h-9 rounded border border-neutral-300 px-2">
              <option value="">All stores</option>
              {stores.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}, {s.city}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1">
            <span className="text-xs text-neutral-600">Order no., email or mobile</span>
            <input type="search" name="q" defaultValue={filters.q} maxLength={100} className="h-9 w-56 rounded border border-neutral-300 px-2" />
          </label>
          <button type="submit" className="h-9 rounded border border-amber-400 px-3 hover:bg-amber-400">
            Filter
          </button>
          {filters.status !== "all" || filters.q || filters.store ? (
            <Link to="/dashboard/orders" className="h-9 content-center px-1 text-brand underline">
              Clear
            </Link>
          ) : null}
        </Form>
      </div>
      {orders.length ? (
        <div className="grid gap-3">
          {orders.map((order) => (
            <BoardOrderCard key={order.id} order={order} now={now} redirectTo={redirectTo} />
          ))}
          {orders.length === BOARD_PAGE_SIZE ? (
            <p className="text-center text-xs text-neutral-500">Showing the newest {BOARD_PAGE_SIZE}: filter or search to find older orders.</p>
          ) : null}
        </div>
      ) : (
        <p className="py-10 text-center font-medium">
          {filters.status !== "all" || filters.q || filters.store ? "No orders match these filters" : "No orders yet"}
        </p>
      )}
    </section>
  );
}
