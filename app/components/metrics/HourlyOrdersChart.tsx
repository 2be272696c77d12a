import { BarChart } from "~/components/metrics/BarChart";
import { hourLabel } from "~/lib/store-metrics";

/** Orders placed per hour of the day (IST): the SVG chart and, as its text alternative, the same counts in a table. */
export function HourlyOrdersChart({ hourly }: { hourly: number[] }) {
  const busiest = hourly.reduce((best, n, hour) => (n > hourly[best] ? hour : best), 0);
  return (
    <figure aria-labelledby="hourly-caption" className="grid gap-2 rounded-lg bg-white p-3 shadow-sm ring-1 ring-neutral-200">
      <figcaption id="hourly-caption" className="text-sm">
        <span className="font-semibold">Orders per hour (IST).</span> Busiest hour: {hourLabel(busiest)} with {hourly[busiest]}{" "}
        {hourly[busiest] === 1 ? "order" : "orders"}.
      </figcaption>
      <BarChart
        id="hourly-chart"
        title="Bar chart of orders placed in each hour of the day; the table below lists the same counts."
        bars={hourly.map((value, hour) => ({ label: String(hour).padStart(2, "0"), value }))}
        tickEvery={3}
      />
      <details>
        <summary className="cursor-pointer text-sm text-blue-800 underline">Orders per hour as a table</summary>
        <table className="mt-2 text-left text-sm">
          <caption className="sr-only">Orders placed per hour</caption>
          <thead>
            <tr>
              <th scope="col" className="pr-6">
                Hour
              </th>
              <th scope="col">Orders</th>
            </tr>
          </thead>
          <tbody>
            {hourly.map((n, hour) => (
              <tr key={hour} data-hour={hour}>
                <th scope="row" className="pr-6 font-normal">
                  {hourLabel(hour)}
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
