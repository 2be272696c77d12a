/**
 * Stripe on Workers: the fetch HTTP client and WebCrypto signature checks (STACK.md pitfall 14).
 * Built per request from the settings; `STRIPE_API_BASE` points the SDK at a local fake in tests.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import Stripe from "stripe";
import * as z from "zod";
import { newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import { orders, orderStatusHistory, paymentEvents, nowMs } from "~/db/schema";
import { type Database, getDb } from "~/server/db/db.server";
import { getSettings } from "~/server/platform/env.server";
import { cancelStatements, publishCancelled } from "./order-cancel.server";
import { publishOrderChange } from "./order-events.server";
import { RESERVATION_MS, type PlacedOrder } from "./place-order.server";

export function getStripe(context: AppLoadContext): Stripe | null {
  const settings = getSettings(context.cloudflare.env);
  if (!settings.STRIPE_SECRET_KEY) return null;
  const base = settings.STRIPE_API_BASE ? new URL(settings.STRIPE_API_BASE) : null;
  return new Stripe(settings.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
    timeout: 15_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "http:" ? "http" : "https",
        }
      : {}),
  });
}

export const ONLINE_PAYMENT_UNAVAILABLE = "Online payment is not configured on this store yet. Please choose Cash on Delivery.";

/** Checkout Sessions are in rupees; an event in any other currency never pays an order. */
const STORE_CURRENCY = "inr";

/**
 * Server-computed INR line items (paise), one per order line (or one for the items after a coupon),
 * plus delivery when it costs anything and the tip:
 * Stripe's `amount_total` is then exactly the order's `total`, which the webhook insists on. Every
 * parameter is derived from the order, so a retry with the same idempotency key is the same request.
 */
async function createCheckoutSession(stripe: Stripe, order: PlacedOrder, { origin, email }: { origin: string; email?: string }) {
  const item = (name: string, quantity: number, unitAmount: number) => ({
    quantity,
    price_data: { currency: STORE_CURRENCY, unit_amount: unitAmount, product_data: { name } },
  });
  const expiresAt = order.reservationExpiresAt ?? Date.now() + RESERVATION_MS;
  return stripe.checkout.sessions.create(
    {
      mode: "payment",
      currency: STORE_CURRENCY,
      client_reference_id: order.id,
      customer_email: email || undefined,
      metadata: { orderId: order.id, orderNumber: order.orderId },
      line_items: [
        // With a coupon (decision 030) the items are one line at their discounted total: Stripe's
        // line amounts are per unit, and a pro-rated unit price would not add up to the paisa.
        ...(order.bill.couponDiscount > 0
          ? order.bill.itemsTotal > order.bill.couponDiscount
            ? [item(`Groceries, order ${order.orderId} (coupon applied)`, 1, order.bill.itemsTotal - order.bill.couponDiscount)]
            : []
          : order.lines
              .filter((line) => line.finalPrice > 0)
              .map((line) => item(`${line.name}${line.unit ? ` (${line.unit})` : ""}`, line.quantity, line.finalPrice))),
        ...(order.bill.deliveryCharge > 0 ? [item("Delivery", 1, order.bill.deliveryCharge)] : []),
        ...(order.bill.tip > 0 ? [item("Tip for your delivery partner", 1, order.bill.tip)] : []),
      ],
      expires_at: Math.floor(expiresAt / 1000) + 60,
      success_url: `${origin}/success?text=Payment&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}/cancel?order=${order.id}`,
    },
    { idempotencyKey: `checkout-${order.id}` },
  );
}

/** The Checkout Session to send the shopper to; a payment that cannot start throws a Refusal (409, 502). */
export type OnlinePaymentStart = { id: string; url: string };

const PAYMENT_UNREACHABLE = "We could not reach the payment provider. Please try again or choose Cash on Delivery.";
const CHECKOUT_CLOSED = "This checkout is closed: you started a newer one, or it expired. Pay in your newest checkout, or start again.";

/**
 * Opens (or, for a repeated request, finds again) the Checkout Session of an online order. A new
 * order first closes the sessions of the hold it replaced, so they cannot be paid any more. If
 * Stripe cannot be reached the new order is cancelled and its stock returned at once.
 */
export async function startOnlinePayment(
  context: AppLoadContext,
  stripe: Stripe,
  order: PlacedOrder,
  { origin, email, userId }: { origin: string; email?: string; userId: string },
): Promise<OnlinePaymentStart> {
  await Promise.all(order.replacedSessions.map((id) => expireSession(stripe, id)));
  if (order.state.paymentMethod !== "ONLINE") throw new Refusal("This order is paid cash on delivery", 409);
  if (order.duplicate && order.state.paymentStatus === "PAID") throw new Refusal("This order is already paid", 409);
  if (order.duplicate && (order.state.status !== "placed" || order.state.paymentStatus !== "PENDING")) {
    throw new Refusal(CHECKOUT_CLOSED, 409);
  }
  let session: Stripe.Checkout.Session;
  try {
    session = order.state.stripeSessionId
      ? await stripe.checkout.sessions.retrieve(order.state.stripeSessionId)
      : await createCheckoutSession(stripe, order, { origin, email });
    if (!session.url) throw new Error("Stripe returned no checkout URL");
  } catch (error) {
    console.error("Stripe checkout failed", error);
    // Only the request that created the order may give it up; a repeat leaves it to that request.
    if (!order.duplicate) {
      const db = getDb(context);
      const results = await db.batch(cancelStatements(db, { orderId: order.id, by: "payment", actorUserId: userId }, "Payment could not start"));
      publishCancelled(context, results[results.length - 1]);
    }
    throw new Refusal(PAYMENT_UNREACHABLE, 502);
  }
  const awaiting = await attachCheckoutSession(context, order.id, session.id, (session.expires_at ?? 0) * 1000);
  if (session.payment_status === "paid") throw new Refusal("This order is already paid", 409);
  if (!awaiting || session.status !== "open") {
    // Released meanwhile (a newer checkout, a cancel): close the session so it cannot be paid.
    await expireSession(stripe, session.id);
    throw new Refusal(CHECKOUT_CLOSED, 409);
  }
  return { id: session.id, url: session.url };
}

/** Best effort: an already complete or expired session refuses, and a payment on it is flagged by the webhook. */
async function expireSession(stripe: Stripe, sessionId: string) {
  try {
    await stripe.checkout.sessions.expire(sessionId);
  } catch (error) {
    console.warn("Could not expire checkout session", sessionId, (error as Error)?.message);
  }
}

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
type SessionPayload = z.infer<typeof sessionEventSchema>["data"]["object"];

/** What a payment is checked against (see {@link paymentMismatch}). */
const orderForPayment = {
  id: orders.id,
  userId: orders.userId,
  storeId: orders.storeId,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  paymentMethod: orders.paymentMethod,
  total: orders.total,
};

interface OrderForPayment {
  id: string;
  userId: string;
  storeId: string | null;
  status: string;
  paymentStatus: string;
  paymentMethod: string;
  total: number;
}

/**
 * Why a paid Checkout Session may not pay this order, or null when it may. The order was found by
 * its stored session id and nothing else (never `client_reference_id` or metadata, which anyone can
 * put on any session of the account); the session must also be for the order's total in rupees,
 * and the order an online one.
 */
function paymentMismatch(order: OrderForPayment, session: { id: string; amount_total?: number | null; currency?: string | null }): string | null {
  if (order.paymentMethod !== "ONLINE") return `Order ${order.id} is not an online order`;
  if (session.currency !== STORE_CURRENCY) return `Session ${session.id} is in ${session.currency ?? "no currency"}, not ${STORE_CURRENCY}`;
  if (session.amount_total !== order.total) {
    return `Session ${session.id} is for ${session.amount_total ?? "no amount"} paise, the order total is ${order.total}`;
  }
  return null;
}

/** A payment may land on an order awaiting it, or on one cancelled before it was paid (flagged for a refund). */
function notAwaitingPayment(order: OrderForPayment): string | null {
  const awaiting = order.status === "placed" && order.paymentStatus === "PENDING";
  const cancelledUnpaid = order.status === "cancelled" && (order.paymentStatus === "PENDING" || order.paymentStatus === "FAILED");
  return awaiting || cancelledUnpaid ? null : `Order ${order.id} is not awaiting payment (${order.status}, ${order.paymentStatus})`;
}

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
    if (/UNIQUE constraint failed: payment_events\.id|PRIMARY KEY/i.test(String((error as Error)?.message))) {
      return { status: 200, message: "Event already processed" };
    }
    throw error;
  }
  await publishOrderChange(context, { orderId: order.id, storeId: order.storeId, userId: order.userId, status: paid ? "paid" : "cancelled" });
  return { status: 200, message: "Processed" };
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

function paymentIntentId(session: Pick<SessionPayload, "payment_intent">): string | null {
  return typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
}

/**
 * Marks a pending online order paid, at most once (every statement is conditional on it still being
 * placed + PENDING). Paid after it was cancelled: the money needs a refund, so the order is flagged.
 */
function paidStatements(db: Database, orderId: string, paymentId: string | null, now = Date.now()) {
  const awaitingPayment = and(eq(orders.id, orderId), eq(orders.paymentStatus, "PENDING"), eq(orders.status, "placed"));
  return [
    db.insert(orderStatusHistory).select(
      db
        .select({
          id: sql`${newId()}`.as("id"),
          orderId: orders.id,
          status: sql`'paid'`.as("status"),
          actorUserId: sql`null`.as("actor_user_id"),
          note: sql`'Paid online'`.as("note"),
          createdAt: sql`${now}`.as("created_at"),
        })
        .from(orders)
        .where(awaitingPayment),
    ),
    db
      .update(orders)
      .set({
        paymentStatus: "PAID",
        status: "paid",
        paymentId,
        reservationExpiresAt: null,
        version: sql`${orders.version} + 1`,
        updatedAt: now,
      })
      .where(awaitingPayment),
    db
      .update(orders)
      .set({
        needsAttention: true,
        paymentStatus: "PAID",
        paymentId,
        version: sql`${orders.version} + 1`,
        updatedAt: now,
        attentionNote: "Paid after it was cancelled: refund it",
      })
      .where(and(eq(orders.id, orderId), eq(orders.status, "cancelled"), inArray(orders.paymentStatus, ["PENDING", "FAILED"]))),
  ] as const;
}

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
    const results = await db.batch([...release, ...flag]);
    publishCancelled(context, results[release.length - 1]);
    outcome.released++;
  }
  return outcome;
}

/**
 * Attaches the Stripe Checkout Session to its order, always (so a payment on it can still be matched
 * and flagged), and tells whether the order is still awaiting that payment: a newer checkout or a
 * cancel may have released it between the order batch and this call.
 */
async function attachCheckoutSession(context: AppLoadContext, orderId: string, sessionId: string, expiresAt: number): Promise<boolean> {
  const awaiting = sql`${orders.status} = 'placed' and ${orders.paymentStatus} = 'PENDING'`;
  const row = await getDb(context)
    .update(orders)
    .set({
      stripeSessionId: sql`coalesce(${orders.stripeSessionId}, ${sessionId})`,
      reservationExpiresAt: sql`case when ${awaiting} then ${expiresAt} else ${orders.reservationExpiresAt} end`,
      updatedAt: nowMs,
    })
    .where(eq(orders.id, orderId))
    .returning({ awaiting: sql<number>`${awaiting} and ${orders.stripeSessionId} = ${sessionId}` })
    .get();
  return Boolean(row?.awaiting);
}
