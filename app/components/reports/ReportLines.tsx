import type { ReportReason } from "~/db/schema";
import { formatINR } from "~/lib/money";
import type { QueueLine } from "~/server/reports/queue.server";

const REASON_LABELS: Record<ReportReason, string> = {
  missing: "Missing",
  damaged: "Damaged",
  wrong_item: "Wrong item",
  expired: "Expired",
  quality: "Poor quality",
};

/** A report's items: units, why, their value, and once decided what was approved of each. */
export function ReportLines({ lines }: { lines: QueueLine[] }) {
  return (
    <ul className="grid gap-1" aria-label="Reported items">
      {lines.map((line, i) => (
        <li key={i} className="flex flex-wrap justify-between gap-2">
          <span>
            {line.name} × {line.quantity} · <span className="font-medium">{REASON_LABELS[line.reason] ?? line.reason}</span>
          </span>
          <span>
            {formatINR(line.amount)}
            {line.approvedAmount !== null ? <span className="text-neutral-600"> (approved {formatINR(line.approvedAmount)})</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
