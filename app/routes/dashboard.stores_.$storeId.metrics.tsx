import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DeliverySpreadChart } from "~/components/metrics/DeliverySpreadChart";
import { HourlyOrdersChart } from "~/components/metrics/HourlyOrdersChart";
import { MetricsDayForm } from "~/components/metrics/MetricsDayForm";
import { MetricsSummary } from "~/components/metrics/MetricsSummary";
import { ScanRateTable } from "~/components/metrics/ScanRateTable";
import { RatingsSummary } from "~/components/metrics/RatingsSummary";
import { ReportsSummary } from "~/components/metrics/ReportsSummary";
import { StepTimesTable } from "~/components/metrics/StepTimesTable";
import { PermissionDenied } from "~/components/layout/PermissionDenied";
import { StorePageHeader } from "~/components/stores/StorePageHeader";
import { isId } from "~/lib/ids";
import { BAD_DAY_MESSAGE, parseMetricsDay } from "~/lib/metrics-day";
import type { StoreMetrics } from "~/lib/store-metrics";
import { notFound } from "~/server/http/not-found.server";
import { requireStorePage } from "~/server/identity/store-access.server";
import { readStoreMetrics } from "~/server/stores/store-metrics.server";
import { HandoverForm, TillTable } from "~/components/operations/TillTable";
import { tillSection } from "~/server/operations/till.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.metrics ? `Metrics: ${data.metrics.store.name}, ${data.metrics.day.day} | FreshDash` : "Store metrics | FreshDash" },
];

/**
 * Promise metrics of a store for a day (decision 029): admins and that store's staff (decision 027);
 * others get the permission message and no data (403), guests the login page. `?date=YYYY-MM-DD` (IST,
 * default today); a malformed or impossible date is 400 with the form and its message. One D1 round
 * trip of its own (the metrics batch) after the session read.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const storeId = isId(params.storeId) ? params.storeId : "";
  const { user, allowed } = await requireStorePage(request, context, storeId);
  if (!storeId) throw notFound();
  const none = {
    metrics: null as StoreMetrics | null,
    error: null as string | null,
    date: "",
    isAdmin: user.role === "ADMIN",
    till: null as Awaited<ReturnType<typeof tillSection>>,
  };
  if (!allowed) return data({ allowed: false as const, ...none }, { status: 403 });
  const raw = new URL(request.url).searchParams.get("date");
  const day = parseMetricsDay(raw, Date.now());
  if (!day) return data({ allowed: true as const, ...none, error: BAD_DAY_MESSAGE, date: (raw ?? "").slice(0, 40) }, { status: 400 });
  // The till (decision 048) only for the store's managers and admins.
  const [metrics, till] = await Promise.all([readStoreMetrics(context, storeId, day), tillSection(context, user, storeId, day)]);
  if (!metrics) throw notFound();
  return data({ allowed: true as const, ...none, metrics, date: day.day, till });
}

export default function StoreMetricsPage() {
  const { allowed, metrics, error, date, isAdmin, till } = useLoaderData<typeof loader>();
  if (!allowed) return <PermissionDenied />;
  const m = metrics;
  return (
    <section aria-labelledby="metrics-title" className="grid gap-4">
      <StorePageHeader id="metrics-title" title={m ? `Promise metrics: ${m.store.name}, ${m.store.city}` : "Promise metrics"} backToStores={isAdmin} />
      <MetricsDayForm day={date} error={error} csvHref={m ? `/dashboard/stores/${m.store.id}/metrics.csv?date=${m.day.day}` : null} />
      {m ? (
        <>
          <p className="text-sm text-neutral-700">
            Orders placed on {m.day.day} (midnight to midnight, India time). The promise is {m.store.promiseMinutes} minutes from placing.
          </p>
          {m.orders === 0 ? (
            <p data-empty className="rounded-lg bg-white py-10 text-center text-neutral-700 shadow-sm ring-1 ring-neutral-200">
              No orders were placed at this store on {m.day.day}.
            </p>
          ) : (
            <>
              <MetricsSummary metrics={m} />
              <StepTimesTable steps={m.steps} />
              <RatingsSummary ratings={m.ratings} />
              <HourlyOrdersChart hourly={m.hourly} />
              <DeliverySpreadChart counts={m.spread.counts} bucketMinutes={m.spread.bucketMinutes} promiseMinutes={m.store.promiseMinutes} />
              <ScanRateTable pickers={m.scanRate} />
            </>
          )}
          {/* Reports are counted by the day they were sent, so a day without orders can have some. */}
          <ReportsSummary reports={m.reports} />
          {till ? (
            <>
              <TillTable till={till.till} />
              <HandoverForm
                action={`/dashboard/stores/${m.store.id}/till`}
                riders={till.riders}
                formKey={till.formKey}
                back={`/dashboard/stores/${m.store.id}/metrics?date=${m.day.day}`}
              />
            </>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
