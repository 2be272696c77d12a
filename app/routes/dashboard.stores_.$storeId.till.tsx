import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PermissionDenied } from "~/components/layout/PermissionDenied";
import { HandoverForm, TillTable } from "~/components/operations/TillTable";
import { StorePageHeader } from "~/components/stores/StorePageHeader";
import { answerMessage, type ActionAnswer } from "~/lib/action-answer";
import { isId } from "~/lib/ids";
import { BAD_DAY_MESSAGE, parseMetricsDay } from "~/lib/metrics-day";
import { formatINR } from "~/lib/money";
import { Refusal } from "~/lib/refusal";
import { cashHandoverSchema } from "~/lib/schemas/till";
import { readFormData } from "~/server/http/form-data.server";
import { notFound } from "~/server/http/not-found.server";
import { attempt, pageAction, refused } from "~/server/http/page-actions.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { requireUser } from "~/server/identity/auth.server";
import { managesStore, requireStorePage } from "~/server/identity/store-access.server";
import { recordHandover, tillSection } from "~/server/operations/till.server";

export const meta: MetaFunction = () => [{ title: "Till | FreshDash" }];

/**
 * The store's till for a day (decision 048), `?date=YYYY-MM-DD` as the metrics page: managers of
 * the store and admins; other staff and shoppers get the permission message (403).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  if (!isId(params.storeId)) notFound();
  const storeId = params.storeId;
  const { user } = await requireStorePage(request, context, storeId);
  if (!managesStore(user, storeId)) return data({ allowed: false as const, storeId, section: null, error: null }, { status: 403 });
  const day = parseMetricsDay(new URL(request.url).searchParams.get("date"), Date.now());
  if (!day) return data({ allowed: true as const, storeId, section: null, error: BAD_DAY_MESSAGE }, { status: 400 });
  return data({ allowed: true as const, storeId, section: await tillSection(context, user, storeId, day), error: null });
}

/** Where a recorded handover goes back to: a page of this store (the metrics or the till), else the till. */
function backTo(storeId: string, back: FormDataEntryValue | null): string {
  const prefix = `/dashboard/stores/${storeId}/`;
  return typeof back === "string" && back.startsWith(prefix) && !back.includes("//", 1) && !back.includes("\\") ? back : `${prefix}till`;
}

/** Records a handover (the form's hidden `key` makes a double-submit record once): 303 back, or the form with its reason. */
export const action = pageAction(async ({ request, context, params }: ActionFunctionArgs) => {
  if (!isId(params.storeId)) notFound();
  const storeId = params.storeId;
  const user = await requireUser(request, context);
  if (!managesStore(user, storeId)) throw new Refusal("Only the store's manager or an admin can record cash handed over", 403);
  const form = await readFormData(request);
  const values = { riderId: String(form.get("riderId") ?? ""), amount: String(form.get("amount") ?? ""), note: String(form.get("note") ?? "") };
  const step = await attempt(async () => {
    const parsed = cashHandoverSchema.safeParse({ storeId, ...values, key: form.get("key") ?? undefined });
    if (!parsed.success) throw new Refusal(parsed.error.issues[0].message, 400);
    if (!parsed.data.key) throw new Refusal("This form is out of date: open the page again", 400);
    return recordHandover(context, user, { ...parsed.data, key: parsed.data.key });
  });
  if (!step.ok) return refused(step.error, { extra: { values } });
  const text = step.value.replayed ? "This handover was already recorded" : `Recorded ${formatINR(step.value.amount)} handed over`;
  return redirectWithToast(context, backTo(storeId, form.get("back")), { type: "success", text });
});

export default function StoreTill() {
  const { allowed, storeId, section, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionAnswer<{ values?: { riderId?: string; amount?: string; note?: string } }>>();
  if (!allowed) return <PermissionDenied />;
  const here = `/dashboard/stores/${storeId}/till`;
  return (
    <section aria-labelledby="till-page-title" className="grid gap-4">
      <StorePageHeader id="till-page-title" title="Till" backToStores={false} />
      {error ? <p role="alert">{error}</p> : null}
      {section ? (
        <>
          <TillTable till={section.till} />
          <HandoverForm
            action={here}
            riders={section.riders}
            formKey={section.formKey}
            back={`${here}?date=${section.till.day}`}
            error={answerMessage(actionData)}
            values={actionData?.values}
          />
          <Link to={`/dashboard/stores/${storeId}/metrics?date=${section.till.day}`} className="text-sm text-brand underline">
            The day's metrics
          </Link>
        </>
      ) : null}
    </section>
  );
}
