import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isId } from "~/lib/ids";
import { BAD_DAY_MESSAGE, parseMetricsDay } from "~/lib/metrics-day";
import { slugify } from "~/lib/slugs";
import { metricsCsv } from "~/lib/store-metrics";
import { notFound } from "~/server/http/not-found.server";
import { managesStore, requireStorePage } from "~/server/identity/store-access.server";
import { readStoreMetrics } from "~/server/stores/store-metrics.server";
import { tillCsvRows } from "~/lib/till";
import { readTill } from "~/server/operations/till.server";

const text = (body: string, status: number) => new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * The day's promise metrics of a store as a CSV download (decision 029): the same figures as the
 * page, `?date=YYYY-MM-DD` (IST, default today), for admins and the store's staff. Guests are sent
 * to sign in, anyone else gets 403, a bad date 400 with its message, an unknown store 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const storeId = isId(params.storeId) ? params.storeId : "";
  const { user, allowed } = await requireStorePage(request, context, storeId);
  if (!storeId) throw notFound();
  if (!allowed) return text("Do not have permission", 403);
  const day = parseMetricsDay(new URL(request.url).searchParams.get("date"), Date.now());
  if (!day) return text(BAD_DAY_MESSAGE, 400);
  // The till's rows (decision 048) only for the store's managers and admins.
  const [metrics, till] = await Promise.all([
    readStoreMetrics(context, storeId, day),
    managesStore(user, storeId) ? readTill(context, storeId, day) : Promise.resolve(null),
  ]);
  if (!metrics) throw notFound();
  const filename = `metrics-${slugify(metrics.store.name).toLowerCase() || "store"}-${day.day}.csv`;
  return new Response(metricsCsv(metrics, till ? tillCsvRows(till) : []), {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${filename}"` },
  });
}
