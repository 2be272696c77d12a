import type { OrderStatus } from "~/db/schema";
import { STATUS_LABELS } from "~/lib/order-status";

export { STATUS_LABELS };

const time = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });
const clock = new Intl.DateTimeFormat("en-IN", { timeStyle: "short", timeZone: "Asia/Kolkata" });

export function formatOrderTime(ms: number) {
  return time.format(new Date(ms));
}

/** "12:45 pm": the time of day in the store's time zone. */
export function formatClock(ms: number) {
  return clock.format(new Date(ms));
}

export interface TimelineStep {
  status: OrderStatus;
  createdAt: number;
  note?: string;
  /** Who made the change (shown to admins). */
  by?: string | null;
}

/** The status timeline: every step reached, with its time (and, for admins, who made it). */
export function OrderTimeline({ history, showActors = false }: { history: TimelineStep[]; showActors?: boolean }) {
  // Staff notes on a step the order is still in (a picker's claim released) repeat its status: the shopper sees it once.
  const steps = showActors ? history : history.filter((step, i) => i === 0 || step.status !== history[i - 1].status);
  return (
    <ol aria-label="Order status" className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
      {steps.map((step, i) => (
        <li key={`${step.status}-${i}`} className={step.status === "cancelled" ? "text-red-700" : "text-green-800"}>
          <span className="font-semibold">{STATUS_LABELS[step.status]}</span>{" "}
          <time dateTime={new Date(step.createdAt).toISOString()} className="text-neutral-500">
            {formatOrderTime(step.createdAt)}
          </time>
          {showActors && step.by ? <span className="text-neutral-500"> by {step.by}</span> : null}
          {/* Why an order was cancelled is the shopper's to know too; other notes are for staff. */}
          {(showActors || step.status === "cancelled") && step.note ? <span className="text-neutral-500"> ({step.note})</span> : null}
        </li>
      ))}
    </ol>
  );
}
