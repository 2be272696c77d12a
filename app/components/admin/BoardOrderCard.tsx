import { formatINR } from "~/lib/money";
import { minutesSince, NEXT_ACTION_LABELS, nextStatus, DELIVERY_PROMISE_MS } from "~/lib/order-status";
import type { BoardOrder } from "~/server/orders/order-board.server";
import { IntentButton } from "../forms/IntentButton";
import { InvoiceLinks } from "../orders/InvoiceLinks";
import { OrderItems } from "../orders/OrderItems";
import { OrderPayment } from "../orders/OrderPayment";
import { formatOrderTime, OrderTimeline, STATUS_LABELS } from "../orders/OrderTimeline";

/**
 * One order on the admin board: who, where, what, how paid, how long ago (red once the ten-minute
 * promise is missed), and the moves allowed from here. Each move is its own form carrying the
 * version the admin saw, so acting on an order someone else just changed is refused, not applied.
 */
export function BoardOrderCard({ order, now, redirectTo }: { order: BoardOrder; now: number; redirectTo: string }) {
  const open = order.status !== "delivered" && order.status !== "cancelled";
  const late = open && now - order.createdAt > DELIVERY_PROMISE_MS;
  const next = nextStatus(order.status);
  const awaitingPayment = order.paymentMethod === "ONLINE" && order.paymentStatus === "PENDING";
  // A cancelled paid order, or a running one whose short-pick refund Stripe refused (decision 027).
  const shortPickRefundFailed = order.status !== "cancelled" && order.needsAttention && (order.attentionNote ?? "").includes("refund of a short pick");
  const refundable =
    (order.status === "cancelled" && order.paymentMethod === "ONLINE" && ["PAID", "REFUND_FAILED"].includes(order.paymentStatus)) || shortPickRefundFailed;
  const titleId = `order-${order.id}-title`;
  const common = { orderId: order.id, redirectTo };
  const address = order.deliveryAddress;
  return (
    <article aria-labelledby={titleId} className="grid gap-3 rounded-lg border border-neutral-200 bg-white p-4 text-sm">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="font-semibold">
          {`Order No : ${order.orderId}`}
        </h2>
        <p className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-medium">{STATUS_LABELS[order.status]}</p>
      </header>
      {order.needsAttention ? (
        <p role="alert" className="rounded bg-red-50 px-3 py-2 font-medium text-red-800">
          Needs attention{order.attentionNote ? `: ${order.attentionNote}` : ""}
        </p>
      ) : null}
      <p className={late ? "font-semibold text-red-700" : "text-neutral-600"}>
        Placed {formatOrderTime(order.createdAt)} · {minutesSince(order.createdAt, now)} min ago{late ? " · past 10 minutes" : ""}
      </p>
      <dl className="grid gap-1 sm:grid-cols-2">
        <div>
          <dt className="text-xs text-neutral-500">Shopper</dt>
          <dd>
            {order.shopper.name} · {order.shopper.email}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-neutral-500">Store</dt>
          <dd>{order.storeName ?? "—"}</dd>
        </div>
        <div>
          <dt className="text-xs text-neutral-500">Deliver to</dt>
          <dd>
            {[address.address_line, address.city, address.state, address.pincode].filter(Boolean).join(", ")} · {address.mobile}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-neutral-500">Payment</dt>
          <dd>
            <OrderPayment order={order} />
            {order.refundId ? <span className="text-neutral-500"> · refund {order.refundId}</span> : null}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-neutral-500">Total</dt>
          <dd className="font-semibold">{formatINR(order.total)}</dd>
        </div>
      </dl>
      <InvoiceLinks order={order} />
      <OrderItems items={order.items} />
      <OrderTimeline history={order.history} showActors />
      <div className="flex flex-wrap gap-2">
        {next && !awaitingPayment ? (
          <IntentButton
            fields={{ ...common, intent: "move", to: next, version: String(order.version) }}
            pendingText="Saving…"
            tone="primary"
            label={`${NEXT_ACTION_LABELS[next]}: ${order.orderId}`}
          >
            {NEXT_ACTION_LABELS[next]}
          </IntentButton>
        ) : null}
        {awaitingPayment && open ? <p className="self-center text-xs text-neutral-500">Waiting for the online payment before packing</p> : null}
        {open ? (
          <IntentButton
            fields={{ ...common, intent: "move", to: "cancelled", version: String(order.version) }}
            pendingText="Cancelling…"
            tone="danger"
            label={`Cancel order ${order.orderId}`}
          >
            Cancel order
          </IntentButton>
        ) : null}
        {refundable ? (
          <IntentButton fields={{ ...common, intent: "refund" }} pendingText="Refunding…" tone="danger" label={`Refund order ${order.orderId}`}>
            {order.paymentStatus === "REFUND_FAILED" || shortPickRefundFailed ? "Retry refund" : "Refund"}
          </IntentButton>
        ) : null}
      </div>
    </article>
  );
}
