import { apiReportRefundSchema } from "~/lib/schemas/report-refund";
import { apiAction } from "~/server/api/api-route.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { sendReportRefund } from "~/server/reports/refund.server";
import { readReportRefund } from "~/server/reports/refund-view.server";

export const loader = () => methodNotAllowed("POST");

const MESSAGES = {
  refunded: "The report's refund is made",
  failed: "Stripe refused the refund again: the order stays flagged",
  pending: "The refund is being sent: look again in a moment",
  none: "This report is not approved",
} as const;

/**
 * POST /api/order/admin/report-refund { _id } (ADMIN): sends an approved report's refund again
 * after Stripe refused it (or issues its credit note if that was what failed). Safe to repeat:
 * Stripe sees the same idempotency key and amount, the wallet's part is credited once.
 */
export const action = apiAction({ method: "POST", auth: "admin", body: apiReportRefundSchema }, async ({ context, body: { _id } }) => {
  await sendReportRefund(context, _id);
  const refund = await readReportRefund(context, _id);
  const message =
    refund.refund_status === "refunded" && !refund.creditNote
      ? "Refunded, but its credit note could not be issued: the order is flagged"
      : MESSAGES[refund.refund_status];
  return apiSuccess(refund, { message });
});
