/**
 * Partial refunds of a picked order (docs/decisions/027-store-operations.md): one row per short
 * line in `order_line_refunds`, written by the pick's batch, sent here.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { orderLineRefunds, orders, paymentEvents } from "~/db/schema";
import { formatINR } from "~/lib/money";
import { getDb } from "~/server/db/db.server";
import { getStripe } from "./stripe.server";

const SHORT_PICK_REFUSED = "Stripe refused the refund of a short pick";

/**
 * Sends an order's pending (or earlier failed) line refunds to Stripe, each with its line's
 * idempotency key, so a retry never refunds a line twice. A refusal marks the line `failed` and
 * flags the order for attention with the reason.
 */
export async function sendLineRefunds(context: AppLoadContext, orderId: string): Promise<"refunded" | "failed" | "none"> {
  const db = getDb(context);
  const [orderRows, rows] = await db.batch([
    db.select({ paymentId: orders.paymentId, orderNumber: orders.orderId }).from(orders).where(eq(orders.id, orderId)),
    db
      .select({ orderItemId: orderLineRefunds.orderItemId, amount: orderLineRefunds.amount, key: orderLineRefunds.idempotencyKey })
      .from(orderLineRefunds)
      .where(and(eq(orderLineRefunds.orderId, orderId), inArray(orderLineRefunds.status, ["pending", "failed"]))),
  ]);
  const order = orderRows[0];
  if (!order || !rows.length) return "none";
  const stripe = getStripe(context);
  const failures: string[] = [];
  for (const row of rows) {
    try {
      if (!stripe || !order.paymentId) throw new Error("online payment is not configured");
      const refund = await stripe.refunds.create(
        { payment_intent: order.paymentId, amount: row.amount, metadata: { orderId, orderNumber: order.orderNumber, orderItemId: row.orderItemId } },
        { idempotencyKey: row.key },
      );
      await db.batch([
        db.insert(paymentEvents).values({ id: refund.id, type: "refund.created", orderId }).onConflictDoNothing(),
        db
          .update(orderLineRefunds)
          .set({ status: "refunded", stripeRefundId: refund.id, updatedAt: Date.now() })
          .where(eq(orderLineRefunds.orderItemId, row.orderItemId)),
      ]);
    } catch (error) {
      const reason = (error as Error)?.message ?? "unknown error";
      failures.push(`${formatINR(row.amount)}: ${reason}`);
      await db
        .update(orderLineRefunds)
        .set({ status: "failed", updatedAt: Date.now() })
        .where(and(eq(orderLineRefunds.orderItemId, row.orderItemId), ne(orderLineRefunds.status, "refunded")));
    }
  }
  if (!failures.length) {
    // A retry that succeeded clears the flag a refused one set.
    await db
      .update(orders)
      .set({ needsAttention: false, attentionNote: null, version: sql`${orders.version} + 1`, updatedAt: Date.now() })
      .where(and(eq(orders.id, orderId), eq(orders.needsAttention, true), sql`${orders.attentionNote} like ${`${SHORT_PICK_REFUSED}%`}`));
    return "refunded";
  }
  await db
    .update(orders)
    .set({
      needsAttention: true,
      attentionNote: `${SHORT_PICK_REFUSED} (${failures.join("; ")})`.slice(0, 300),
      version: sql`${orders.version} + 1`,
      updatedAt: Date.now(),
    })
    .where(eq(orders.id, orderId));
  return "failed";
}
