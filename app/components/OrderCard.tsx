import { formatINR } from "~/lib/money";
import type { OrderSummary } from "~/utils/orders.server";
import { formatOrderTime, OrderTimeline, STATUS_LABELS } from "./OrderTimeline";

export function OrderCard({ order }: { order: OrderSummary }) {
  return (
    <li className="grid gap-3 rounded-lg border border-neutral-200 bg-white p-4 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">Order No : {order.orderId}</p>
        <p className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-medium">{STATUS_LABELS[order.status]}</p>
      </div>
      <p className="text-xs text-neutral-500">
        Placed {formatOrderTime(order.createdAt)} · {order.paymentMethod === "COD" ? "Cash on Delivery" : "Online Payment"}
        {order.paymentMethod === "ONLINE" ? ` (${order.paymentStatus.toLowerCase()})` : ""}
      </p>
      <ul className="grid gap-2">
        {order.items.map((item, i) => (
          <li key={`${item.productId}-${i}`} className="flex items-center gap-3">
            <img src={item.image || "/favicon.ico"} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 rounded border border-neutral-200 object-contain" />
            <span className="flex-1">
              {item.name} <span className="text-neutral-500">({item.unit})</span> × {item.quantity}
            </span>
            <span>{formatINR(item.finalPrice * item.quantity)}</span>
          </li>
        ))}
      </ul>
      <OrderTimeline history={order.history} />
      <p className="text-right font-semibold">Total {formatINR(order.total)}</p>
    </li>
  );
}
