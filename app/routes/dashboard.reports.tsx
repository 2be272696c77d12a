import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { PermissionDenied } from "~/components/layout/PermissionDenied";
import { SupportReportCard, type ReportFormAnswer } from "~/components/reports/SupportReportCard";
import { DecidedReports } from "~/components/reports/DecidedReports";
import { ReportRulesForm } from "~/components/reports/ReportRulesForm";
import { StorePageHeader } from "~/components/stores/StorePageHeader";
import { isId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import { decideReportSchema, reportRulesSchema } from "~/lib/schemas/reports";
import { readFormData } from "~/server/http/form-data.server";
import { attempt, pageAction, refused } from "~/server/http/page-actions.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { requireUser } from "~/server/identity/auth.server";
import { publicOriginOf } from "~/server/platform/env.server";
import { decideBySupport } from "~/server/reports/decide.server";
import { listReports, readReportRules, reportsScope, reportStores, saveReportRules } from "~/server/reports/queue.server";
import { formatINR } from "~/lib/money";
import type * as z from "zod";

export const meta: MetaFunction = () => [{ title: "Reports | FreshDash" }];

/**
 * The support queue of reports (decision 050, "Deciding a report"): admins every store, with a
 * store filter (`?storeId=`), and the rules form; a store's managers their store. Everyone else gets
 * the permission message (403).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const asked = new URL(request.url).searchParams.get("storeId") || undefined;
  let storeId: string | null;
  try {
    storeId = reportsScope(user, asked && isId(asked) ? asked : undefined);
  } catch {
    return data({ allowed: false as const }, { status: 403 });
  }
  const isAdmin = user.role === "ADMIN";
  const [open, decided, rules, stores] = await Promise.all([
    listReports(context, storeId, "open"),
    listReports(context, storeId, "decided"),
    isAdmin ? readReportRules(context) : null,
    isAdmin ? reportStores(context) : null,
  ]);
  return data({ allowed: true as const, storeId, open, decided, rules, stores });
}

/** The first message per field of a form that did not parse, as a Refusal (400). */
function parsed<S extends z.ZodType>(schema: S, values: unknown): z.output<S> {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? "_");
    (fields[name] ??= []).push(issue.message);
  }
  throw new Refusal(result.error.issues[0].message, 400, { fields });
}

/** Where a decision goes back to: this page, with the admin's store filter kept. */
function backTo(storeId: FormDataEntryValue | null): string {
  return typeof storeId === "string" && isId(storeId) ? `/dashboard/reports?storeId=${storeId}` : "/dashboard/reports";
}

/**
 * `intent=decide` (reportId, decision, amount?, reason?) and, for admins, `intent=rules`. Done: 303
 * back with a toast; refused: the page again with the reason on the report's (or the rules') form.
 */
export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const user = await requireUser(request, context);
  const form = await readFormData(request);
  const intent = form.get("intent") === "rules" ? "rules" : "decide";
  const values = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const step = await attempt(async () => {
    if (intent === "rules") {
      const rules = await saveReportRules(context, user, parsed(reportRulesSchema, values));
      return `Rules saved: claims up to ${formatINR(rules.autoMaxAmount)} are approved at once`;
    }
    const decided = await decideBySupport(context, user, parsed(decideReportSchema, values), {
      localOrigin: publicOriginOf(context.cloudflare.env, request),
    });
    if (decided.status === "declined") return `Report on order ${decided.orderNumber} declined`;
    return `Approved ${formatINR(decided.approvedAmount ?? 0)} of ${formatINR(decided.claimedAmount)} on order ${decided.orderNumber}`;
  });
  if (!step.ok) return refused(step.error, { extra: { intent, reportId: values.reportId ?? null, values } });
  return redirectWithToast(context, backTo(form.get("storeId")), { type: "success", text: step.value });
});

export default function SupportReports() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<ReportFormAnswer>();
  if (!page.allowed) return <PermissionDenied />;
  const { open, decided, rules, stores, storeId } = page;
  return (
    <section aria-labelledby="reports-title" className="grid gap-4">
      <StorePageHeader id="reports-title" title="Reports" backToStores={false} />
      {stores ? (
        <Form method="get" className="flex flex-wrap items-end gap-2 text-sm">
          <label className="grid gap-1">
            <span>Store</span>
            <select name="storeId" defaultValue={storeId ?? ""} className="h-10 rounded border border-neutral-300 px-2">
              <option value="">All stores</option>
              {stores.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="h-10 rounded border border-neutral-300 px-3 hover:bg-neutral-100">
            Show
          </button>
        </Form>
      ) : null}
      <section aria-labelledby="open-reports" className="grid gap-3">
        <h2 id="open-reports" className="font-semibold">
          Open reports ({open.length})
        </h2>
        {open.length ? (
          open.map((report) => (
            <SupportReportCard
              key={report.id}
              report={report}
              storeId={storeId}
              answer={actionData?.intent === "decide" && actionData.reportId === report.id ? actionData : null}
            />
          ))
        ) : (
          <p className="text-sm text-neutral-600">No open reports. Reports the rules approve at once never wait here.</p>
        )}
      </section>
      <DecidedReports reports={decided} />
      {rules ? <ReportRulesForm rules={rules} answer={actionData?.intent === "rules" ? actionData : null} /> : null}
    </section>
  );
}
