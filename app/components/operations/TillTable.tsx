import { Form } from "@remix-run/react";
import { formatINR } from "~/lib/money";
import { HANDOVER_NOTE_MAX, type Till } from "~/lib/till";

const signed = (paise: number) => (paise < 0 ? `−${formatINR(-paise)}` : formatINR(paise));

/** The day's till per rider: collected on delivered cash orders, handed over, and the difference. */
export function TillTable({ till }: { till: Till }) {
  return (
    <section aria-labelledby="till-title" className="grid gap-2 rounded-lg bg-white p-3 shadow-sm ring-1 ring-neutral-200" data-testid="till">
      <h2 id="till-title" className="font-semibold">
        Till: riders' cash on {till.day}
      </h2>
      <p className="text-sm text-neutral-700">Cash collected on orders delivered that day, cash handed over, and what is still with the rider.</p>
      {till.riders.length ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm [&_td]:px-1.5 [&_th]:px-1.5">
            <caption className="sr-only">Cash per rider on {till.day}</caption>
            <thead>
              <tr className="border-b border-neutral-200">
                <th scope="col" className="p-2">
                  Rider
                </th>
                <th scope="col" className="p-2 text-right">
                  Collected
                </th>
                <th scope="col" className="p-2 text-right">
                  Handed over
                </th>
                <th scope="col" className="p-2 text-right">
                  Difference
                </th>
              </tr>
            </thead>
            <tbody>
              {till.riders.map((r) => (
                <tr key={r.riderId ?? `typed:${r.name}`} className="border-b border-neutral-100" data-testid="till-rider">
                  <th scope="row" className="p-2 font-medium [overflow-wrap:anywhere]">
                    {r.name}
                    {r.riderId ? null : <span className="block text-xs font-normal text-neutral-600">no rider account</span>}
                    <span className="block text-xs font-normal text-neutral-600">
                      {r.orders} cash {r.orders === 1 ? "order" : "orders"}
                    </span>
                  </th>
                  <td className="p-2 text-right">{formatINR(r.collected)}</td>
                  <td className="p-2 text-right">{formatINR(r.handedOver)}</td>
                  <td className={`p-2 text-right font-semibold ${r.difference === 0 ? "text-green-800" : "text-red-800"}`} data-testid="till-difference">
                    {signed(r.difference)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-semibold">
                <th scope="row" className="p-2">
                  All riders
                </th>
                <td className="p-2 text-right">{formatINR(till.totals.collected)}</td>
                <td className="p-2 text-right">{formatINR(till.totals.handedOver)}</td>
                <td className="p-2 text-right">{signed(till.totals.difference)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      ) : (
        <p className="py-4 text-center text-sm text-neutral-600">No cash collected or handed over on {till.day}.</p>
      )}
      {till.handovers.length ? (
        <details className="text-sm">
          <summary className="min-h-11 cursor-pointer py-2">Handovers recorded ({till.handovers.length})</summary>
          <ul className="grid gap-1">
            {till.handovers.map((h) => (
              <li key={h.id}>
                {formatINR(h.amount)} from {h.riderName}, recorded by {h.recordedByName} at{" "}
                {new Date(h.createdAt).toLocaleTimeString("en-IN", { timeZone: "Asia/Kolkata", hour: "2-digit", minute: "2-digit" })}
                {h.note ? ` — ${h.note}` : ""}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

/**
 * Record cash a rider handed over: a plain form (no JavaScript needed) whose hidden `key` is made
 * by the server for this rendering, so a double-submit records once.
 */
export function HandoverForm({
  action,
  riders,
  formKey,
  back,
  error,
  values,
}: {
  action: string;
  riders: { userId: string; name: string; role: string }[];
  formKey: string;
  back: string;
  error?: string | null;
  values?: { riderId?: string; amount?: string; note?: string };
}) {
  return (
    // Keyed by the rendering's key: after a recorded handover the form starts empty with the new key.
    <Form
      key={formKey}
      method="post"
      action={action}
      className="grid gap-2 rounded-lg bg-white p-3 text-sm shadow-sm ring-1 ring-neutral-200"
      aria-labelledby="handover-title"
    >
      <h2 id="handover-title" className="font-semibold">
        Record cash handed over
      </h2>
      <input type="hidden" name="key" value={formKey} />
      <input type="hidden" name="back" value={back} />
      {error ? (
        <p role="alert" className="rounded bg-red-100 p-2 font-medium text-red-800" data-testid="handover-error">
          {error}
        </p>
      ) : null}
      <label className="grid gap-1">
        <span>Rider</span>
        <select name="riderId" required defaultValue={values?.riderId ?? ""} className="h-11 rounded border border-neutral-300 px-2">
          <option value="" disabled>
            Choose a rider
          </option>
          {riders.map((r) => (
            <option key={r.userId} value={r.userId}>
              {r.name} ({r.role})
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1">
        <span>Amount (₹)</span>
        <input
          name="amount"
          inputMode="decimal"
          required
          autoComplete="off"
          defaultValue={values?.amount}
          className="h-11 rounded border border-neutral-300 px-2"
        />
      </label>
      <label className="grid gap-1">
        <span>Note (optional)</span>
        <input
          name="note"
          maxLength={HANDOVER_NOTE_MAX}
          autoComplete="off"
          defaultValue={values?.note}
          className="h-11 rounded border border-neutral-300 px-2"
        />
      </label>
      <button type="submit" className="h-11 rounded-md bg-brand px-4 font-semibold text-white hover:bg-brand-dark">
        Record handover
      </button>
    </Form>
  );
}
