import { formatShare } from "~/lib/metrics-day";
import { formatINR } from "~/lib/money";
import type { StoreMetrics } from "~/lib/store-metrics";

/** The day's headline figures as a description list (each one a `data-metric` for tests and scrapers). */
export function MetricsSummary({ metrics: m }: { metrics: StoreMetrics }) {
  const figures: [key: string, label: string, value: string][] = [
    ["orders", "Orders placed", String(m.orders)],
    ["delivered", "Delivered", String(m.delivered)],
    [
      "within-promise",
      `Delivered within ${m.store.promiseMinutes} minutes`,
      `${formatShare(m.deliveredWithinPromise, m.delivered)} (${m.deliveredWithinPromise} of ${m.delivered})`,
    ],
    ["open", "Still open", String(m.open)],
    ["cancelled", "Cancelled", m.cancelledUnpaid ? `${m.cancelled} (${m.cancelledUnpaid} unpaid online checkouts)` : String(m.cancelled)],
    [
      "short-picks",
      "Short picks (lines)",
      `${formatShare(m.picking.linesShort, m.picking.linesPicked)} (${m.picking.linesShort} of ${m.picking.linesPicked} lines, ${m.picking.ordersShort} of ${m.picking.ordersPicked} orders)`,
    ],
    ["refunded", "Refunded for short picks", formatINR(m.picking.refunded)],
    ["delivered-value", "Value delivered", formatINR(m.deliveredValue)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 md:grid-cols-3">
      {figures.map(([key, label, value]) => (
        <div key={key} data-metric={key} className="rounded-lg bg-white p-3 shadow-sm ring-1 ring-neutral-200">
          <dt className="text-sm text-neutral-700">{label}</dt>
          <dd className="text-lg font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
