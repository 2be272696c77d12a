import { formatMinutes, type MetricsDay } from "~/lib/metrics-day";
import { paiseToRupees } from "~/lib/money";
import type { ReportReason } from "~/db/schema";
import { REPORT_REASON_CHOICES, REPORT_REASON_LABELS } from "~/lib/reports";

/** What the promise metrics page shows for a store and a day (decision 029); computed in SQL by app/server/stores/store-metrics.server.ts. */

/** The steps timed, in the page's order. */
export const METRIC_STEPS = ["placed_packed", "packed_out", "out_delivered", "placed_delivered"] as const;
export type MetricStep = (typeof METRIC_STEPS)[number];

export const STEP_LABELS: Record<MetricStep, string> = {
  placed_packed: "Placed → packed",
  packed_out: "Packed → out for delivery",
  out_delivered: "Out for delivery → delivered",
  placed_delivered: "Placed → delivered (end to end)",
};

/** Buckets of the minutes-to-deliver chart: SPREAD_BUCKETS - 1 of `bucketMinutes` each, then one open-ended. */
export const SPREAD_BUCKETS = 16;

export interface StepTimes {
  step: MetricStep;
  /** Orders that made this step on the day. */
  count: number;
  medianMs: number | null;
  p90Ms: number | null;
}

export interface StoreMetrics {
  store: { id: string; name: string; city: string; promiseMinutes: number };
  day: MetricsDay;
  orders: number;
  cancelled: number;
  /** Of `cancelled`: online checkouts never paid (given up or expired), no stock or money moved. */
  cancelledUnpaid: number;
  delivered: number;
  /** Neither delivered nor cancelled yet. */
  open: number;
  /** Delivered within `store.promiseMinutes` of being placed. */
  deliveredWithinPromise: number;
  /** Sum of the delivered orders' totals, paise. */
  deliveredValue: number;
  steps: StepTimes[];
  /** Picking (order lines with `picked` set): lines and orders picked, those short (picked < quantity), money refunded for lines (paise). */
  picking: { linesPicked: number; linesShort: number; ordersPicked: number; ordersShort: number; refunded: number };
  /** Orders placed in each hour of the day (IST), index 0 = 00:00–01:00. */
  hourly: number[];
  /** Delivered orders by minutes from placed to delivered. */
  spread: { bucketMinutes: number; counts: number[] };
  /** The shoppers' ratings of the day's orders. */
  ratings: RatingsSummary;
  /** Pick confirmations of the day's orders per picker (decision 042): scanned or typed codes vs by hand. */
  scanRate: PickerScanRate[];
  /** Reports of missing or damaged items sent on the day (decision 050), whatever day their order was placed. */
  reports: ReportsOfDay;
}

/** How many of the day's most reported products the page and the CSV show. */
export const TOP_REPORTED_PRODUCTS = 5;

/** The reported lines of one reason or one product: lines, units and their claimed value (paise). */
interface ReportedCounts {
  lines: number;
  units: number;
  claimed: number;
}

/** A day without reports. */
export const NO_REPORTS: ReportsOfDay = {
  count: 0,
  open: 0,
  approved: 0,
  declined: 0,
  autoApproved: 0,
  claimed: 0,
  approvedValue: 0,
  refundedValue: 0,
  reasons: [],
  products: [],
};

/** The reports shoppers sent on a day about a store's deliveries (decision 050); money in paise. */
export interface ReportsOfDay {
  count: number;
  open: number;
  approved: number;
  declined: number;
  /** Approved at once by the rules (not by a person). */
  autoApproved: number;
  claimed: number;
  /** Of the approved reports: what was approved (full or part). */
  approvedValue: number;
  /** Of that: what has reached the shopper (refund status "refunded"). */
  refundedValue: number;
  /** Every reason, most reported first (ties in the form's order). */
  reasons: ({ reason: ReportReason } & ReportedCounts)[];
  /** The most reported products, at most TOP_REPORTED_PRODUCTS, most lines first. */
  products: ({ productId: string | null; name: string } & ReportedCounts)[];
}

/** One picker's confirmations of pick lines: `verified` by a scanned or typed code, `manual` by hand. */
export interface PickerScanRate {
  userId: string | null;
  name: string;
  confirmations: number;
  verified: number;
  manual: number;
}

/** How many of the day's latest rating comments the page and the CSV show. */
export const LATEST_COMMENTS = 5;

export interface RatingsSummary {
  /** Orders of the day the shopper rated. */
  count: number;
  /** Average stars, 2 decimals (SQL), null when none. */
  average: number | null;
  /** How many rated 1, 2, 3, 4 and 5 (index 0 = 1 star). */
  byStars: [number, number, number, number, number];
  /** The latest comments, newest first, at most LATEST_COMMENTS. */
  latestComments: { orderNumber: string; rating: number; comment: string; at: number }[];
}

/** "00:00–01:00" for hour 0. */
export function hourLabel(hour: number): string {
  const pad = (h: number) => String(h).padStart(2, "0");
  return `${pad(hour)}:00–${pad(hour + 1)}:00`;
}

/** "4–6 min" for bucket 2 of 2 minutes; the last bucket is open-ended ("30+ min"). */
export function spreadLabel(bucket: number, bucketMinutes: number): string {
  const from = bucket * bucketMinutes;
  return bucket === SPREAD_BUCKETS - 1 ? `${from}+ min` : `${from}–${from + bucketMinutes} min`;
}

/** The same steps in plain ASCII, for the CSV (opened in spreadsheets that guess the encoding). */
const STEP_CSV: Record<MetricStep, string> = {
  placed_packed: "placed to packed",
  packed_out: "packed to out for delivery",
  out_delivered: "out for delivery to delivered",
  placed_delivered: "placed to delivered",
};

/** One CSV value: quoted when it holds a comma, quote or line break; text a spreadsheet would run as a formula gets a leading `'`. */
function csvValue(value: string | number): string {
  let text = String(value);
  // A plain negative amount ("-5.00", a till's difference) is a number, not a formula.
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text) && !/^-[0-9]+(\.[0-9]+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A share as a plain percentage with one decimal ("66.7"), or empty when there is nothing to share. */
export function sharePercent(part: number, whole: number): string {
  return whole === 0 ? "" : (Math.round((part / whole) * 1000) / 10).toFixed(1);
}

/**
 * The day's figures as CSV (`metric,value`, CRLF line ends per RFC 4180): the same numbers as the
 * page, minutes with one decimal, money in rupees, shares in percent.
 */
export function metricsCsv(m: StoreMetrics, extra: readonly [string, string | number][] = []): string {
  const minutes = (ms: number | null) => (ms === null ? "" : formatMinutes(ms));
  const rows: [string, string | number][] = [
    ["store", m.store.name],
    ["city", m.store.city],
    ["date", m.day.day],
    ["time zone", "IST (UTC+05:30), days cut at midnight"],
    ["promised minutes", m.store.promiseMinutes],
    ["orders", m.orders],
    ["cancelled", m.cancelled],
    ["cancelled unpaid online checkouts", m.cancelledUnpaid],
    ["open", m.open],
    ["delivered", m.delivered],
    ["delivered within promise", m.deliveredWithinPromise],
    ["delivered within promise (%)", sharePercent(m.deliveredWithinPromise, m.delivered)],
    ["delivered value (INR)", paiseToRupees(m.deliveredValue).toFixed(2)],
    ["order lines picked", m.picking.linesPicked],
    ["order lines picked short", m.picking.linesShort],
    ["short-pick rate of lines (%)", sharePercent(m.picking.linesShort, m.picking.linesPicked)],
    ["orders picked", m.picking.ordersPicked],
    ["orders with a short pick", m.picking.ordersShort],
    ["refunded for short picks (INR)", paiseToRupees(m.picking.refunded).toFixed(2)],
  ];
  for (const s of m.steps) {
    rows.push(
      [`${STEP_CSV[s.step]}: orders`, s.count],
      [`${STEP_CSV[s.step]}: median minutes`, minutes(s.medianMs)],
      [`${STEP_CSV[s.step]}: p90 minutes`, minutes(s.p90Ms)],
    );
  }
  rows.push(["ratings", m.ratings.count], ["average rating (1-5)", m.ratings.average === null ? "" : m.ratings.average.toFixed(2)]);
  m.ratings.byStars.forEach((n, i) => rows.push([`rated ${i + 1} of 5`, n]));
  m.ratings.latestComments.forEach((c, i) => rows.push([`latest comment ${i + 1} (order ${c.orderNumber}; rated ${c.rating})`, c.comment]));
  m.hourly.forEach((n, hour) => rows.push([`orders placed ${hourLabel(hour).replace("–", "-")}`, n]));
  m.spread.counts.forEach((n, bucket) => rows.push([`delivered in ${spreadLabel(bucket, m.spread.bucketMinutes).replace("–", "-")}`, n]));
  for (const p of m.scanRate) {
    rows.push(
      [`picker ${p.name}: lines confirmed`, p.confirmations],
      [`picker ${p.name}: scanned or typed`, p.verified],
      [`picker ${p.name}: by hand`, p.manual],
      [`picker ${p.name}: scan rate (%)`, sharePercent(p.verified, p.confirmations)],
    );
  }
  rows.push(...reportCsvRows(m.reports));
  rows.push(...extra);
  return ["metric,value", ...rows.map(([k, v]) => `${csvValue(k)},${csvValue(v)}`)].join("\r\n") + "\r\n";
}

/** The CSV rows of the day's reports: the counts, then every reason (the form's order), then the most reported products. */
function reportCsvRows(r: ReportsOfDay): [string, string | number][] {
  const inr = (paise: number) => paiseToRupees(paise).toFixed(2);
  const rows: [string, string | number][] = [
    ["reports", r.count],
    ["reports open", r.open],
    ["reports approved", r.approved],
    ["reports declined", r.declined],
    ["reports auto-approved", r.autoApproved],
    ["reports auto-approved (%)", sharePercent(r.autoApproved, r.count)],
    ["reports claimed value (INR)", inr(r.claimed)],
    ["reports approved value (INR)", inr(r.approvedValue)],
    ["reports refunded value (INR)", inr(r.refundedValue)],
  ];
  for (const reason of REPORT_REASON_CHOICES) {
    const counts = r.reasons.find((x) => x.reason === reason) ?? { lines: 0, units: 0, claimed: 0 };
    const label = REPORT_REASON_LABELS[reason].toLowerCase();
    rows.push([`reported ${label}: items`, counts.lines], [`reported ${label}: units`, counts.units], [`reported ${label}: value (INR)`, inr(counts.claimed)]);
  }
  r.products.forEach((p, i) => {
    rows.push(
      [`most reported product ${i + 1}`, p.name],
      [`most reported product ${i + 1}: reports`, p.lines],
      [`most reported product ${i + 1}: units`, p.units],
      [`most reported product ${i + 1}: value (INR)`, inr(p.claimed)],
    );
  });
  return rows;
}
