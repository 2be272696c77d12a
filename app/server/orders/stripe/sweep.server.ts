/**
 * The sweep of lost webhooks, run by the cron: online orders still holding stock after their
 * Checkout Session expired are paid or released from what Stripe says happened.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type Stripe from "stripe";
import { and, asc, eq, lt } from "drizzle-orm";
import { orders } from "~/db/schema";
import { getDb } from "~/server/db/db.server";
import { namedBatch } from "~/server/db/named-batch.server";
import { cancelStatements, publishCancelled } from "../order-cancel.server";
import { publishOrderChange } from "../order-events.server";
import { expireSession, getStripe } from "./client.server";
import { orderForPayment, paidStatements, paymentIntentId, paymentMismatch } from "./payment-rules.server";

/** A webhook that never came: how long after a session's expiry the sweep stops waiting for it. */
const WEBHOOK_GRACE_MS = 5 * 60 * 1000;

/**
 * The scheduled sweep (every 5 minutes, `[triggers]` in wrangler.toml): online orders still holding
 * stock after their Checkout Session expired, because the webhook was lost (or refused: it arrived
 * before the session was attached). Stripe is asked what happened to each session: paid, for the
 * order's own amount and currency → the order is marked paid; paid for anything else → its stock is
 * released and it is flagged for a human to refund; otherwise its stock is released. When Stripe
 * cannot be reached the order is left for the next run.
 */
export async function sweepExpiredReservations(context: AppLoadContext, now = Date.now()): Promise<{ paid: number; released: number; skipped: number }> {
  const db = getDb(context);
  const results = await db
    .select({ ...orderForPayment, sessionId: orders.stripeSessionId })
    .from(orders)
    .where(
      and(
        eq(orders.status, "placed"),
        eq(orders.paymentStatus, "PENDING"),
        eq(orders.paymentMethod, "ONLINE"),
        lt(orders.reservationExpiresAt, now - WEBHOOK_GRACE_MS),
      ),
    )
    .orderBy(asc(orders.reservationExpiresAt))
    .limit(50);
  const stripe = getStripe(context);
  const outcome = { paid: 0, released: 0, skipped: 0 };
  for (const order of results) {
    let session: Stripe.Checkout.Session | null = null;
    if (stripe && order.sessionId) {
      try {
        session = await stripe.checkout.sessions.retrieve(order.sessionId);
      } catch (error) {
        console.warn("sweep: could not retrieve session", order.sessionId, (error as Error)?.message);
        outcome.skipped++;
        continue;
      }
    }
    const paid = session?.payment_status === "paid" ? session : null;
    const mismatch = paid && paymentMismatch(order, paid);
    if (paid && !mismatch) {
      await db.batch(paidStatements(db, order.id, paymentIntentId(paid), now));
      await publishOrderChange(context, { orderId: order.id, storeId: order.storeId, userId: order.userId, status: "paid" });
      outcome.paid++;
      continue;
    }
    // Still open past its expiry (clock skew): close it first so it cannot be paid after release.
    if (stripe && session?.status === "open") await expireSession(stripe, session.id);
    const release = cancelStatements(db, { orderId: order.id, by: "payment" }, "Online payment expired");
    const flag = paid
      ? [
          db
            .update(orders)
            .set({
              needsAttention: true,
              attentionNote: `Paid at Stripe, but not as ordered (${mismatch}): check the payment and refund it`.slice(0, 300),
              paymentId: paymentIntentId(paid),
            })
            .where(and(eq(orders.id, order.id), eq(orders.status, "cancelled"))),
        ]
      : [];
    const { released } = await namedBatch(db, { release: release.slice(0, -1), released: release.slice(-1), flag });
    publishCancelled(context, released[0]);
    outcome.released++;
  }
  return outcome;
}
