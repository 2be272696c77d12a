import type { AppLoadContext } from "@remix-run/cloudflare";
import type { MetricsDay } from "~/lib/metrics-day";
import type { ReportReason } from "~/db/schema";
import { REPORT_REASON_CHOICES } from "~/lib/reports";
import {
  LATEST_COMMENTS,
  METRIC_STEPS,
  SPREAD_BUCKETS,
  TOP_REPORTED_PRODUCTS,
  type ReportsOfDay,
  type StepTimes,
  type StoreMetrics,
} from "~/lib/store-metrics";
import { getD1 } from "~/server/db/db.server";

/**
 * Promise metrics of one store for one day (decision 029) and its orders' ratings, computed by SQLite in ONE D1 batch (one
 * round trip): every count, median and 90th percentile is an aggregate or a window function over
 * the day's orders and their status history; JavaScript only reshapes the grouped rows.
 *
 * Parameters of every statement: ?1 the store's id, ?2 the day's first instant, ?3 the next day's.
 */

/** Each order of the day with the first time it reached each status (the history's own times). */
const DAY_ORDERS = `day_orders as (
  select o.id, o.status, o.payment_method, o.payment_status, o.total, o.created_at as placed_at,
    min(case when h.status = 'packed' then h.created_at end) as packed_at,
    min(case when h.status = 'out_for_delivery' then h.created_at end) as out_at,
    min(case when h.status = 'delivered' then h.created_at end) as delivered_at
  from orders o left join order_status_history h on h.order_id = o.id
  where o.store_id = ?1 and o.created_at >= ?2 and o.created_at < ?3
  group by o.id
)`;

/** The spread chart's bucket: a fifth of the promise, rounded, at least a minute (10 min → 2). */
const BUCKET_MINUTES = "max(1, (s.base_delivery_minutes + 2) / 5)";

const STORE_SQL = `select s.id, s.name, s.city, s.base_delivery_minutes as promise_minutes, ${BUCKET_MINUTES} as bucket_minutes
  from stores s where s.id = ?1 and ?2 < ?3`;

const SUMMARY_SQL = `with ${DAY_ORDERS}
  select count(d.id) as orders,
    coalesce(sum(d.status = 'cancelled'), 0) as cancelled,
    coalesce(sum(d.status = 'cancelled' and d.payment_method = 'ONLINE' and d.payment_status = 'FAILED'), 0) as cancelled_unpaid,
    coalesce(sum(d.status = 'delivered'), 0) as delivered,
    coalesce(sum(d.status not in ('delivered', 'cancelled')), 0) as open,
    coalesce(sum(d.status = 'delivered' and d.delivered_at - d.placed_at <= s.base_delivery_minutes * 60000), 0) as within_promise,
    coalesce(sum(case when d.status = 'delivered' then d.total end), 0) as delivered_value
  from stores s left join day_orders d on 1 = 1
  where s.id = ?1`;

/**
 * Median and 90th percentile per step by nearest rank: with the step's n durations sorted, the
 * median is the ⌈n/2⌉-th and the 90th percentile the ⌈9n/10⌉-th (integer arithmetic, no ceil()).
 */
const STEPS_SQL = `with ${DAY_ORDERS},
  durations(step, ms) as (
    select 'placed_packed', packed_at - placed_at from day_orders where packed_at is not null
    union all select 'packed_out', out_at - packed_at from day_orders where out_at is not null and packed_at is not null
    union all select 'out_delivered', delivered_at - out_at from day_orders where status = 'delivered' and delivered_at is not null and out_at is not null
    union all select 'placed_delivered', delivered_at - placed_at from day_orders where status = 'delivered' and delivered_at is not null
  ),
  ranked as (
    select step, ms, row_number() over (partition by step order by ms) as rn, count(*) over (partition by step) as n from durations
  )
  select step, n, max(case when rn = (n + 1) / 2 then ms end) as median_ms, max(case when rn = (9 * n + 9) / 10 then ms end) as p90_ms
  from ranked group by step`;

/** Order lines of the day's orders: `picked` is NULL until picked, then 0..quantity (migration 0019). */
const PICKING_SQL = `select count(i.picked) as lines_picked,
    coalesce(sum(i.picked < i.quantity), 0) as lines_short,
    count(distinct case when i.picked is not null then i.order_id end) as orders_picked,
    count(distinct case when i.picked < i.quantity then i.order_id end) as orders_short,
    coalesce(sum(i.refunded_amount), 0) as refunded
  from orders o join order_items i on i.order_id = o.id
  where o.store_id = ?1 and o.created_at >= ?2 and o.created_at < ?3`;

const HOURLY_SQL = `select (o.created_at - cast(?2 as integer)) / 3600000 as hour, count(*) as n
  from orders o where o.store_id = ?1 and o.created_at >= ?2 and o.created_at < ?3
  group by hour`;

const SPREAD_SQL = `with ${DAY_ORDERS}
  select min(max(0, (d.delivered_at - d.placed_at) / (${BUCKET_MINUTES} * 60000)), ${SPREAD_BUCKETS - 1}) as bucket, count(*) as n
  from day_orders d join stores s on s.id = ?1
  where d.status = 'delivered' and d.delivered_at is not null
  group by bucket`;

/**
 * Ratings of the day's orders: how many, the average (rounded to 2 decimals by
 * SQLite) and how many of each star, over `order_ratings` (one row per order, the shopper's latest).
 */
const RATINGS_SQL = `select count(r.order_id) as n, round(avg(r.rating), 2) as average,
    coalesce(sum(r.rating = 1), 0) as r1, coalesce(sum(r.rating = 2), 0) as r2, coalesce(sum(r.rating = 3), 0) as r3,
    coalesce(sum(r.rating = 4), 0) as r4, coalesce(sum(r.rating = 5), 0) as r5
  from orders o join order_ratings r on r.order_id = o.id
  where o.store_id = ?1 and o.created_at >= ?2 and o.created_at < ?3`;

/** The latest comments on the day's orders, newest rating first. */
const COMMENTS_SQL = `select o.order_id as order_number, r.rating, r.comment, r.updated_at
  from orders o join order_ratings r on r.order_id = o.id
  where o.store_id = ?1 and o.created_at >= ?2 and o.created_at < ?3 and r.comment is not null
  order by r.updated_at desc, r.order_id desc limit ${LATEST_COMMENTS}`;

/** Pick confirmations of the day's orders per picker (decision 042): by a code (scanned or typed) or by hand. */
const SCANS_SQL = `select c.user_id, coalesce(u.name, 'A former staff member') as name, count(*) as confirmations,
    coalesce(sum(c.method in ('scan', 'typed')), 0) as verified, coalesce(sum(c.method = 'manual'), 0) as manual
  from orders o join pick_confirmations c on c.order_id = o.id left join users u on u.id = c.user_id
  where o.store_id = ?1 and o.created_at >= ?2 and o.created_at < ?3
  group by c.user_id order by name, c.user_id`;

/**
 * Reports sent on the day about the store's deliveries (decision 050), by when the report was sent
 * (`order_reports_store_idx`): counts by status, approved at once, claimed, approved and refunded value.
 */
const REPORTS_SQL = `select count(*) as n,
    coalesce(sum(r.status = 'open'), 0) as open, coalesce(sum(r.status = 'approved'), 0) as approved,
    coalesce(sum(r.status = 'declined'), 0) as declined, coalesce(sum(r.auto_approved), 0) as auto_approved,
    coalesce(sum(r.claimed_amount), 0) as claimed,
    coalesce(sum(case when r.status = 'approved' then r.approved_amount end), 0) as approved_value,
    coalesce(sum(case when r.status = 'approved' and r.refund_status = 'refunded' then r.approved_amount end), 0) as refunded_value
  from order_reports r where r.store_id = ?1 and r.created_at >= ?2 and r.created_at < ?3`;

/** The day's reported lines per reason. */
const REPORT_REASONS_SQL = `select l.reason, count(*) as lines, sum(l.quantity) as units, sum(l.amount) as claimed
  from order_reports r join order_report_lines l on l.report_id = r.id
  where r.store_id = ?1 and r.created_at >= ?2 and r.created_at < ?3
  group by l.reason`;

/** The day's most reported products (a replacement under its own name), most report lines first. */
const REPORT_PRODUCTS_SQL = `select l.product_id,
    max(case when l.product_id = i.replaced_by_product_id then coalesce(i.replaced_by_name, i.name) else i.name end) as name,
    count(*) as lines, sum(l.quantity) as units, sum(l.amount) as claimed
  from order_reports r join order_report_lines l on l.report_id = r.id join order_items i on i.id = l.order_item_id
  where r.store_id = ?1 and r.created_at >= ?2 and r.created_at < ?3
  group by coalesce(l.product_id, i.id)
  order by lines desc, units desc, claimed desc, name limit ${TOP_REPORTED_PRODUCTS}`;

type Row = Record<string, unknown>;
const num = (value: unknown) => (typeof value === "number" ? value : 0);
const numOrNull = (value: unknown) => (typeof value === "number" ? value : null);

/** The store's metrics for `day`, or null when there is no such store. One D1 round trip. */
export async function readStoreMetrics(context: AppLoadContext, storeId: string, day: MetricsDay): Promise<StoreMetrics | null> {
  const d1 = getD1(context);
  const bind = (query: string) => d1.prepare(query).bind(storeId, day.from, day.to);
  const [storeRows, summaryRows, stepRows, pickingRows, hourlyRows, spreadRows, ratingRows, commentRows, scanRows, reportRows, reasonRows, productRows] =
    await d1.batch<Row>([
      bind(STORE_SQL),
      bind(SUMMARY_SQL),
      bind(STEPS_SQL),
      bind(PICKING_SQL),
      bind(HOURLY_SQL),
      bind(SPREAD_SQL),
      bind(RATINGS_SQL),
      bind(COMMENTS_SQL),
      bind(SCANS_SQL),
      bind(REPORTS_SQL),
      bind(REPORT_REASONS_SQL),
      bind(REPORT_PRODUCTS_SQL),
    ]);
  const store = storeRows.results[0];
  if (!store) return null;
  const summary = summaryRows.results[0] ?? {};
  const picking = pickingRows.results[0] ?? {};
  const ratings = ratingRows.results[0] ?? {};

  const stepsBy = new Map(stepRows.results.map((row) => [row.step, row]));
  const steps = METRIC_STEPS.map((step): StepTimes => {
    const row = stepsBy.get(step);
    return { step, count: num(row?.n), medianMs: numOrNull(row?.median_ms), p90Ms: numOrNull(row?.p90_ms) };
  });

  const hourly = Array.from({ length: 24 }, () => 0);
  for (const row of hourlyRows.results) hourly[num(row.hour)] = num(row.n);
  const counts = Array.from({ length: SPREAD_BUCKETS }, () => 0);
  for (const row of spreadRows.results) counts[num(row.bucket)] = num(row.n);

  return {
    store: { id: String(store.id), name: String(store.name), city: String(store.city), promiseMinutes: num(store.promise_minutes) },
    day,
    orders: num(summary.orders),
    cancelled: num(summary.cancelled),
    cancelledUnpaid: num(summary.cancelled_unpaid),
    delivered: num(summary.delivered),
    open: num(summary.open),
    deliveredWithinPromise: num(summary.within_promise),
    deliveredValue: num(summary.delivered_value),
    steps,
    picking: {
      linesPicked: num(picking.lines_picked),
      linesShort: num(picking.lines_short),
      ordersPicked: num(picking.orders_picked),
      ordersShort: num(picking.orders_short),
      refunded: num(picking.refunded),
    },
    hourly,
    spread: { bucketMinutes: num(store.bucket_minutes), counts },
    ratings: {
      count: num(ratings.n),
      average: numOrNull(ratings.average),
      byStars: [num(ratings.r1), num(ratings.r2), num(ratings.r3), num(ratings.r4), num(ratings.r5)],
      latestComments: commentRows.results.map((row) => ({
        orderNumber: String(row.order_number),
        rating: num(row.rating),
        comment: String(row.comment),
        at: num(row.updated_at),
      })),
    },
    scanRate: scanRows.results.map((row) => ({
      userId: typeof row.user_id === "string" ? row.user_id : null,
      name: String(row.name),
      confirmations: num(row.confirmations),
      verified: num(row.verified),
      manual: num(row.manual),
    })),
    reports: reportsOfDay(reportRows.results[0] ?? {}, reasonRows.results, productRows.results),
  };
}

/** The day's reports from their rows: every reason (none reported: zeros), most reported first. */
function reportsOfDay(summary: Row, reasonRows: Row[], productRows: Row[]): ReportsOfDay {
  const counts = (row: Row | undefined) => ({ lines: num(row?.lines), units: num(row?.units), claimed: num(row?.claimed) });
  const reasons = REPORT_REASON_CHOICES.map((reason: ReportReason) => ({ reason, ...counts(reasonRows.find((row) => row.reason === reason)) }));
  // A stable sort: ties keep the form's order.
  reasons.sort((a, b) => b.lines - a.lines || b.units - a.units);
  return {
    count: num(summary.n),
    open: num(summary.open),
    approved: num(summary.approved),
    declined: num(summary.declined),
    autoApproved: num(summary.auto_approved),
    claimed: num(summary.claimed),
    approvedValue: num(summary.approved_value),
    refundedValue: num(summary.refunded_value),
    reasons,
    products: productRows.map((row) => ({ productId: typeof row.product_id === "string" ? row.product_id : null, name: String(row.name), ...counts(row) })),
  };
}
