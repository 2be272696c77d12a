import { ChartFigure } from "~/components/metrics/ChartFigure";
import { hourLabel } from "~/lib/store-metrics";

/** Orders placed per hour of the day (IST): the SVG chart and, as its text alternative, the same counts in a table. */
export function HourlyOrdersChart({ hourly }: { hourly: number[] }) {
  const busiest = hourly.reduce((best, n, hour) => (n > hourly[best] ? hour : best), 0);
  return (
    <ChartFigure
      id="hourly"
      caption={
        <>
          <span className="font-semibold">Orders per hour (IST).</span> Busiest hour: {hourLabel(busiest)} with {hourly[busiest]}{" "}
          {hourly[busiest] === 1 ? "order" : "orders"}.
        </>
      }
      chart={{
        title: "Bar chart of orders placed in each hour of the day; the table below lists the same counts.",
        bars: hourly.map((value, hour) => ({ label: String(hour).padStart(2, "0"), value })),
        tickEvery: 3,
      }}
      summary="Orders per hour as a table"
      tableCaption="Orders placed per hour"
      labelHeading="Hour"
      rowKey="hour"
      rowLabel={hourLabel}
    />
  );
}
