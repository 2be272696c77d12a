import type { ReportView } from "~/lib/reports";
import { ReportCard } from "./ReportCard";

/** The order's reports, newest first. */
export function OrderReportList({ reports }: { reports: ReportView[] }) {
  return (
    <div className="grid gap-2">
      <h3 className="font-semibold">Your reports</h3>
      <ul className="grid gap-2">
        {reports.map((report) => (
          <ReportCard key={report.id} report={report} />
        ))}
      </ul>
    </div>
  );
}
