import { Link } from "@remix-run/react";
import { formatINR } from "~/lib/money";
import { deliveryDueAt, minutesSince, STATUS_LABELS } from "~/lib/order-status";
import { QueueClaim } from "./QueueClaim";

export interface QueueRowOrder {
  id: string;
  orderId: string;
  status: keyof typeof STATUS_LABELS;
  paymentMethod: "COD" | "ONLINE";
  total: number;
  createdAt: number;
  items: number;
  needsAttention: boolean;
  /** Who is picking it (decision 047). */
  claimedById?: string | null;
  claimedByName?: string | null;
}

/**
 * One open order in a store's queue: its clock against the store's promise ("4 min · promise 10 min",
 * and past it "Over by 2 min" in words as well as colour; server-rendered, ticking with the page's
 * `now`), items and state.
 */
export function QueueRow({ order, storeId, promiseMinutes, now }: { order: QueueRowOrder; storeId: string; promiseMinutes: number; now: number }) {
  const dueAt = deliveryDueAt({ createdAt: order.createdAt, etaMinutes: promiseMinutes });
  const late = now > dueAt;
  const age = minutesSince(order.createdAt, now);
  return (
    <tr className={`border-b border-neutral-100 ${late ? "bg-red-50" : ""}`}>
      <th scope="row" className="p-2 text-left font-medium">
        <Link to={`/dashboard/stores/${storeId}/queue/${order.id}`} className="text-brand underline">
          {order.orderId}
        </Link>
      </th>
      <td className="p-2" data-testid="queue-clock">
        <span className="whitespace-nowrap">
          {age} min · promise {promiseMinutes} min
        </span>
        {late ? (
          <strong className="ml-1 whitespace-nowrap rounded bg-red-700 px-1.5 py-0.5 text-xs text-white">
            {" "}
            ⚠ Over by {Math.max(1, age - promiseMinutes)} min
          </strong>
        ) : null}
      </td>
      <td className="p-2">
        {STATUS_LABELS[order.status]}
        {order.status === "placed" || order.status === "paid" ? (
          <QueueClaim orderId={order.id} claimedById={order.claimedById ?? null} claimedByName={order.claimedByName ?? null} />
        ) : null}
      </td>
      <td className="p-2">{order.items}</td>
      <td className="p-2">
        {formatINR(order.total)} {order.paymentMethod === "COD" ? "(cash)" : "(paid online)"}
        {order.needsAttention ? <span className="ml-1 font-semibold text-red-700">Needs attention</span> : null}
      </td>
    </tr>
  );
}
