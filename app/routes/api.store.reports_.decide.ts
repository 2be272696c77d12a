import { decideReportSchema } from "~/lib/schemas/reports";
import { apiAction } from "~/server/api/api-route.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { assertStoreWorker } from "~/server/identity/store-access.server";
import { publicOriginOf } from "~/server/platform/env.server";
import { decideBySupport, decisionShape } from "~/server/reports/decide.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/store/reports/decide { reportId, decision: "approve" | "part" | "decline", amount?,
 * reason? } (decision 050, "Deciding a report"): an admin or the report's store's manager decides an
 * open report. `part` approves `amount` rupees (₹0.01 up to the claim); `decline` needs a reason.
 * 409 "Already decided by …" when someone (or the rules) decided it first; 404 for a report of a
 * store the caller does not work at; 403 for other staff and shoppers.
 */
export const action = apiAction({ method: "POST", auth: "user", body: decideReportSchema }, async ({ request, context, user, body }) => {
  assertStoreWorker(user);
  const decided = await decideBySupport(context, user, body, { localOrigin: publicOriginOf(context.cloudflare.env, request) });
  return apiSuccess(decisionShape(decided), { message: decided.status === "declined" ? "Report declined" : "Report approved" });
});
