/**
 * Why a report's batch wrote nothing or failed, told to the shopper. The batch decides as a whole,
 * so which of its rules refused it is found by reading the state again, in the batch's own order
 * (the order and its window, then each line: a report under review, then the units left), never
 * from the database's error message. A failure nothing explains is left to the caller to rethrow.
 */
import { and, eq, sql } from "drizzle-orm";
import { orderReportLines, orderReports, orders, stores } from "~/db/schema";
import { STATUS_LABELS } from "~/lib/order-status";
import { Refusal } from "~/lib/refusal";
import type { Database } from "~/server/db/db.server";
import type { PlannedReportLine } from "./plan.server";

const HOUR_MS = 3_600_000;

/** The order's state and its report lines as the batch saw them: one round trip. */
async function readAfterFailure(db: Database, userId: string, orderId: string) {
  const [orderRows, lineRows] = await db.batch([
    db
      .select({
        status: orders.status,
        windowHours: stores.reportWindowHours,
        deliveredAt: sql<
          number | null
        >`(select min(h.created_at) from order_status_history h where h.order_id = ${sql.raw('"orders"."id"')} and h.status = 'delivered')`.as("delivered_at"),
      })
      .from(orders)
      .leftJoin(stores, eq(stores.id, orders.storeId))
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId))),
    db
      .select({
        orderItemId: orderReportLines.orderItemId,
        productId: orderReportLines.productId,
        open: orderReportLines.open,
        status: orderReports.status,
        units: sql<number>`coalesce(${orderReportLines.approvedQuantity}, ${orderReportLines.quantity})`.as("units"),
      })
      .from(orderReportLines)
      .innerJoin(orderReports, eq(orderReports.id, orderReportLines.reportId))
      .where(eq(orderReportLines.orderId, orderId)),
  ]);
  return { order: orderRows[0], lines: lineRows };
}

/** When the window to report an order closes (epoch ms), as a person in India reads it. */
function formatWindowEnd(at: number): string {
  return new Date(at).toLocaleString("en-IN", { timeZone: "Asia/Kolkata", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
}

/** The Refusal that explains a report's refused batch, or null when the state explains nothing. */
export async function explainRefusedReport(
  db: Database,
  { userId, orderId, lines, now }: { userId: string; orderId: string; lines: PlannedReportLine[]; now: number },
): Promise<Refusal | null> {
  const state = await readAfterFailure(db, userId, orderId);
  const order = state.order;
  if (!order) return new Refusal("Order not found", 404);
  if (order.status !== "delivered") {
    return new Refusal(`You can report an item once your order is delivered: this one is ${STATUS_LABELS[order.status].toLowerCase()}`, 409);
  }
  if (order.deliveredAt === null || order.windowHours === null) return new Refusal("Items of this order can no longer be reported", 409);
  const closesAt = order.deliveredAt + order.windowHours * HOUR_MS;
  if (now > closesAt) {
    return new Refusal(`Items can be reported within ${order.windowHours} hours of delivery: the time to report this order ended on ${formatWindowEnd(closesAt)}`, 409);
  }
  for (const [i, line] of lines.entries()) {
    const field = `lines.${i}.quantity`;
    if (state.lines.some((l) => l.orderItemId === line.orderItemId && l.open)) {
      const message = `${line.name} already has a report under review: you can report it again once that report is answered`;
      return new Refusal(message, 409, { fields: { [field]: [message] }, data: { productId: line.productId } });
    }
    const approved = state.lines
      .filter((l) => l.orderItemId === line.orderItemId && l.productId === line.productId && l.status === "approved")
      .reduce((sum, l) => sum + l.units, 0);
    const left = Math.max(0, line.delivered - approved);
    if (line.quantity > left) {
      const done = approved ? `, ${approved} already refunded by earlier reports` : "";
      const message =
        left === 0
          ? `Nothing more of ${line.name} can be reported: ${line.delivered} delivered${done}`
          : `You can report at most ${left} of ${line.name}: ${line.delivered} delivered${done}`;
      return new Refusal(message, 409, { fields: { [field]: [message] }, data: { productId: line.productId, max: left } });
    }
  }
  return null;
}
