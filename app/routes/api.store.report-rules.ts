import { reportRulesSchema } from "~/lib/schemas/reports";
import { apiAction, apiLoader } from "~/server/api/api-route.server";
import { apiSuccess } from "~/server/http/api.server";
import { readReportRules, rulesShape, saveReportRules } from "~/server/reports/queue.server";

/** GET /api/store/report-rules (admins): the rules that approve a report at once, amounts in rupees. */
export const loader = apiLoader({ auth: "admin" }, async ({ context }) => apiSuccess(rulesShape(await readReportRules(context))));

/**
 * POST /api/store/report-rules { autoMaxAmount (rupees, 0..10000), autoMaxPriorApproved (0..100),
 * autoMaxSharePercent (0..100) } (admins; decision 050): replaces the rules.
 */
export const action = apiAction({ method: "POST", auth: "admin", body: reportRulesSchema }, async ({ context, user, body }) =>
  apiSuccess(rulesShape(await saveReportRules(context, user, body)), { message: "Rules saved" }),
);
