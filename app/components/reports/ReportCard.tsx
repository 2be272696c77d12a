import { formatINR } from "~/lib/money";
import { REPORT_REASON_LABELS, reportPhotoPath, reportStatusText, type ReportView } from "~/lib/reports";

const TONES = { open: "border-amber-300 bg-amber-50", approved: "border-green-300 bg-green-50", declined: "border-red-300 bg-red-50" } as const;

/** One report on the order page: its items, value, comment, photo and answer ("Under review", "Approved …", "Declined: …"). */
export function ReportCard({ report }: { report: ReportView }) {
  const sent = new Date(report.createdAt).toLocaleString("en-IN", { timeZone: "Asia/Kolkata", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
  return (
    <li className={`grid gap-2 rounded-md border p-3 ${TONES[report.status]}`} data-testid="order-report">
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <strong data-testid="report-status">{reportStatusText(report)}</strong>
        <span className="text-xs text-neutral-700">Sent {sent}</span>
      </p>
      <ul className="grid gap-1">
        {report.lines.map((line, i) => (
          <li key={i}>
            {line.quantity} × {line.name}: {REPORT_REASON_LABELS[line.reason]}
          </li>
        ))}
      </ul>
      <p className="text-neutral-700">Claimed {formatINR(report.claimedAmount)}</p>
      {report.comment ? <p className="whitespace-pre-line text-neutral-800">“{report.comment}”</p> : null}
      {report.hasPhoto ? (
        <a href={reportPhotoPath(report.id)} className="w-fit">
          <img src={reportPhotoPath(report.id)} alt="What you sent us of the items" width={96} height={96} loading="lazy" className="h-24 w-24 rounded border border-neutral-300 object-cover" />
        </a>
      ) : null}
    </li>
  );
}
