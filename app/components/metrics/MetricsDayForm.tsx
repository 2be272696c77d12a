import { Form, Link } from "@remix-run/react";
import { neighbourDays } from "~/lib/metrics-day";

/**
 * Choose the day: a plain GET form (works without JavaScript; the URL is shareable), the previous
 * and next days, and the day's CSV.
 */
export function MetricsDayForm({ day, csvHref, error }: { day: string; csvHref: string | null; error: string | null }) {
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(day) && !error;
  const around = valid ? neighbourDays(day) : null;
  return (
    <div className="flex flex-wrap items-end gap-3 text-sm">
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <label htmlFor="metrics-date" className="font-medium">
            Day (IST)
          </label>
          <input
            id="metrics-date"
            type="date"
            name="date"
            defaultValue={day}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "metrics-date-error" : undefined}
            className="rounded border border-neutral-400 px-2 py-1"
          />
        </div>
        <button type="submit" className="rounded bg-green-700 px-3 py-1.5 text-white hover:bg-green-800">
          Show
        </button>
      </Form>
      {around ? (
        <nav aria-label="Other days" className="flex gap-2">
          <Link to={`?date=${around.previous}`} className="rounded border border-neutral-300 px-3 py-1.5 hover:bg-neutral-100">
            Previous day
          </Link>
          <Link to={`?date=${around.next}`} className="rounded border border-neutral-300 px-3 py-1.5 hover:bg-neutral-100">
            Next day
          </Link>
        </nav>
      ) : null}
      {csvHref ? (
        <a href={csvHref} download className="rounded border border-amber-400 px-3 py-1.5 hover:bg-amber-400">
          Download CSV
        </a>
      ) : null}
      {error ? (
        <p id="metrics-date-error" role="alert" className="w-full text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
