import type { ComponentProps, ReactNode } from "react";
import { BarChart } from "~/components/metrics/BarChart";

/**
 * A figure of the metrics page: its caption, the SVG bar chart, and, as the chart's text
 * alternative, the same counts in a table behind a disclosure (decision 029). Each table row
 * carries `data-{rowKey}` = its index, for tests and scripts.
 */
export function ChartFigure({
  id,
  caption,
  chart,
  summary,
  tableCaption,
  labelHeading,
  rowKey,
  rowLabel,
}: {
  id: string;
  caption: ReactNode;
  chart: Omit<ComponentProps<typeof BarChart>, "id">;
  /** The disclosure's text (e.g. "Orders per hour as a table"). */
  summary: string;
  /** The table's name for assistive technology. */
  tableCaption: string;
  labelHeading: string;
  rowKey: string;
  rowLabel: (index: number) => string;
}) {
  return (
    <figure aria-labelledby={`${id}-caption`} className="grid gap-2 rounded-lg bg-white p-3 shadow-sm ring-1 ring-neutral-200">
      <figcaption id={`${id}-caption`} className="text-sm">
        {caption}
      </figcaption>
      <BarChart id={`${id}-chart`} {...chart} />
      <details>
        <summary className="cursor-pointer text-sm text-blue-800 underline">{summary}</summary>
        <table className="mt-2 text-left text-sm">
          <caption className="sr-only">{tableCaption}</caption>
          <thead>
            <tr>
              <th scope="col" className="pr-6">
                {labelHeading}
              </th>
              <th scope="col">Orders</th>
            </tr>
          </thead>
          <tbody>
            {chart.bars.map((bar, index) => (
              <tr key={index} {...{ [`data-${rowKey}`]: index }}>
                <th scope="row" className="pr-6 font-normal">
                  {rowLabel(index)}
                </th>
                <td>{bar.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
