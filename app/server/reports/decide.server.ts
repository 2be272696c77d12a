/**
 * Deciding a report of delivered items (docs/decisions/050-after-the-order.md, "Deciding a report").
 *
 * - `decideAutomatically`: the rules (`report_rules`) approve a report in full at once, in ONE
 *   guarded UPDATE whose WHERE holds every rule as a subquery, read back by RETURNING. D1 runs
 *   statements one at a time, so two reports of one shopper decided together are counted against
 *   each other: the second sees the first approved and stays open for support.
 * - `decideBySupport`: an admin or the store's manager approves in full, approves part (an amount
 *   in rupees), or declines with a reason. ONE UPDATE guarded on `status = 'open'` (and on the
 *   decider still managing the store): of two deciding at once, one decides; the other is told who.
 *
 * Each decision's lines get their share in the same D1 batch; after an approval the refund is sent
 * (refund.server.ts), and the shopper is told by mail and by push (and the order page re-reads).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { formatINR, paiseToRupees } from "~/lib/money";
import { Refusal } from "~/lib/refusal";
import type { DecideReportInput } from "~/lib/schemas/reports";
import { getD1 } from "~/server/db/db.server";
import type { SessionUser } from "~/server/identity/auth.server";
import { sendMail } from "~/server/identity/mail.server";
import { managesStore, worksAt } from "~/server/identity/store-access.server";
import { publishOrderChange } from "~/server/orders/order-events.server";
import { getSettings, publicOrigin } from "~/server/platform/env.server";
import { sendReportRefund } from "./refund.server";

/** Why the rules approved a report (its `decision_reason`: every decision says why). */
export const AUTO_REASON = "Approved at once: within the rules for a refund";

/** Approved reports counted by the rules: those of the 30 days before a report (and any since). */
export const RULES_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The shopper's other approved reports in the window, as SQL on the updated row `order_reports`.
 * Reports created after this one count too: of two submitted together, whichever is decided second
 * sees the first.
 */
const OTHERS_APPROVED = `from order_reports p where p.user_id = order_reports.user_id and p.id <> order_reports.id
  and p.status = 'approved' and p.created_at >= order_reports.created_at - ${RULES_WINDOW_MS}`;

/**
 * ?1 report, ?2 now. Every rule is part of the WHERE: a missing rules row approves nothing (NULL).
 * Share: (approved in the window + this claim) × 100 ≤ percent × the shopper's delivered value.
 */
const AUTO_APPROVE_SQL = `update order_reports
  set status = 'approved', approved_amount = claimed_amount, auto_approved = 1, decided_by = null,
    decision_reason = '${AUTO_REASON}', decided_at = ?2, refund_status = 'pending', updated_at = ?2
  where id = ?1 and status = 'open'
    and claimed_amount <= (select auto_max_amount from report_rules where id = 1)
    and (select count(*) ${OTHERS_APPROVED}) <= (select auto_max_prior_approved from report_rules where id = 1)
    and ((select coalesce(sum(p.approved_amount), 0) ${OTHERS_APPROVED}) + claimed_amount) * 100
      <= (select auto_max_share_percent from report_rules where id = 1)
        * (select coalesce(sum(o.total), 0) from orders o where o.user_id = order_reports.user_id and o.status = 'delivered')
  returning id`;

/**
 * ?1 report, ?2 'approved' | 'declined', ?3 paise approved or null (the whole claim), ?4 decider,
 * ?5 reason, ?6 now. Decides only an open report, an amount from ₹0.01 to the claim, and only while
 * the decider is an admin or a manager of the report's store.
 */
const SUPPORT_DECIDE_SQL = `update order_reports
  set status = ?2,
    approved_amount = case when ?2 = 'approved' then coalesce(?3, claimed_amount) end,
    auto_approved = 0, decided_by = ?4, decision_reason = ?5, decided_at = ?6, updated_at = ?6,
    refund_status = case when ?2 = 'approved' then 'pending' else refund_status end
  where id = ?1 and status = 'open'
    and (?3 is null or ?3 between 1 and claimed_amount)
    and (exists (select 1 from users where id = ?4 and role = 'ADMIN')
      or exists (select 1 from store_staff s where s.user_id = ?4 and s.store_id = order_reports.store_id and s.role = 'manager'))
  returning id`;

/**
 * The decided report's amount shared over its lines in their order, each line up to its value; the
 * units approved on a line are the whole units its share pays for. A declined report's lines get 0.
 * Only lines not yet given a share, and only once the report is decided (the UPDATE before it in
 * the same batch), so it cannot run for a report another request decided.
 */
const SHARE = `max(0, min(amount, (select coalesce(approved_amount, 0) from order_reports where id = ?1)
  - (select coalesce(sum(l2.amount), 0) from order_report_lines l2 where l2.report_id = ?1 and l2.rowid < order_report_lines.rowid)))`;
const LINES_SQL = `update order_report_lines set approved_amount = ${SHARE}, approved_quantity = ${SHARE} * quantity / amount
  where report_id = ?1 and approved_amount is null and (select status from order_reports where id = ?1) <> 'open'`;

/** A report as its decision's answer (`/api`) and its mail need it. */
export interface DecidedReport {
  id: string;
  orderId: string;
  orderNumber: string;
  storeId: string;
  userId: string;
  status: "open" | "approved" | "declined";
  claimedAmount: number;
  approvedAmount: number | null;
  autoApproved: boolean;
  refundTo: "wallet" | "original";
  refundStatus: string;
  decidedBy: string | null;
  decidedByName: string | null;
  decisionReason: string | null;
  decidedAt: number | null;
}

type ReportRow = {
  id: string;
  order_id: string;
  order_number: string;
  store_id: string;
  user_id: string;
  status: DecidedReport["status"];
  claimed_amount: number;
  approved_amount: number | null;
  auto_approved: number;
  refund_to: DecidedReport["refundTo"];
  refund_status: string;
  decided_by: string | null;
  decided_by_name: string | null;
  decision_reason: string | null;
  decided_at: number | null;
  shopper_email: string;
  shopper_name: string;
};

const REPORT_SQL = `select r.id, r.order_id, o.order_id as order_number, r.store_id, r.user_id, r.status, r.claimed_amount,
    r.approved_amount, r.auto_approved, r.refund_to, r.refund_status, r.decided_by, d.name as decided_by_name,
    r.decision_reason, r.decided_at, u.email as shopper_email, u.name as shopper_name
  from order_reports r join orders o on o.id = r.order_id join users u on u.id = r.user_id
  left join users d on d.id = r.decided_by
  where r.id = ?1`;

async function readReport(context: AppLoadContext, reportId: string): Promise<ReportRow | null> {
  return getD1(context).prepare(REPORT_SQL).bind(reportId).first<ReportRow>();
}

const shape = (row: ReportRow): DecidedReport => ({
  id: row.id,
  orderId: row.order_id,
  orderNumber: row.order_number,
  storeId: row.store_id,
  userId: row.user_id,
  status: row.status,
  claimedAmount: row.claimed_amount,
  approvedAmount: row.approved_amount,
  autoApproved: Boolean(row.auto_approved),
  refundTo: row.refund_to,
  refundStatus: row.refund_status,
  decidedBy: row.decided_by,
  decidedByName: row.decided_by_name,
  decisionReason: row.decision_reason,
  decidedAt: row.decided_at,
});

export interface DecideOptions {
  /**
   * The origin the request came in on, used for the mail's link only outside production when
   * PUBLIC_ORIGIN is unset (decision 046); production always links on PUBLIC_ORIGIN.
   */
  localOrigin?: string;
  now?: number;
}

/**
 * Applies the rules to an open report: approves it in full at once when they all hold (then
 * refunds and tells the shopper), otherwise leaves it open for support. True when it approved.
 */
export async function decideAutomatically(context: AppLoadContext, reportId: string, options: DecideOptions = {}): Promise<boolean> {
  const d1 = getD1(context);
  const now = options.now ?? Date.now();
  const [decided] = await d1.batch<{ id: string }>([d1.prepare(AUTO_APPROVE_SQL).bind(reportId, now), d1.prepare(LINES_SQL).bind(reportId)]);
  if (!decided.results.length) return false;
  const row = await readReport(context, reportId);
  if (row) await afterDecision(context, row, options);
  return true;
}

/**
 * Support decides an open report. Admins decide any store's, the store's managers their store's;
 * anyone else working the store is refused (403), and a report of a store they do not work at is
 * not found (404: staff learn nothing of other stores). 409 when it was already decided, naming who.
 */
export async function decideBySupport(context: AppLoadContext, user: SessionUser, input: DecideReportInput, options: DecideOptions = {}): Promise<DecidedReport> {
  const report = await readReport(context, input.reportId);
  if (!report || !worksAt(user, report.store_id)) throw new Refusal("Report not found", 404);
  if (!managesStore(user, report.store_id)) throw new Refusal("Only the store's manager or an admin can decide reports", 403);
  if (input.decision === "part" && input.amount !== null && input.amount > report.claimed_amount) {
    throw new Refusal(`Amount can be at most the claim, ${formatINR(report.claimed_amount)}`, 400, { fields: { amount: ["More than the claim"] } });
  }
  const status = input.decision === "decline" ? "declined" : "approved";
  const amount = input.decision === "part" ? input.amount : null;
  const d1 = getD1(context);
  const now = options.now ?? Date.now();
  const [decided] = await d1.batch<{ id: string }>([
    d1.prepare(SUPPORT_DECIDE_SQL).bind(report.id, status, amount, user.id, input.reason, now),
    d1.prepare(LINES_SQL).bind(report.id),
  ]);
  const after = await readReport(context, report.id);
  if (!decided.results.length || !after) {
    // Nothing written: the statement decided; this only says why.
    if (after && after.status !== "open") throw new Refusal(`Already decided by ${deciderName(after)}`, 409);
    throw new Refusal("Only the store's manager or an admin can decide reports", 403);
  }
  await afterDecision(context, after, options);
  return shape(after);
}

const deciderName = (row: Pick<ReportRow, "auto_approved" | "decided_by_name">) => (row.auto_approved ? "the rules" : (row.decided_by_name ?? "someone no longer here"));

/**
 * After a decision committed: the refund for an approval, then the shopper's mail, push notice and
 * order page. None of them undoes the decision: a failure is logged (the refund's status stays
 * `pending` for the refunds to retry).
 */
async function afterDecision(context: AppLoadContext, row: ReportRow, options: DecideOptions): Promise<void> {
  if (row.status === "approved") {
    try {
      await sendReportRefund(context, row.id);
    } catch (error) {
      console.error("reports: refund not sent", row.id, (error as Error)?.message ?? String(error));
    }
  }
  try {
    await sendMail(context, decisionMail(context, row, options));
  } catch (error) {
    console.error("reports: decision mail not kept", row.id, (error as Error)?.message ?? String(error));
  }
  await publishOrderChange(context, {
    orderId: row.order_id,
    storeId: row.store_id,
    userId: row.user_id,
    status: row.status === "approved" ? "report_approved" : "report_declined",
  });
}

/** The order page's absolute link: on PUBLIC_ORIGIN; outside production, the local origin when known. */
function orderLink(context: AppLoadContext, orderId: string, options: DecideOptions): string | null {
  const settings = getSettings(context.cloudflare.env);
  if (!settings.PUBLIC_ORIGIN && !options.localOrigin) return null;
  return `${publicOrigin(settings, options.localOrigin ?? "")}/dashboard/myorders/${orderId}`;
}

function decisionMail(context: AppLoadContext, row: ReportRow, options: DecideOptions) {
  const link = orderLink(context, row.order_id, options);
  const where = row.refund_to === "original" ? "to the payment you made" : "to your FreshDash wallet";
  const approved = row.approved_amount ?? 0;
  const lines =
    row.status === "approved"
      ? [
          approved < row.claimed_amount
            ? `We approved ${formatINR(approved)} of the ${formatINR(row.claimed_amount)} you reported on order ${row.order_number}.`
            : `We approved your report on order ${row.order_number}: ${formatINR(approved)}.`,
          `It is refunded ${where}.`,
          ...(row.decision_reason && !row.auto_approved ? [`Why: ${row.decision_reason}`] : []),
        ]
      : [`We could not approve your report on order ${row.order_number}.`, `Why: ${row.decision_reason ?? "see the order page"}`];
  return {
    to: row.shopper_email,
    subject:
      row.status === "approved"
        ? `Your report on order ${row.order_number}: ${formatINR(approved)} refunded`
        : `Your report on order ${row.order_number} was declined`,
    text: [`Hello ${row.shopper_name || "there"},`, "", ...lines, "", ...(link ? [`Your order: ${link}`, ""] : []), "FreshDash"].join("\n"),
  };
}

/** A decision as `/api` answers it (rupees, ISO time). */
export function decisionShape(r: DecidedReport) {
  return {
    _id: r.id,
    orderId: r.orderId,
    status: r.status,
    claimedAmount: paiseToRupees(r.claimedAmount),
    approvedAmount: r.approvedAmount === null ? null : paiseToRupees(r.approvedAmount),
    autoApproved: r.autoApproved,
    refundTo: r.refundTo,
    refundStatus: r.refundStatus,
    decidedBy: r.decidedByName,
    decisionReason: r.decisionReason,
    decidedAt: r.decidedAt === null ? null : new Date(r.decidedAt).toISOString(),
  };
}
