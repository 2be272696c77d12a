import { Refusal } from "~/lib/refusal";
import { reportsQuerySchema } from "~/lib/schemas/reports";
import { apiLoader } from "~/server/api/api-route.server";
import { apiSuccess } from "~/server/http/api.server";
import { listReports, reportShape, reportsScope } from "~/server/reports/queue.server";

/**
 * GET /api/store/reports?storeId=&status= (decision 050, "Deciding a report"): admins any store
 * (every store without `storeId`), a store's managers theirs; others 403. `status` open (the
 * default, oldest first, at most 100), approved or declined (newest decision first, at most 50).
 */
export const loader = apiLoader({ auth: "user" }, async ({ request, context, user }) => {
  const params = new URL(request.url).searchParams;
  const parsed = reportsQuerySchema.safeParse({ storeId: params.get("storeId") ?? undefined, status: params.get("status") ?? undefined });
  if (!parsed.success) throw new Refusal(parsed.error.issues[0].message, 400);
  const storeId = reportsScope(user, parsed.data.storeId);
  const status = parsed.data.status ?? "open";
  const reports = await listReports(context, storeId, status);
  return apiSuccess({ storeId, status, reports: reports.map(reportShape) });
});
