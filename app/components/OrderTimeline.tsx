import type { OrderStatus } from "~/db/schema";

export const STATUS_LABELS: Record<OrderStatus, string> = {
  placed: "Placed",
  paid: "Paid",
  packed: "Packed",
  out_for_delivery: "Out for delivery",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

const time = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

export function formatOrderTime(ms: number) {
  return time.format(new Date(ms));
}

/** The status timeline: every step reached, with its time. */
export function OrderTimeline({ history }: { history: { status: OrderStatus; createdAt: number }[] }) {
  return (
    <ol aria-label="Order status" className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
      {history.map((step, i) => (
        <li key={`${step.status}-${i}`} className={step.status === "cancelled" ? "text-red-700" : "text-green-800"}>
          <span className="font-semibold">{STATUS_LABELS[step.status]}</span>{" "}
          <time dateTime={new Date(step.createdAt).toISOString()} className="text-neutral-500">
            {formatOrderTime(step.createdAt)}
          </time>
        </li>
      ))}
    </ol>
  );
}
