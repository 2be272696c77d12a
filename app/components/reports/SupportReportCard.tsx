import { useFetcher } from "@remix-run/react";
import { answerMessage, fieldMessages, type ActionAnswer } from "~/lib/action-answer";
import { formatINR } from "~/lib/money";
import { DECISION_REASON_MAX } from "~/lib/schemas/reports";
import type { QueueReport } from "~/server/reports/queue.server";
import { ReportLines } from "./ReportLines";

/** The page's answer to a report's or the rules' form (refused: the reason and what was typed). */
export type ReportFormAnswer = ActionAnswer<{ intent?: "decide" | "rules"; reportId?: string | null; values?: Record<string, string> }>;

const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });
const button = "h-10 rounded-md px-3 font-semibold disabled:opacity-60";
const input = "h-10 w-full rounded border border-neutral-300 px-2";

/**
 * One open report in the support queue: the order, the shopper and their history, the items and
 * reasons, the comment and photo, and three forms: approve in full, approve part (an amount in
 * rupees) and decline (a reason). Plain POST forms to the page (303 back with a toast without
 * JavaScript); with it they submit in place and the page re-reads.
 */
export function SupportReportCard({ report, storeId, answer }: { report: QueueReport; storeId: string | null; answer: ReportFormAnswer | null }) {
  const fetcher = useFetcher<ReportFormAnswer>();
  const pending = fetcher.state !== "idle";
  const shown = fetcher.state === "idle" && fetcher.data ? fetcher.data : answer;
  const error = shown && !shown.ok ? answerMessage(shown) : null;
  const fields = fieldMessages(shown);
  const typed = shown?.values ?? {};
  const h = report.history;
  const hidden = (
    <>
      <input type="hidden" name="intent" value="decide" />
      <input type="hidden" name="reportId" value={report.id} />
      {storeId ? <input type="hidden" name="storeId" value={storeId} /> : null}
    </>
  );
  const headingId = `report-${report.id}`;
  return (
    <article aria-labelledby={headingId} className="grid gap-3 rounded-lg border border-neutral-200 bg-white p-4 text-sm" data-testid="report-card">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          Order {report.orderNumber}: {formatINR(report.claimedAmount)} claimed
        </h3>
        <p className="text-neutral-600">
          {report.storeName} · {when.format(new Date(report.createdAt))}
        </p>
      </header>
      <p>
        <span className="font-medium">{report.shopperName || "Shopper"}</span> <span className="text-neutral-600">({report.shopperEmail})</span>
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3" data-testid="shopper-history">
        <div>
          <dt className="text-neutral-600">Delivered</dt>
          <dd>
            {h.deliveredOrders} {h.deliveredOrders === 1 ? "order" : "orders"}, {formatINR(h.deliveredValue)}
          </dd>
        </div>
        <div>
          <dt className="text-neutral-600">Approved, 30 days</dt>
          <dd>
            {h.approved30Days} · {formatINR(h.approved30DaysValue)}
          </dd>
        </div>
        <div>
          <dt className="text-neutral-600">Approved, ever</dt>
          <dd>
            {h.approvedEver} · {formatINR(h.approvedEverValue)}
          </dd>
        </div>
      </dl>
      <ReportLines lines={report.lines} />
      {report.comment ? <blockquote className="border-l-4 border-neutral-300 pl-3 text-neutral-800">{report.comment}</blockquote> : null}
      {report.hasPhoto ? (
        <a href={`/report-photo/${report.id}`} target="_blank" rel="noreferrer" className="w-fit">
          <img src={`/report-photo/${report.id}`} alt={`What the shopper sent with the report on order ${report.orderNumber}`} loading="lazy" className="max-h-48 rounded border border-neutral-200" />
        </a>
      ) : (
        <p className="text-neutral-600">No photo.</p>
      )}
      <div className="grid gap-3 border-t border-neutral-200 pt-3 sm:grid-cols-3">
        <fetcher.Form method="post" action="/dashboard/reports" className="grid content-end gap-2">
          {hidden}
          <input type="hidden" name="decision" value="approve" />
          <button type="submit" disabled={pending} className={`${button} bg-brand text-white hover:bg-brand-dark`}>
            Approve {formatINR(report.claimedAmount)}
          </button>
        </fetcher.Form>
        <fetcher.Form method="post" action="/dashboard/reports" className="grid content-end gap-2">
          {hidden}
          <input type="hidden" name="decision" value="part" />
          <label className="grid gap-1">
            <span>Amount (₹)</span>
            <input
              name="amount"
              inputMode="decimal"
              required
              defaultValue={typed.decision === "part" ? typed.amount : ""}
              aria-invalid={fields.amount ? true : undefined}
              className={input}
            />
          </label>
          <button type="submit" disabled={pending} className={`${button} border border-brand text-brand hover:bg-orange-50`}>
            Approve part
          </button>
        </fetcher.Form>
        <fetcher.Form method="post" action="/dashboard/reports" className="grid content-end gap-2">
          {hidden}
          <input type="hidden" name="decision" value="decline" />
          <label className="grid gap-1">
            <span>Reason</span>
            <input
              name="reason"
              required
              maxLength={DECISION_REASON_MAX}
              defaultValue={typed.decision === "decline" ? typed.reason : ""}
              aria-invalid={fields.reason ? true : undefined}
              className={input}
            />
          </label>
          <button type="submit" disabled={pending} className={`${button} border border-red-600 text-red-700 hover:bg-red-50`}>
            Decline
          </button>
        </fetcher.Form>
      </div>
      {error ? (
        <p className="text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </article>
  );
}
