import type { OrderStatus } from "~/db/schema";
import { etaFor, formatCountdown } from "~/lib/order-status";
import { useNow } from "~/lib/hooks/use-now";
import { formatClock } from "./OrderTimeline";

/**
 * The delivery promise (the order's store's minutes, decision 020): server-rendered text that reads right without JavaScript, counting down
 * every second once hydrated. `role="timer"` lets assistive tech announce it politely.
 */
export function OrderEta({
  order,
  serverNow,
}: {
  order: { status: OrderStatus; createdAt: number; etaMinutes?: number | null; history: { status: OrderStatus; createdAt: number }[] };
  serverNow: number;
}) {
  const now = useNow(serverNow);
  const deliveredAt = order.history.find((step) => step.status === "delivered")?.createdAt;
  const eta = etaFor({ ...order, deliveredAt }, now);
  if (eta.kind === "cancelled") return null;
  if (eta.kind === "delivered") {
    return <p className="font-semibold text-green-800">Delivered at {formatClock(eta.at)}</p>;
  }
  if (eta.kind === "late") {
    return (
      <p role="timer" aria-live="off" className="font-semibold text-amber-800">
        Running a little late (due {formatClock(eta.dueAt)}): your order is on its way as fast as we can
      </p>
    );
  }
  return (
    <p role="timer" aria-live="off" className="font-semibold text-green-800">
      Arriving in <span className="tabular-nums">{formatCountdown(eta.remainingMs)}</span> min (by {formatClock(eta.dueAt)})
    </p>
  );
}
