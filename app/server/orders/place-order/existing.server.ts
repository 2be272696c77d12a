/**
 * An order an earlier copy of the same request placed, as the request that repeats it is answered:
 * its lines and bill as stored, and its state now (it may since have been paid or cancelled).
 */
import { eq } from "drizzle-orm";
import { orderItems, orders } from "~/db/schema";
import { computeBill } from "~/lib/pricing";
import type { Database } from "~/server/db/db.server";
import type { PlacedOrder } from "./model.server";

/** The columns of an order line as placed (`PlacedOrder["lines"]`). */
const placedLineColumns = {
  productId: orderItems.productId,
  name: orderItems.name,
  unit: orderItems.unit,
  image: orderItems.image,
  quantity: orderItems.quantity,
  price: orderItems.unitPrice,
  discount: orderItems.discount,
  finalPrice: orderItems.unitFinalPrice,
};

export async function describeExisting(db: Database, existing: { id: string; orderId: string }): Promise<PlacedOrder> {
  const [orderRows, lines] = await db.batch([
    db
      .select({
        status: orders.status,
        discount: orders.discount,
        tip: orders.tip,
        paymentMethod: orders.paymentMethod,
        paymentStatus: orders.paymentStatus,
        stripeSessionId: orders.stripeSessionId,
        reservationExpiresAt: orders.reservationExpiresAt,
        walletPaid: orders.walletPaid,
      })
      .from(orders)
      .where(eq(orders.id, existing.id)),
    db.select(placedLineColumns).from(orderItems).where(eq(orderItems.orderId, existing.id)),
  ]);
  const [row] = orderRows;
  // Orders are never deleted (users.id is `on delete restrict`), so the key holder just read is there.
  if (!row) throw new Error(`describeExisting: order ${existing.id} vanished`);
  const { reservationExpiresAt, discount, tip, walletPaid, ...state } = row;
  return {
    ...existing,
    bill: computeBill(lines, { couponDiscount: discount, tip, cash: state.paymentMethod === "COD", wallet: walletPaid }),
    lines,
    reservationExpiresAt,
    duplicate: true,
    state,
    replacedSessions: [],
  };
}
