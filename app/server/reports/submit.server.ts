/**
 * A shopper reports a missing or damaged item of a delivered order (decision 050). The order is
 * read once to name its lines and value them; every rule that can change is then decided by the
 * ONE D1 batch that writes the report and its lines:
 * - the report's own `insert … select` from the order: only the shopper's own order, delivered, and
 *   only until the store's `report_window_hours` after its "delivered" history row; otherwise it
 *   inserts nothing, and neither do the lines, which are selected from the report just inserted;
 * - each line's units, decided inside its insert: the quantity is NULL (NOT NULL fails the batch)
 *   when more than was delivered (units picked, or replacement units) minus the units approved in
 *   earlier reports; the units refunded at the pick were never delivered, so they are not there;
 * - one open report per item: the partial unique index `order_report_lines_one_open_unique` on the
 *   line (`open` mirrors the report's status) fails the batch of a second one.
 * Which rule refused a failed batch is found by reading the state again (refusals.server.ts), never
 * from the database's error message.
 *
 * A replaced line: the store delivered a similar product for its missing units. The shopper
 * reports that replacement by the replacement's own productId; it is the same order line (one open
 * report per line covers both), its units are the replacement units and its value the replacement's
 * price. So a report names a line's own product or its replacement, not both at once; the other can
 * be reported once the first is answered.
 *
 * After the report is written nothing else runs here: the decision (approval by the rules, the
 * support queue) is another part's, wired after `submitReport`.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, sql } from "drizzle-orm";
import { orderItems, orderReportLines, orderReports, orders, stores } from "~/db/schema";
import { newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import type { ReportInput } from "~/lib/schemas/report";
import { withStoredImages } from "~/server/catalogue/uploads.server";
import { type Database, getDb } from "~/server/db/db.server";
import type { SessionUser } from "~/server/identity/auth.server";
import { preparePhoto } from "./photo.server";
import { type PlannedReportLine, planLines, readOrderForReport } from "./plan.server";
import { explainRefusedReport } from "./refusals.server";

const ORDER_NOT_FOUND = "Order not found";
const HOUR_MS = 3_600_000;

export interface SubmitReportInput extends ReportInput {
  /** The order's id (`_id`). */
  orderId: string;
  /** The photo file of a multipart form, if any. */
  photo?: FormDataEntryValue | null;
}

/** A bound value selected under `name` (an `insert … select` names what it selects). */
const bound = <T>(value: T, name: string) => sql<T>`${value}`.as(name);

/** When the order was delivered: its first "delivered" history row (NULL without one, which closes the window). */
const deliveredAtSql = sql`(select min(h.created_at) from order_status_history h where h.order_id = ${sql.raw('"orders"."id"')} and h.status = 'delivered')`;

/**
 * The report row, selected from the order only while it is the shopper's own, delivered, and
 * within the store's window after delivery (up to and including its last millisecond).
 */
function reportInsert(db: Database, report: { id: string; orderId: string; userId: string; input: SubmitReportInput; photoKey: string | null; claimed: number; now: number }) {
  const { input, now } = report;
  return db
    .insert(orderReports)
    .select(
      db
        .select({
          id: bound(report.id, "id"),
          orderId: orders.id,
          userId: orders.userId,
          storeId: sql<string>`${stores.id}`.as("store_id"),
          status: bound("open", "status"),
          comment: bound(input.comment, "comment"),
          photoKey: bound(report.photoKey, "photo_key"),
          claimedAmount: bound(report.claimed, "claimed_amount"),
          approvedAmount: bound(null, "approved_amount"),
          refundTo: bound(input.refundTo, "refund_to"),
          autoApproved: bound(0, "auto_approved"),
          decidedBy: bound(null, "decided_by"),
          decisionReason: bound(null, "decision_reason"),
          decidedAt: bound(null, "decided_at"),
          refundStatus: bound("none", "refund_status"),
          stripeRefundId: bound(null, "stripe_refund_id"),
          createdAt: bound(now, "created_at"),
          updatedAt: bound(now, "updated_at"),
          refundStripeAmount: bound(null, "refund_stripe_amount"),
          refundClaimedAt: bound(null, "refund_claimed_at"),
        })
        .from(orders)
        .innerJoin(stores, eq(stores.id, orders.storeId))
        .where(
          and(
            eq(orders.id, report.orderId),
            eq(orders.userId, report.userId),
            eq(orders.status, "delivered"),
            sql`${now} <= ${deliveredAtSql} + ${stores.reportWindowHours} * ${HOUR_MS}`,
          ),
        ),
    )
    .returning({ id: orderReports.id });
}

/**
 * Units of an order line's part (own product or replacement) approved in earlier reports, as SQL.
 * A line of an approved report counts its approved units, or all its units when none are recorded.
 */
function approvedUnitsSql(line: PlannedReportLine) {
  return sql`(select coalesce(sum(coalesce(l.approved_quantity, l.quantity)), 0) from order_report_lines l join order_reports r on r.id = l.report_id
    where l.order_item_id = ${sql.raw('"order_items"."id"')} and l.product_id = ${line.productId} and r.status = 'approved')`;
}

/**
 * A report line, selected from the report just inserted (nothing when it was not) with its order
 * line: the quantity is NULL, failing the batch on NOT NULL, when it is more than the part's
 * delivered units minus those approved in earlier reports (computed here, from the rows as they
 * are when the statement runs). Inserted open, so the partial unique index allows one open report
 * per order line.
 */
function lineInsert(db: Database, reportId: string, line: PlannedReportLine) {
  const delivered =
    line.part === "own"
      ? sql`case when ${orderItems.productId} = ${line.productId} then coalesce(${orderItems.picked}, ${orderItems.quantity}) end`
      : sql`case when ${orderItems.replacedByProductId} = ${line.productId} then ${orderItems.replacedByQuantity} end`;
  return db.insert(orderReportLines).select(
    db
      .select({
        id: bound(newId(), "id"),
        reportId: sql<string>`${orderReports.id}`.as("report_id"),
        orderId: sql<string>`${orderReports.orderId}`.as("order_id"),
        orderItemId: sql<string>`${orderItems.id}`.as("order_item_id"),
        productId: bound(line.productId, "product_id"),
        quantity: sql<number>`case when ${line.quantity} <= ${delivered} - ${approvedUnitsSql(line)} then ${line.quantity} end`.as("quantity"),
        reason: bound(line.reason, "reason"),
        amount: bound(line.amount, "amount"),
        open: bound(1, "open"),
        approvedQuantity: bound(null, "approved_quantity"),
        approvedAmount: bound(null, "approved_amount"),
      })
      .from(orderReports)
      .leftJoin(orderItems, and(eq(orderItems.id, line.orderItemId), eq(orderItems.orderId, orderReports.orderId)))
      .where(eq(orderReports.id, reportId)),
  );
}

/** The report's batch wrote nothing: one of its rules refused it (explained by reading again). */
class ReportNotWritten extends Error {
  constructor() {
    super("the report's insert selected no row and no rule explains why");
  }
}

/**
 * Writes the shopper's report of a delivered order's items (see the module comment). 404 for an
 * order that is not theirs; 400 for items not on it; 409 before delivery, after the window, for an
 * item already under review or more units than can be reported; 413/415 for the photo.
 */
export async function submitReport(
  context: AppLoadContext,
  user: Pick<SessionUser, "id">,
  input: SubmitReportInput,
  now = Date.now(),
): Promise<{ reportId: string }> {
  const db = getDb(context);
  const order = await readOrderForReport(db, user.id, input.orderId);
  if (!order) throw new Refusal(ORDER_NOT_FOUND, 404);
  const lines = planLines(order, input.lines);
  if (input.refundTo === "original" && order.paymentMethod !== "ONLINE") {
    throw new Refusal("This order was paid in cash: its refund goes to your FreshDash wallet", 400, {
      fields: { refundTo: ["Cash orders are refunded to the wallet"] },
    });
  }
  const reportId = newId();
  const photo = await preparePhoto(input.photo, reportId);
  const claimed = lines.reduce((sum, line) => sum + line.amount, 0);
  try {
    await withStoredImages(context, photo ? [photo] : [], async () => {
      const [written] = await db.batch([
        reportInsert(db, { id: reportId, orderId: order.id, userId: user.id, input, photoKey: photo?.key ?? null, claimed, now }),
        ...lines.map((line) => lineInsert(db, reportId, line)),
      ]);
      if (!written.length) throw new ReportNotWritten();
    });
  } catch (error) {
    const refusal = await explainRefusedReport(db, { userId: user.id, orderId: order.id, lines, now });
    throw refusal ?? error;
  }
  return { reportId };
}
