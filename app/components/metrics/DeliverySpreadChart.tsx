import { ChartFigure } from "~/components/metrics/ChartFigure";
import { spreadLabel } from "~/lib/store-metrics";

/**
 * Delivered orders by minutes from placed to delivered: the SVG histogram (buckets past the promise
 * in red, the promise as a dashed line) and, as its text alternative, the same counts in a table.
 */
export function DeliverySpreadChart({ counts, bucketMinutes, promiseMinutes }: { counts: number[]; bucketMinutes: number; promiseMinutes: number }) {
  const delivered = counts.reduce((a, b) => a + b, 0);
  const promiseIndex = Math.min(counts.length, promiseMinutes / bucketMinutes);
  return (
    <ChartFigure
      id="spread"
      caption={
        <>
          <span className="font-semibold">Minutes to deliver.</span> {delivered} delivered {delivered === 1 ? "order" : "orders"} by minutes from placed to
          delivered, in {bucketMinutes}-minute buckets; the dashed line is the promise of {promiseMinutes} minutes.
        </>
      }
      chart={{
        title: "Histogram of delivered orders by minutes to deliver; the table below lists the same counts.",
        bars: counts.map((value, bucket) => ({
          label: bucket === counts.length - 1 ? `${bucket * bucketMinutes}+` : String(bucket * bucketMinutes),
          value,
          late: bucket * bucketMinutes >= promiseMinutes,
        })),
        tickEvery: counts.length > 8 ? 2 : 1,
        marker: { index: promiseIndex, label: `${promiseMinutes} min` },
      }}
      summary="Minutes to deliver as a table"
      tableCaption="Delivered orders by minutes to deliver"
      labelHeading="Minutes"
      rowKey="bucket"
      rowLabel={(bucket) => spreadLabel(bucket, bucketMinutes)}
    />
  );
}
