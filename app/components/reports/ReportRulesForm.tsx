import { useFetcher } from "@remix-run/react";
import { answerMessage, fieldMessages } from "~/lib/action-answer";
import { paiseToRupees } from "~/lib/money";
import type { ReportRules } from "~/server/reports/queue.server";
import type { ReportFormAnswer } from "./SupportReportCard";

const input = "h-10 w-full rounded border border-neutral-300 px-2";

/**
 * The rules that approve a report at once (admins): a claim up to an amount, at most so many
 * approved claims of the shopper in the 30 days before, and all of them at most a share of what the
 * shopper has had delivered. A plain POST form; with JavaScript it submits in place.
 */
export function ReportRulesForm({ rules, answer }: { rules: ReportRules; answer: ReportFormAnswer | null }) {
  const fetcher = useFetcher<ReportFormAnswer>();
  const shown = fetcher.state === "idle" && fetcher.data ? fetcher.data : answer;
  const fields = fieldMessages(shown);
  const typed = shown && !shown.ok ? (shown.values ?? {}) : {};
  const error = shown && !shown.ok ? answerMessage(shown) : null;
  const field = (name: string, label: string, value: string, hint: string) => (
    <label className="grid gap-1">
      <span className="font-medium">{label}</span>
      <input
        name={name}
        inputMode="decimal"
        defaultValue={typed[name] ?? value}
        aria-invalid={fields[name] ? true : undefined}
        aria-describedby={`${name}-hint`}
        className={input}
      />
      <span id={`${name}-hint`} className="text-neutral-600">
        {hint}
      </span>
      {fields[name] ? (
        <span className="text-red-700" role="alert">
          {fields[name]}
        </span>
      ) : null}
    </label>
  );
  return (
    <section aria-labelledby="report-rules" className="grid gap-2 rounded-lg border border-neutral-200 bg-white p-4 text-sm">
      <h2 id="report-rules" className="font-semibold">
        Approved at once when
      </h2>
      <fetcher.Form method="post" action="/dashboard/reports" className="grid gap-3 sm:grid-cols-3" key={rules.updatedAt}>
        <input type="hidden" name="intent" value="rules" />
        {field("autoMaxAmount", "Largest claim (₹)", String(paiseToRupees(rules.autoMaxAmount)), "0 to 10000; 0 approves nothing at once")}
        {field("autoMaxPriorApproved", "Approved claims in the 30 days before", String(rules.autoMaxPriorApproved), "0: only a shopper's first claim")}
        {field("autoMaxSharePercent", "Claims at most % of delivered value", String(rules.autoMaxSharePercent), "0 to 100")}
        <div className="sm:col-span-3">
          <button type="submit" disabled={fetcher.state !== "idle"} className="h-10 rounded-md bg-brand px-4 font-semibold text-white hover:bg-brand-dark disabled:opacity-60">
            Save rules
          </button>
        </div>
      </fetcher.Form>
      {error && !Object.keys(fields).length ? (
        <p className="text-red-700" role="alert">
          {error}
        </p>
      ) : null}
      {rules.updatedByName ? <p className="text-neutral-600">Last changed by {rules.updatedByName}.</p> : null}
    </section>
  );
}
