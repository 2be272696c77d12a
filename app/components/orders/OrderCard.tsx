import { Link } from "@remix-run/react";
import { formatINR } from "~/lib/money";
import type { OrderSummary } from "~/server/orders/read-orders.server";
import { OrderEta } from "./OrderEta";
import { OrderItems } from "./OrderItems";
import { OrderPayment } from "./OrderPayment";
import { formatOrderTime, OrderTimeline, STATUS_LABELS } from "./OrderTimeline";

/** One order in 'My Orders': status, ETA, lines and timeline, linking to its page. */
export function OrderCard({ order, serverNow }: { order: OrderSummary; serverNow: number }) {
  return (
    <li className="grid gap-3 rounded-lg border border-neutral-200 bg-white p-4 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">
          <Link to={`/dashboard/myorders/${order.id}`} className="hover:underline">
            {`Order No : ${order.orderId}`}
          </Link>
        </p>
        <p className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-medium">{STATUS_LABELS[order.status]}</p>
      </div>
      <div className="text-xs text-neutral-500">
        Placed {formatOrderTime(order.createdAt)} · <OrderPayment order={order} />
      </div>
      <OrderEta order={order} serverNow={serverNow} />
      <OrderItems items={order.items} />
      <OrderTimeline history={order.history} />
      <div className="flex items-center justify-between gap-2">
        <Link to={`/dashboard/myorders/${order.id}`} className="text-brand underline" aria-label={`View order ${order.orderId}`}>
          View order
        </Link>
        <p className="font-semibold">Total {formatINR(order.total)}</p>
      </div>
    </li>
  );
}
