import { formatINR } from "~/lib/money";
import type { QueueReport } from "~/server/reports/queue.server";
import { ReportLines } from "./ReportLines";

const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

function outcome(r: QueueReport): string {
  if (r.status === "declined") return "Declined";
  const amount = r.approvedAmount ?? 0;
  return amount < r.claimedAmount ? `Approved ${formatINR(amount)} of ${formatINR(r.claimedAmount)}` : `Approved ${formatINR(amount)}`;
}

/** The newest decisions (at most 50): what was decided, by whom (or the rules), when and why. */
export function DecidedReports({ reports }: { reports: QueueReport[] }) {
  return (
    <section aria-labelledby="decided-reports" className="grid gap-2">
      <h2 id="decided-reports" className="font-semibold">
        Decided reports
      </h2>
      {reports.length ? (
        <ul className="grid gap-2">
          {reports.map((r) => (
            <li key={r.id} className="grid gap-1 rounded-lg border border-neutral-200 bg-white p-3 text-sm" data-testid="decided-report">
              <p className="flex flex-wrap justify-between gap-2">
                <span className="font-semibold">
                  Order {r.orderNumber}: {outcome(r)}
                </span>
                <span className="text-neutral-600">{r.storeName}</span>
              </p>
              <p className="text-neutral-700">
                {r.autoApproved ? "By the rules" : `By ${r.decidedByName ?? "someone no longer here"}`}
                {r.decidedAt ? `, ${when.format(new Date(r.decidedAt))}` : ""}
                {r.decisionReason ? `: ${r.decisionReason}` : ""}
              </p>
              <ReportLines lines={r.lines} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-neutral-600">Nothing decided yet.</p>
      )}
    </section>
  );
}
