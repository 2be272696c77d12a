/**
 * Planning a report (decision 050): the order as delivered (read once: nothing in it changes after
 * delivery), each named item matched to its order line and part (its own product, or the product
 * that replaced its missing units), and valued at the price paid per unit with the one pricing
 * module. Nothing here decides a rule that can change: submit.server.ts's batch does.
 */
import { and, eq, sql } from "drizzle-orm";
import { orderItems, orders } from "~/db/schema";
import { paidPerUnit } from "~/lib/pricing";
import { Refusal } from "~/lib/refusal";
import type { ReportInput } from "~/lib/schemas/report";
import type { Database } from "~/server/db/db.server";

/** A line of the report as planned: the order line it names, which part of it, and its value. */
export interface PlannedReportLine {
  orderItemId: string;
  productId: string;
  name: string;
  /** "own": the line's own product (its picked units); "replacement": what replaced its missing units. */
  part: "own" | "replacement";
  quantity: number;
  reason: ReportInput["lines"][number]["reason"];
  /** Paise: units × the price paid per unit. */
  amount: number;
  /** The units delivered of this part (picked, or replacement units). */
  delivered: number;
}

/** The order as a report is planned from: what was delivered and at what price (unchanging once delivered). */
export async function readOrderForReport(db: Database, userId: string, orderId: string) {
  const [orderRows, items] = await db.batch([
    db
      .select({
        id: orders.id,
        storeId: orders.storeId,
        status: orders.status,
        paymentMethod: orders.paymentMethod,
        subTotal: orders.subTotal,
        discount: orders.discount,
      })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId))),
    db
      .select({
        id: orderItems.id,
        productId: orderItems.productId,
        name: orderItems.name,
        quantity: orderItems.quantity,
        picked: orderItems.picked,
        unitFinalPrice: orderItems.unitFinalPrice,
        replacedByProductId: orderItems.replacedByProductId,
        replacedByName: orderItems.replacedByName,
        replacedByQuantity: orderItems.replacedByQuantity,
        replacedByUnitPrice: orderItems.replacedByUnitPrice,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.orderId, orderId), eq(orders.userId, userId)))
      .orderBy(sql`${orderItems}.rowid`),
  ]);
  const order = orderRows[0];
  return order ? { ...order, items } : null;
}

export type OrderForReport = NonNullable<Awaited<ReturnType<typeof readOrderForReport>>>;
type ItemForReport = OrderForReport["items"][number];

/** Units of an order line's part that reached the shopper: picked (all of it before any pick), or the replacement's. */
export function deliveredUnits(item: Pick<ItemForReport, "picked" | "quantity" | "replacedByQuantity">, part: "own" | "replacement"): number {
  return part === "own" ? (item.picked ?? item.quantity) : item.replacedByQuantity;
}

/**
 * The order line and part a product id names: the line's own product first, then a replacement.
 * (A product that is both one line's own and another's replacement is read as the own line.)
 */
function findPart(items: readonly ItemForReport[], productId: string): { item: ItemForReport; part: "own" | "replacement" } | null {
  const own = items.find((item) => item.productId === productId);
  if (own) return { item: own, part: "own" };
  const replaced = items.find((item) => item.replacedByProductId === productId && item.replacedByQuantity > 0);
  return replaced ? { item: replaced, part: "replacement" } : null;
}

/** Each input line matched to the order and valued (400 for an item not on the order, or two parts of one line). */
export function planLines(order: OrderForReport, lines: ReportInput["lines"]): PlannedReportLine[] {
  const planned = lines.map((line, i): PlannedReportLine => {
    const found = findPart(order.items, line.productId);
    if (!found) {
      throw new Refusal("That item is not on this order", 400, { fields: { [`lines.${i}.productId`]: ["Not on this order"] }, data: { productId: line.productId } });
    }
    const { item, part } = found;
    const unitPrice = part === "own" ? item.unitFinalPrice : item.replacedByUnitPrice;
    const name = part === "own" ? item.name : (item.replacedByName ?? item.name);
    const perUnit = paidPerUnit(unitPrice, order.subTotal, order.discount);
    if (perUnit <= 0) {
      throw new Refusal(`${name} cost you nothing on this order: there is nothing to refund`, 409, { fields: { [`lines.${i}.productId`]: ["Nothing was paid for it"] } });
    }
    return {
      orderItemId: item.id,
      productId: line.productId,
      name,
      part,
      quantity: line.quantity,
      reason: line.reason,
      amount: line.quantity * perUnit,
      delivered: deliveredUnits(item, part),
    };
  });
  const seen = new Map<string, PlannedReportLine>();
  for (const [i, line] of planned.entries()) {
    const other = seen.get(line.orderItemId);
    if (other) {
      const message = `${other.name} and ${line.name} are one line of your order (one replaced the other): report them one at a time`;
      throw new Refusal(message, 400, { fields: { [`lines.${i}.productId`]: [message] } });
    }
    seen.set(line.orderItemId, line);
  }
  return planned;
}

