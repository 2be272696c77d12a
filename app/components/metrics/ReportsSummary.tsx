import { formatShare } from "~/lib/metrics-day";
import { formatINR } from "~/lib/money";
import { REPORT_REASON_LABELS } from "~/lib/reports";
import type { ReportsOfDay } from "~/lib/store-metrics";

/**
 * The day's reports of missing or damaged items (decision 050): how many, their value claimed and
 * approved, the share approved at once by the rules, and which reasons and products came up most,
 * so a manager sees which shelf or supplier keeps failing.
 */
export function ReportsSummary({ reports }: { reports: ReportsOfDay }) {
  const reasons = reports.reasons.filter((r) => r.lines > 0);
  return (
    <section aria-labelledby="reports-title" data-reports className="grid gap-2 rounded-lg bg-white p-3 text-sm shadow-sm ring-1 ring-neutral-200">
      <h2 id="reports-title" className="font-semibold">
        Reported items
      </h2>
      {reports.count === 0 ? (
        <p data-metric="reports">No shopper reported an item on this day.</p>
      ) : (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt>Reports</dt>
            <dd data-metric="reports">
              {reports.count} ({reports.open} under review, {reports.approved} approved, {reports.declined} declined)
            </dd>
            <dt>Claimed</dt>
            <dd data-metric="reports-claimed">{formatINR(reports.claimed)}</dd>
            <dt>Approved</dt>
            <dd data-metric="reports-approved">{formatINR(reports.approvedValue)}</dd>
            <dt>Approved at once</dt>
            <dd data-metric="reports-auto">
              {reports.autoApproved} of {reports.count} ({formatShare(reports.autoApproved, reports.count)})
            </dd>
          </dl>
          <table className="max-w-md text-left" data-report-reasons>
            <caption className="text-left font-semibold">Top reasons</caption>
            <thead>
              <tr>
                <th scope="col" className="pr-2">
                  Reason
                </th>
                <th scope="col" className="pr-2 text-right">
                  Items
                </th>
                <th scope="col" className="text-right">
                  Value
                </th>
              </tr>
            </thead>
            <tbody>
              {reasons.map((r) => (
                <tr key={r.reason} data-reason={r.reason}>
                  <th scope="row" className="pr-2 font-normal">
                    {REPORT_REASON_LABELS[r.reason]}
                  </th>
                  <td className="pr-2 text-right">{r.lines}</td>
                  <td className="text-right">{formatINR(r.claimed)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="max-w-md text-left" data-report-products>
            <caption className="text-left font-semibold">Most reported products</caption>
            <thead>
              <tr>
                <th scope="col" className="pr-2">
                  Product
                </th>
                <th scope="col" className="pr-2 text-right">
                  Reports
                </th>
                <th scope="col" className="pr-2 text-right">
                  Units
                </th>
                <th scope="col" className="text-right">
                  Value
                </th>
              </tr>
            </thead>
            <tbody>
              {reports.products.map((p) => (
                <tr key={p.productId ?? p.name}>
                  <th scope="row" className="pr-2 font-normal">
                    {p.name}
                  </th>
                  <td className="pr-2 text-right">{p.lines}</td>
                  <td className="pr-2 text-right">{p.units}</td>
                  <td className="text-right">{formatINR(p.claimed)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
