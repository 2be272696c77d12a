/**
 * Reading an order's reports (decision 050): for the shopper's order page (what can still be
 * reported, until when, and the reports so far with their answers) and `GET /api/order/reports`
 * (the order's shopper, its store's staff and admins; anyone else 404). One D1 round trip each.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { desc, eq, sql } from "drizzle-orm";
import { orderItems, orderReportLines, orderReports, orders, stores } from "~/db/schema";
import { paidPerUnit } from "~/lib/pricing";
import { Refusal } from "~/lib/refusal";
import type { OrderReportsView, ReportableItem, ReportView } from "~/lib/reports";
import { paiseToRupees } from "~/lib/money";
import { reportPhotoPath } from "~/lib/reports";
import { getDb } from "~/server/db/db.server";
import type { SessionUser } from "~/server/identity/auth.server";
import { worksAt } from "~/server/identity/store-access.server";
import { deliveredUnits } from "./plan.server";

const HOUR_MS = 3_600_000;

/** The order's owner, store and report window, its reports (newest first) and their lines: one batch. */
async function readReports(context: AppLoadContext, orderId: string) {
  const db = getDb(context);
  const [orderRows, reportRows, lineRows] = await db.batch([
    db
      .select({ userId: orders.userId, storeId: orders.storeId, windowHours: stores.reportWindowHours })
      .from(orders)
      .leftJoin(stores, eq(stores.id, orders.storeId))
      .where(eq(orders.id, orderId)),
    db
      .select({
        id: orderReports.id,
        status: orderReports.status,
        createdAt: orderReports.createdAt,
        claimedAmount: orderReports.claimedAmount,
        approvedAmount: orderReports.approvedAmount,
        refundTo: orderReports.refundTo,
        autoApproved: orderReports.autoApproved,
        decisionReason: orderReports.decisionReason,
        decidedAt: orderReports.decidedAt,
        comment: orderReports.comment,
        photoKey: orderReports.photoKey,
      })
      .from(orderReports)
      .where(eq(orderReports.orderId, orderId))
      .orderBy(desc(orderReports.createdAt), desc(orderReports.id)),
    db
      .select({
        reportId: orderReportLines.reportId,
        orderItemId: orderReportLines.orderItemId,
        productId: orderReportLines.productId,
        name: sql<string>`case when ${orderReportLines.productId} = ${orderItems.replacedByProductId} then coalesce(${orderItems.replacedByName}, ${orderItems.name}) else ${orderItems.name} end`.as(
          "line_name",
        ),
        quantity: orderReportLines.quantity,
        reason: orderReportLines.reason,
        amount: orderReportLines.amount,
        open: orderReportLines.open,
        approvedQuantity: orderReportLines.approvedQuantity,
      })
      .from(orderReportLines)
      .innerJoin(orderItems, eq(orderItems.id, orderReportLines.orderItemId))
      .where(eq(orderReportLines.orderId, orderId))
      .orderBy(sql`${orderReportLines}.rowid`),
  ]);
  const reports: (ReportView & { lineRows: typeof lineRows })[] = reportRows.map(({ photoKey, ...report }) => {
    const own = lineRows.filter((line) => line.reportId === report.id);
    return {
      ...report,
      hasPhoto: photoKey !== null,
      lines: own.map(({ productId, name, quantity, reason, amount, approvedQuantity }) => ({ productId, name, quantity, reason, amount, approvedQuantity })),
      lineRows: own,
    };
  });
  return { order: orderRows[0] ?? null, reports, lines: lineRows };
}

/** The order as the page has it (listOrders): enough to say what was delivered, when, and at what price. */
interface PageOrder {
  id: string;
  status: string;
  paymentMethod: string;
  subTotal: number;
  discount: number;
  history: { status: string; createdAt: number }[];
  items: {
    id: string;
    productId: string | null;
    name: string;
    unit: string;
    quantity: number;
    finalPrice: number;
    picked: number | null;
    replacedByProductId: string | null;
    replacedByName: string | null;
    replacedByQuantity: number;
    replacedByUnitPrice: number;
  }[];
}

/** The order page's report section for the shopper's own order (the page read the order itself). */
export async function orderReportsView(context: AppLoadContext, order: PageOrder, now = Date.now()): Promise<OrderReportsView> {
  const { order: row, reports, lines } = await readReports(context, order.id);
  const deliveredAt = order.history.find((step) => step.status === "delivered")?.createdAt ?? null;
  const windowHours = row?.windowHours ?? null;
  const closesAt = order.status === "delivered" && deliveredAt !== null && windowHours !== null ? deliveredAt + windowHours * HOUR_MS : null;
  const approvedOf = (itemId: string, productId: string) =>
    lines
      .filter((line) => line.orderItemId === itemId && line.productId === productId)
      .reduce((sum, line) => {
        const report = reports.find((r) => r.id === line.reportId);
        return report?.status === "approved" ? sum + (line.approvedQuantity ?? line.quantity) : sum;
      }, 0);
  const reportable: ReportableItem[] = [];
  const underReview: string[] = [];
  for (const item of order.items) {
    const reviewed = lines.some((line) => line.orderItemId === item.id && line.open);
    const parts = [
      { productId: item.productId, name: item.name, part: "own" as const, price: item.finalPrice, replacing: null },
      { productId: item.replacedByProductId, name: item.replacedByName ?? item.name, part: "replacement" as const, price: item.replacedByUnitPrice, replacing: item.name },
    ];
    for (const part of parts) {
      const delivered = deliveredUnits(item, part.part);
      if (!part.productId || delivered <= 0) continue;
      if (reviewed) {
        underReview.push(part.name);
        continue;
      }
      const max = delivered - approvedOf(item.id, part.productId);
      const unitValue = paidPerUnit(part.price, order.subTotal, order.discount);
      if (max > 0 && unitValue > 0) reportable.push({ productId: part.productId, name: part.name, unit: item.unit, max, replacing: part.replacing, unitValue });
    }
  }
  return {
    closesAt,
    open: closesAt !== null && now <= closesAt,
    online: order.paymentMethod === "ONLINE",
    reportable,
    underReview,
    reports: reports.map(({ lineRows: _, ...report }) => report),
  };
}

/** A report as `/api` answers it: rupees, `_id`, the photo's URL. */
function serializeReport(report: ReportView) {
  return {
    _id: report.id,
    status: report.status,
    createdAt: new Date(report.createdAt).toISOString(),
    claimedAmount: paiseToRupees(report.claimedAmount),
    approvedAmount: report.approvedAmount === null ? null : paiseToRupees(report.approvedAmount),
    refundTo: report.refundTo,
    autoApproved: report.autoApproved,
    decisionReason: report.decisionReason,
    decidedAt: report.decidedAt === null ? null : new Date(report.decidedAt).toISOString(),
    comment: report.comment,
    photo: report.hasPhoto ? reportPhotoPath(report.id) : null,
    lines: report.lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      quantity: line.quantity,
      reason: line.reason,
      amount: paiseToRupees(line.amount),
      approvedQuantity: line.approvedQuantity,
    })),
  };
}

/** An order's reports, newest first, for its shopper, its store's staff and admins; 404 for anyone else. */
export async function listOrderReports(context: AppLoadContext, user: Pick<SessionUser, "id" | "role" | "staffStoreId">, orderId: string) {
  const { order, reports } = await readReports(context, orderId);
  if (!order || (order.userId !== user.id && !worksAt(user, order.storeId))) throw new Refusal("Order not found", 404);
  return reports.map(({ lineRows: _, ...report }) => serializeReport(report));
}

/** One report as `/api` answers it (after it was written): the same read as the list. */
export async function readReport(context: AppLoadContext, user: Pick<SessionUser, "id" | "role" | "staffStoreId">, orderId: string, reportId: string) {
  const report = (await listOrderReports(context, user, orderId)).find((r) => r._id === reportId);
  if (!report) throw new Refusal("Report not found", 404);
  return report;
}
