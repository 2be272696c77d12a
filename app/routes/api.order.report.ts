import { apiAction } from "~/server/api/api-route.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { publicOriginOf } from "~/server/platform/env.server";
import { decideAutomatically } from "~/server/reports/decide.server";
import { readReport } from "~/server/reports/read.server";
import { readApiReport } from "~/server/reports/report-requests.server";
import { submitReport } from "~/server/reports/submit.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/order/report { _id, lines: [{ productId, quantity, reason }], comment?, refundTo? }
 * (decision 050): the shopper reports items of their own delivered order, as JSON or as multipart
 * (the same fields, `lines` as JSON text, and an optional `photo`: JPEG, PNG or WebP, at most 5 MB).
 * 201 with the report (`reportId`, `status`, its lines and value in rupees). 400 bad input, 404
 * anyone else's order, 409 not delivered / past the window / already under review / more units than
 * can be reported, 413 too large, 415 not a photo.
 */
export const action = apiAction({ method: "POST", auth: "user" }, async ({ request, context, user }) => {
  const input = await readApiReport(request, context);
  const { reportId } = await submitReport(context, user, input);
  // The rules approve (and refund) at once when it is safe; otherwise the report waits for support.
  await decideAutomatically(context, reportId, { localOrigin: publicOriginOf(context.cloudflare.env, request) });
  const report = await readReport(context, user, input.orderId, reportId);
  return apiSuccess({ reportId, ...report }, { status: 201, message: "Thank you: your report was received" });
});
