/**
 * An approved report's refund as /api shows it: where it went (the Stripe part and the wallet's),
 * its state and its credit note (docs/api.md, "Report refunds").
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { creditNotes, orderReports } from "~/db/schema";
import { paiseToRupees } from "~/lib/money";
import { Refusal } from "~/lib/refusal";
import { getDb } from "~/server/db/db.server";

/** Rupees. `stripe` and `wallet` are null until the send is claimed (then fixed: their sum is `approved`). */
export async function readReportRefund(context: AppLoadContext, reportId: string) {
  const [report] = await getDb(context)
    .select({
      id: orderReports.id,
      orderId: orderReports.orderId,
      refundTo: orderReports.refundTo,
      refundStatus: orderReports.refundStatus,
      approvedAmount: orderReports.approvedAmount,
      stripeAmount: orderReports.refundStripeAmount,
      stripeRefundId: orderReports.stripeRefundId,
      noteId: creditNotes.id,
      noteNumber: creditNotes.number,
    })
    .from(orderReports)
    .leftJoin(creditNotes, eq(creditNotes.refundId, orderReports.id))
    .where(eq(orderReports.id, reportId))
    .limit(1);
  if (!report) throw new Refusal("Report not found", 404);
  const approved = report.approvedAmount ?? 0;
  return {
    _id: report.id,
    order_ref: report.orderId,
    refund_to: report.refundTo,
    refund_status: report.refundStatus,
    approved: paiseToRupees(approved),
    stripe: report.stripeAmount === null ? null : paiseToRupees(report.stripeAmount),
    wallet: report.stripeAmount === null ? null : paiseToRupees(approved - report.stripeAmount),
    stripeRefundId: report.stripeRefundId,
    creditNote: report.noteId ? { _id: report.noteId, number: report.noteNumber } : null,
  };
}
