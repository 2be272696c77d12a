/**
 * The support queue of reports (docs/decisions/050-after-the-order.md, "Deciding a report"): open
 * reports oldest first with their items, comment, photo and the shopper's history, and the decided
 * ones newest first. Admins see every store (or one), a store's managers only theirs. And the rules
 * that approve a report at once, which admins set.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ReportReason, ReportStatus } from "~/db/schema";
import { paiseToRupees } from "~/lib/money";
import { Refusal } from "~/lib/refusal";
import type { ReportRulesInput } from "~/lib/schemas/reports";
import { getD1 } from "~/server/db/db.server";
import type { SessionUser } from "~/server/identity/auth.server";
import { managesStore } from "~/server/identity/store-access.server";
import { RULES_WINDOW_MS } from "./decide.server";

/** At most this many open reports are listed (oldest first: the next ones once these are decided). */
const OPEN_LISTED = 100;
/** The decided reports listed below the open ones. */
const DECIDED_LISTED = 50;

export interface QueueLine {
  name: string;
  quantity: number;
  reason: ReportReason;
  amount: number;
  approvedQuantity: number | null;
  approvedAmount: number | null;
}

interface ShopperHistory {
  deliveredOrders: number;
  deliveredValue: number;
  approved30Days: number;
  approved30DaysValue: number;
  approvedEver: number;
  approvedEverValue: number;
}

export interface QueueReport {
  id: string;
  orderId: string;
  orderNumber: string;
  storeId: string;
  storeName: string;
  shopperName: string;
  shopperEmail: string;
  status: ReportStatus;
  comment: string | null;
  hasPhoto: boolean;
  claimedAmount: number;
  approvedAmount: number | null;
  autoApproved: boolean;
  refundTo: string;
  refundStatus: string;
  decidedByName: string | null;
  decisionReason: string | null;
  decidedAt: number | null;
  createdAt: number;
  lines: QueueLine[];
  history: ShopperHistory;
}

/** Which reports: the open ones, the decided ones, or those of one outcome. */
export type QueueStatus = ReportStatus | "decided";

/**
 * The store whose reports `user` may read: admins any (null: every store), a store's manager theirs
 * (naming another is refused); everyone else is refused.
 */
export function reportsScope(user: SessionUser, storeId: string | undefined): string | null {
  if (user.role === "ADMIN") return storeId ?? null;
  if (!user.staffStoreId || !managesStore(user, user.staffStoreId)) throw new Refusal("Only a store's manager or an admin can see reports", 403);
  if (storeId && storeId !== user.staffStoreId) throw new Refusal("Do not have permission: you do not manage this store", 403);
  return user.staffStoreId;
}

type Row = Record<string, unknown>;
const num = (v: unknown) => (typeof v === "number" ? v : 0);
const str = (v: unknown) => (typeof v === "string" ? v : "");
const strOrNull = (v: unknown) => (typeof v === "string" ? v : null);

/** ?1 store or null, ?2 status or 'decided', ?3 limit. */
const REPORTS_SQL = `select r.id, r.order_id, o.order_id as order_number, r.store_id, s.name as store_name, u.name as shopper_name,
    u.email as shopper_email, r.user_id, r.status, r.comment, r.photo_key is not null as has_photo, r.claimed_amount,
    r.approved_amount, r.auto_approved, r.refund_to, r.refund_status, d.name as decided_by_name, r.decision_reason,
    r.decided_at, r.created_at
  from order_reports r join orders o on o.id = r.order_id join stores s on s.id = r.store_id
  join users u on u.id = r.user_id left join users d on d.id = r.decided_by
  where (?1 is null or r.store_id = ?1) and (case when ?2 = 'decided' then r.status <> 'open' else r.status = ?2 end)
  order by case when ?2 = 'open' then r.created_at end asc, r.decided_at desc, r.created_at desc, r.id
  limit ?3`;

/** ?1 JSON array of report ids. */
const LINES_SQL = `select l.report_id, i.name, l.quantity, l.reason, l.amount, l.approved_quantity, l.approved_amount
  from order_report_lines l join order_items i on i.id = l.order_item_id
  where l.report_id in (select value from json_each(?1)) order by l.report_id, l.rowid`;

/** ?1 JSON array of shopper ids, ?2 the 30 days' first instant. */
const HISTORY_SQL = `select u.value as user_id,
    (select count(*) from orders o where o.user_id = u.value and o.status = 'delivered') as delivered_orders,
    (select coalesce(sum(o.total), 0) from orders o where o.user_id = u.value and o.status = 'delivered') as delivered_value,
    (select count(*) from order_reports p where p.user_id = u.value and p.status = 'approved' and p.created_at >= ?2) as approved_30,
    (select coalesce(sum(p.approved_amount), 0) from order_reports p where p.user_id = u.value and p.status = 'approved' and p.created_at >= ?2) as approved_30_value,
    (select count(*) from order_reports p where p.user_id = u.value and p.status = 'approved') as approved_ever,
    (select coalesce(sum(p.approved_amount), 0) from order_reports p where p.user_id = u.value and p.status = 'approved') as approved_ever_value
  from json_each(?1) u`;

/** Reports of `storeId` (null: every store) with their lines and shoppers' histories, in 3 reads. */
export async function listReports(context: AppLoadContext, storeId: string | null, status: QueueStatus, now = Date.now()): Promise<QueueReport[]> {
  const d1 = getD1(context);
  const limit = status === "open" ? OPEN_LISTED : DECIDED_LISTED;
  const { results } = await d1.prepare(REPORTS_SQL).bind(storeId, status, limit).all<Row>();
  if (!results.length) return [];
  const ids = JSON.stringify(results.map((r) => r.id));
  const shoppers = JSON.stringify([...new Set(results.map((r) => r.user_id))]);
  const [lines, histories] = await d1.batch<Row>([d1.prepare(LINES_SQL).bind(ids), d1.prepare(HISTORY_SQL).bind(shoppers, now - RULES_WINDOW_MS)]);
  const linesOf = new Map<string, QueueLine[]>();
  for (const l of lines.results) {
    const list = linesOf.get(str(l.report_id)) ?? [];
    list.push({
      name: str(l.name),
      quantity: num(l.quantity),
      reason: str(l.reason) as ReportReason,
      amount: num(l.amount),
      approvedQuantity: (l.approved_quantity as number | null) ?? null,
      approvedAmount: (l.approved_amount as number | null) ?? null,
    });
    linesOf.set(str(l.report_id), list);
  }
  const historyOf = new Map<string, ShopperHistory>(
    histories.results.map((h) => [
      str(h.user_id),
      {
        deliveredOrders: num(h.delivered_orders),
        deliveredValue: num(h.delivered_value),
        approved30Days: num(h.approved_30),
        approved30DaysValue: num(h.approved_30_value),
        approvedEver: num(h.approved_ever),
        approvedEverValue: num(h.approved_ever_value),
      },
    ]),
  );
  const none: ShopperHistory = { deliveredOrders: 0, deliveredValue: 0, approved30Days: 0, approved30DaysValue: 0, approvedEver: 0, approvedEverValue: 0 };
  return results.map((r) => ({
    id: str(r.id),
    orderId: str(r.order_id),
    orderNumber: str(r.order_number),
    storeId: str(r.store_id),
    storeName: str(r.store_name),
    shopperName: str(r.shopper_name),
    shopperEmail: str(r.shopper_email),
    status: str(r.status) as ReportStatus,
    comment: strOrNull(r.comment),
    hasPhoto: Boolean(r.has_photo),
    claimedAmount: num(r.claimed_amount),
    approvedAmount: (r.approved_amount as number | null) ?? null,
    autoApproved: Boolean(r.auto_approved),
    refundTo: str(r.refund_to),
    refundStatus: str(r.refund_status),
    decidedByName: strOrNull(r.decided_by_name),
    decisionReason: strOrNull(r.decision_reason),
    decidedAt: (r.decided_at as number | null) ?? null,
    createdAt: num(r.created_at),
    lines: linesOf.get(str(r.id)) ?? [],
    history: historyOf.get(str(r.user_id)) ?? none,
  }));
}

/** The rules as the form and `/api` show them (paise; the form shows rupees). */
export interface ReportRules {
  autoMaxAmount: number;
  autoMaxPriorApproved: number;
  autoMaxSharePercent: number;
  updatedByName: string | null;
  updatedAt: number;
}

export async function readReportRules(context: AppLoadContext): Promise<ReportRules> {
  const row = await getD1(context)
    .prepare(
      `select r.auto_max_amount, r.auto_max_prior_approved, r.auto_max_share_percent, u.name as updated_by_name, r.updated_at
       from report_rules r left join users u on u.id = r.updated_by where r.id = 1`,
    )
    .first<Row>();
  return {
    autoMaxAmount: num(row?.auto_max_amount),
    autoMaxPriorApproved: num(row?.auto_max_prior_approved),
    autoMaxSharePercent: num(row?.auto_max_share_percent),
    updatedByName: strOrNull(row?.updated_by_name),
    updatedAt: num(row?.updated_at),
  };
}

/** Admins only (403 otherwise): replaces the rules; reports decided from now on follow them. */
export async function saveReportRules(context: AppLoadContext, user: SessionUser, input: ReportRulesInput): Promise<ReportRules> {
  if (user.role !== "ADMIN") throw new Refusal("Only an admin can change the rules that approve reports", 403);
  await getD1(context)
    .prepare(
      `update report_rules set auto_max_amount = ?1, auto_max_prior_approved = ?2, auto_max_share_percent = ?3, updated_by = ?4, updated_at = ?5
       where id = 1`,
    )
    .bind(input.autoMaxAmount, input.autoMaxPriorApproved, input.autoMaxSharePercent, user.id, Date.now())
    .run();
  return readReportRules(context);
}

/** The stores an admin can filter by. */
export async function reportStores(context: AppLoadContext): Promise<{ id: string; name: string }[]> {
  const { results } = await getD1(context).prepare("select id, name from stores order by name, id limit 200").all<{ id: string; name: string }>();
  return results;
}

const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A report as `/api` shows it: rupees, ISO times. */
export function reportShape(r: QueueReport) {
  return {
    _id: r.id,
    orderId: r.orderId,
    orderNumber: r.orderNumber,
    storeId: r.storeId,
    storeName: r.storeName,
    shopper: { name: r.shopperName, email: r.shopperEmail },
    status: r.status,
    comment: r.comment,
    photoUrl: r.hasPhoto ? `/report-photo/${r.id}` : null,
    claimedAmount: paiseToRupees(r.claimedAmount),
    approvedAmount: r.approvedAmount === null ? null : paiseToRupees(r.approvedAmount),
    autoApproved: r.autoApproved,
    refundTo: r.refundTo,
    refundStatus: r.refundStatus,
    decidedBy: r.autoApproved ? "rules" : r.decidedByName,
    decisionReason: r.decisionReason,
    decidedAt: isoOrNull(r.decidedAt),
    createdAt: new Date(r.createdAt).toISOString(),
    lines: r.lines.map((l) => ({
      name: l.name,
      quantity: l.quantity,
      reason: l.reason,
      amount: paiseToRupees(l.amount),
      approvedQuantity: l.approvedQuantity,
      approvedAmount: l.approvedAmount === null ? null : paiseToRupees(l.approvedAmount),
    })),
    history: {
      deliveredOrders: r.history.deliveredOrders,
      deliveredValue: paiseToRupees(r.history.deliveredValue),
      approvedLast30Days: r.history.approved30Days,
      approvedLast30DaysValue: paiseToRupees(r.history.approved30DaysValue),
      approvedEver: r.history.approvedEver,
      approvedEverValue: paiseToRupees(r.history.approvedEverValue),
    },
  };
}

/** The rules as `/api` shows them (rupees). */
export function rulesShape(r: ReportRules) {
  return {
    autoMaxAmount: paiseToRupees(r.autoMaxAmount),
    autoMaxPriorApproved: r.autoMaxPriorApproved,
    autoMaxSharePercent: r.autoMaxSharePercent,
    updatedBy: r.updatedByName,
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}
