import { SidewaysScroll } from "~/components/layout/SidewaysScroll";
import { formatMinutes } from "~/lib/metrics-day";
import { STEP_LABELS, type StepTimes } from "~/lib/store-metrics";

/** Median and 90th-percentile minutes of each step (nearest rank, decision 029). */
export function StepTimesTable({ steps }: { steps: StepTimes[] }) {
  return (
    <SidewaysScroll label="Minutes per step">
      <table className="w-full bg-white text-left text-sm shadow-sm ring-1 ring-neutral-200">
        <caption className="p-2 text-left font-semibold">Minutes per step (median and 90th percentile)</caption>
        <thead>
          <tr className="border-b border-neutral-200">
            <th scope="col" className="p-2">
              Step
            </th>
            <th scope="col" className="p-2 text-right">
              Orders
            </th>
            <th scope="col" className="p-2 text-right">
              Median min
            </th>
            <th scope="col" className="p-2 text-right">
              90th percentile min
            </th>
          </tr>
        </thead>
        <tbody>
          {steps.map((s) => (
            <tr key={s.step} data-step={s.step} className="border-b border-neutral-100">
              <th scope="row" className="p-2 font-normal">
                {STEP_LABELS[s.step]}
              </th>
              <td className="p-2 text-right">{s.count}</td>
              <td className="p-2 text-right" data-median>
                {formatMinutes(s.medianMs)}
              </td>
              <td className="p-2 text-right" data-p90>
                {formatMinutes(s.p90Ms)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </SidewaysScroll>
  );
}
