import { SidewaysScroll } from "~/components/layout/SidewaysScroll";
import { sharePercent, type PickerScanRate } from "~/lib/store-metrics";

/** Per picker, how the day's pick lines were confirmed (decision 042): scanned or typed codes vs by hand. */
export function ScanRateTable({ pickers }: { pickers: PickerScanRate[] }) {
  return (
    <SidewaysScroll label="Scan rate per picker">
      <table className="w-full bg-white text-left text-sm shadow-sm ring-1 ring-neutral-200" data-testid="scan-rate">
        <caption className="p-2 text-left font-semibold">Scan rate per picker</caption>
        <thead>
          <tr className="border-b border-neutral-200">
            <th scope="col" className="p-2">
              Picker
            </th>
            <th scope="col" className="p-2 text-right">
              Lines confirmed
            </th>
            <th scope="col" className="p-2 text-right">
              Scanned or typed
            </th>
            <th scope="col" className="p-2 text-right">
              By hand
            </th>
            <th scope="col" className="p-2 text-right">
              Scan rate
            </th>
          </tr>
        </thead>
        <tbody>
          {pickers.length === 0 ? (
            <tr>
              <td colSpan={5} className="p-2 text-neutral-600">
                No pick lines were confirmed.
              </td>
            </tr>
          ) : (
            pickers.map((p) => (
              <tr key={p.userId ?? "former"} className="border-b border-neutral-100" data-picker={p.name}>
                <th scope="row" className="p-2 font-normal">
                  {p.name}
                </th>
                <td className="p-2 text-right">{p.confirmations}</td>
                <td className="p-2 text-right">{p.verified}</td>
                <td className="p-2 text-right">{p.manual}</td>
                <td className="p-2 text-right" data-scan-rate>
                  {sharePercent(p.verified, p.confirmations)} %
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </SidewaysScroll>
  );
}
