/**
 * Ratings after delivery (decision 027 "Ratings"). The shopper rates their own
 * delivered order 1–5 with an optional comment; one rating per order, which the shopper may change
 * (the last one counts). ONE statement decides it: an `insert … select` from the order guarded by
 * its owner and status 'delivered', upserting on the order's key, so repeated or parallel submits
 * leave exactly one row and nobody else's order (or an undelivered one) is ever written.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, sql } from "drizzle-orm";
import { orderRatings, orders } from "~/db/schema";
import { STATUS_LABELS } from "~/lib/order-status";
import { Refusal } from "~/lib/refusal";
import type { RateOrderInput } from "~/lib/schemas/rating";
import { getDb } from "~/server/db/db.server";

export interface OrderRating {
  rating: number;
  comment: string | null;
  createdAt: number;
  updatedAt: number;
}

/** Rates (or re-rates) `orderId` for its shopper `userId`. 404 for anyone else's or an unknown order, 409 before delivery. */
export async function rateOrder(context: AppLoadContext, userId: string, orderId: string, input: RateOrderInput): Promise<OrderRating> {
  const db = getDb(context);
  const now = Date.now();
  const [saved] = await db
    .insert(orderRatings)
    .select(
      db
        .select({
          orderId: orders.id,
          userId: orders.userId,
          rating: sql<number>`${input.rating}`.as("rating"),
          comment: sql<string | null>`${input.comment}`.as("comment"),
          createdAt: sql<number>`${now}`.as("created_at"),
          updatedAt: sql<number>`${now}`.as("updated_at"),
        })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId), eq(orders.status, "delivered"))),
    )
    .onConflictDoUpdate({
      target: orderRatings.orderId,
      set: { rating: sql`excluded.rating`, comment: sql`excluded.comment`, updatedAt: sql`excluded.updated_at` },
    })
    .returning({ rating: orderRatings.rating, comment: orderRatings.comment, createdAt: orderRatings.createdAt, updatedAt: orderRatings.updatedAt });
  if (saved) return saved;

  // Nothing written: say why (the order as it is now; anyone else's is "not found", like an unknown id).
  const order = await db
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .get();
  if (!order) throw new Refusal("Order not found", 404);
  throw new Refusal(`You can rate an order once it is delivered: this one is ${STATUS_LABELS[order.status].toLowerCase()}`, 409);
}
