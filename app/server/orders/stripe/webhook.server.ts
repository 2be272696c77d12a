/**
 * Stripe's webhook: each verified event is handled once, and only the order whose stored Checkout
 * Session it is may be paid or released by it.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import Stripe from "stripe";
import * as z from "zod";
import { eq } from "drizzle-orm";
import { orders, paymentEvents } from "~/db/schema";
import { type Database, getDb } from "~/server/db/db.server";
import { getSettings } from "~/server/platform/env.server";
import { cancelStatements } from "../order-cancel.server";
import { publishOrderChange } from "../order-events.server";
import { getStripe } from "./client.server";
import { notAwaitingPayment, orderForPayment, paidStatements, paymentIntentId, paymentMismatch } from "./payment-rules.server";

export type WebhookOutcome = { status: number; message: string };

/** Stripe's events are a few KB; anything far larger is not one. */
const MAX_WEBHOOK_BYTES = 512 * 1024;

const eventSchema = z.object({ id: z.string().min(1).max(255), type: z.string().min(1).max(255) });

const sessionEventSchema = z.object({
  data: z.object(
    {
      object: z.object(
        {
          id: z.string().min(1).max(255),
          payment_status: z.string().max(64),
          amount_total: z.number().int().nullish(),
          currency: z.string().max(16).nullish(),
          payment_intent: z.union([z.string().max(255), z.object({ id: z.string().max(255) }), z.null()]).optional(),
        },
        { error: "data.object is not a Checkout Session" },
      ),
    },
    { error: "data is missing" },
  ),
});

/**
 * POST /api/order/webhook. Verifies the signature on the raw body; handles each event id once: the
 * `payment_events` insert (primary key = Stripe's event id) is in the same batch as the state change,
 * so a redelivered event fails the batch and changes nothing. A verified event that may not touch any
 * order is recorded as `refused` with the reason and answered 200 (Stripe stops retrying); a body
 * that is not a well-formed event is 400.
 */
export async function handleStripeWebhook(context: AppLoadContext, request: Request): Promise<WebhookOutcome> {
  const settings = getSettings(context.cloudflare.env);
  const stripe = getStripe(context);
  if (!stripe || !settings.STRIPE_WEBHOOK_SECRET) return { status: 503, message: "Online payment is not configured" };
  const signature = request.headers.get("Stripe-Signature");
  if (!signature) return { status: 400, message: "Missing Stripe-Signature header" };
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_WEBHOOK_BYTES) return { status: 413, message: "Event body is too large" };
  const body = await request.text();
  if (body.length > MAX_WEBHOOK_BYTES) return { status: 413, message: "Event body is too large" };
  let event: unknown;
  try {
    event = await stripe.webhooks.constructEventAsync(body, signature, settings.STRIPE_WEBHOOK_SECRET, 300, Stripe.createSubtleCryptoProvider());
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) return { status: 400, message: "Invalid or stale Stripe signature" };
    return { status: 400, message: "Event body is not a JSON Stripe event" };
  }

  const base = eventSchema.safeParse(event);
  if (!base.success) return { status: 400, message: "Malformed event: it needs an id and a type" };
  const { id: eventId, type } = base.data;
  if (type !== "checkout.session.completed" && type !== "checkout.session.expired") return { status: 200, message: `Ignored ${type}` };
  const parsed = sessionEventSchema.safeParse(event);
  if (!parsed.success) return { status: 400, message: `Malformed ${type} event: ${parsed.error.issues[0]?.message ?? "bad shape"}` };
  const session = parsed.data.data.object;
  if (type === "checkout.session.completed" && session.payment_status !== "paid") return { status: 200, message: "Payment not completed yet" };

  const db = getDb(context);
  const order = await db.select(orderForPayment).from(orders).where(eq(orders.stripeSessionId, session.id)).get();
  if (!order) return refuseEvent(db, { eventId, type, orderId: null, reason: `No order has the Checkout Session ${session.id}` });
  if (type === "checkout.session.completed") {
    const refusal = paymentMismatch(order, session) ?? notAwaitingPayment(order);
    if (refusal) return refuseEvent(db, { eventId, type, orderId: order.id, reason: refusal });
  }

  const recordEvent = db.insert(paymentEvents).values({ id: eventId, type, orderId: order.id, outcome: "processed" });
  const paid = type === "checkout.session.completed";
  try {
    if (paid) await db.batch([recordEvent, ...paidStatements(db, order.id, paymentIntentId(session))]);
    else await db.batch([recordEvent, ...cancelStatements(db, { orderId: order.id, by: "payment" }, "Online payment expired")]);
  } catch (error) {
    // The event's row (primary key: Stripe's event id) refuses a second copy, and the batch rolls
    // back with it: a row there now means another delivery of this event was handled.
    if (await eventRecorded(db, eventId)) return { status: 200, message: "Event already processed" };
    throw error;
  }
  await publishOrderChange(context, { orderId: order.id, storeId: order.storeId, userId: order.userId, status: paid ? "paid" : "cancelled" });
  return { status: 200, message: "Processed" };
}

async function eventRecorded(db: Database, eventId: string): Promise<boolean> {
  return Boolean(await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, eventId)).get());
}

/** A verified event that changes nothing: kept with its reason (once per event id) and acknowledged. */
async function refuseEvent(db: Database, { eventId, type, orderId, reason }: { eventId: string; type: string; orderId: string | null; reason: string }) {
  const recorded = await db
    .insert(paymentEvents)
    .values({ id: eventId, type, orderId, outcome: "refused", note: reason.slice(0, 500) })
    .onConflictDoNothing({ target: paymentEvents.id });
  if (!recorded.meta.changes) return { status: 200, message: "Event already processed" };
  console.warn("Stripe event refused", eventId, type, reason);
  return { status: 200, message: `Refused: ${reason}` };
}
