import type { OrderReportsView } from "~/lib/reports";
import { OrderReportList } from "./OrderReportList";
import { ReportIssueForm } from "./ReportIssueForm";

const until = (at: number) => new Date(at).toLocaleString("en-IN", { timeZone: "Asia/Kolkata", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });

/**
 * A delivered order's reports (decision 050): "Report an issue" while the store's window after
 * delivery is open and something can still be reported, and the reports so far with their answers.
 */
export function OrderReportPanel({ view, refused }: { view: OrderReportsView; refused: { error: string; typed: Record<string, string> } | null }) {
  const open = view.open && view.closesAt !== null;
  if (!open && !view.reports.length && !refused) return null;
  return (
    <section id="reports" aria-labelledby="report-title" className="grid gap-3 rounded-lg border border-neutral-200 bg-white p-4 text-sm">
      <h2 id="report-title" className="font-semibold">
        {open ? "Report an issue" : "Reported issues"}
      </h2>
      {open ? (
        <>
          <p className="text-neutral-700">
            Something missing, damaged, wrong, expired or not good enough? Tell us until {until(view.closesAt!)} and we will make it right.
          </p>
          {view.underReview.length ? <p className="text-neutral-700">Under review already: {view.underReview.join(", ")}.</p> : null}
          {view.reportable.length ? (
            <ReportIssueForm view={view} refused={refused} />
          ) : (
            <p className="text-neutral-700">Nothing else on this order can be reported now.</p>
          )}
        </>
      ) : refused ? (
        <p role="alert" className="text-red-700">
          {refused.error}
        </p>
      ) : null}
      {view.reports.length ? <OrderReportList reports={view.reports} /> : null}
    </section>
  );
}
