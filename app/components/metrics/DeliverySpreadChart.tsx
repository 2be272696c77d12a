import { BarChart } from "~/components/metrics/BarChart";
import { spreadLabel } from "~/lib/store-metrics";

/**
 * Delivered orders by minutes from placed to delivered: the SVG histogram (buckets past the promise
 * in red, the promise as a dashed line) and, as its text alternative, the same counts in a table.
 */
export function DeliverySpreadChart({ counts, bucketMinutes, promiseMinutes }: { counts: number[]; bucketMinutes: number; promiseMinutes: number }) {
  const delivered = counts.reduce((a, b) => a + b, 0);
  const promiseIndex = Math.min(counts.length, promiseMinutes / bucketMinutes);
  return (
    <figure aria-labelledby="spread-caption" className="grid gap-2 rounded-lg bg-white p-3 shadow-sm ring-1 ring-neutral-200">
      <figcaption id="spread-caption" className="text-sm">
        <span className="font-semibold">Minutes to deliver.</span> {delivered} delivered {delivered === 1 ? "order" : "orders"} by minutes from placed to
        delivered, in {bucketMinutes}-minute buckets; the dashed line is the promise of {promiseMinutes} minutes.
      </figcaption>
      <BarChart
        id="spread-chart"
        title="Histogram of delivered orders by minutes to deliver; the table below lists the same counts."
        bars={counts.map((value, bucket) => ({
          label: bucket === counts.length - 1 ? `${bucket * bucketMinutes}+` : String(bucket * bucketMinutes),
          value,
          late: bucket * bucketMinutes >= promiseMinutes,
        }))}
        tickEvery={counts.length > 8 ? 2 : 1}
        marker={{ index: promiseIndex, label: `${promiseMinutes} min` }}
      />
      <details>
        <summary className="cursor-pointer text-sm text-blue-800 underline">Minutes to deliver as a table</summary>
        <table className="mt-2 text-left text-sm">
          <caption className="sr-only">Delivered orders by minutes to deliver</caption>
          <thead>
            <tr>
              <th scope="col" className="pr-6">
                Minutes
              </th>
              <th scope="col">Orders</th>
            </tr>
          </thead>
          <tbody>
            {counts.map((n, bucket) => (
              <tr key={bucket} data-bucket={bucket}>
                <th scope="row" className="pr-6 font-normal">
                  {spreadLabel(bucket, bucketMinutes)}
                </th>
                <td>{n}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
