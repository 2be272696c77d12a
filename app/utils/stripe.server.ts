/**
 * Stripe on Workers: the fetch HTTP client and WebCrypto signature checks (STACK.md pitfall 14).
 * Built per request from the settings; `STRIPE_API_BASE` points the SDK at a local fake in tests.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import Stripe from "stripe";
import { newId } from "~/lib/ids";
import { getD1 } from "./db.server";
import { getSettings } from "./env.server";
import { attachCheckoutSession, orderLinesFor, releaseStatements, type PlacedOrder } from "./orders.server";

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

export const ONLINE_PAYMENT_UNAVAILABLE =
  "Online payment is not configured on this store yet. Please choose Cash on Delivery.";

/** Server-computed INR line items (paise), one per order line. */
export async function createCheckoutSession(
  stripe: Stripe,
  order: PlacedOrder,
  { origin, email }: { origin: string; email?: string },
) {
  return stripe.checkout.sessions.create(
    {
      mode: "payment",
      currency: "inr",
      client_reference_id: order.id,
      customer_email: email || undefined,
      metadata: { orderId: order.id, orderNumber: order.orderId },
      line_items: order.lines
        .filter((line) => line.finalPrice > 0)
        .map((line) => ({
          quantity: line.quantity,
          price_data: {
            currency: "inr",
            unit_amount: line.finalPrice,
            product_data: { name: `${line.name}${line.unit ? ` (${line.unit})` : ""}` },
          },
        })),
      expires_at: Math.floor(Date.now() / 1000) + 30 * 60 + 60,
      success_url: `${origin}/success?text=Payment&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}/cancel?order=${order.id}`,
    },
    { idempotencyKey: `checkout-${order.id}` },
  );
}

/**
 * Opens the Checkout Session for a just-placed online order. If Stripe cannot be reached the order
 * is cancelled and its stock returned at once; returns null then.
 */
export async function startOnlinePayment(
  context: AppLoadContext,
  stripe: Stripe,
  order: PlacedOrder,
  { origin, email, userId }: { origin: string; email?: string; userId: string },
): Promise<{ id: string; url: string } | null> {
  try {
    const session = await createCheckoutSession(stripe, order, { origin, email });
    if (!session.url) throw new Error("Stripe returned no checkout URL");
    if (!order.duplicate) await attachCheckoutSession(context, order.id, session.id, (session.expires_at ?? 0) * 1000);
    return { id: session.id, url: session.url };
  } catch (error) {
    console.error("Stripe checkout failed", error);
    const d1 = getD1(context);
    await d1.batch(releaseStatements(d1, order.id, await orderLinesFor(d1, order.id), "Payment could not start", userId));
    return null;
  }
}

export const PAYMENT_UNREACHABLE = "We could not reach the payment provider. Please try again or choose Cash on Delivery.";

export type WebhookOutcome = { status: number; message: string };

/**
 * POST /api/order/webhook. Verifies the signature on the raw body; handles each event id once: the
 * `payment_events` insert (primary key = Stripe's event id) is in the same batch as the state change,
 * so a redelivered event fails the batch and changes nothing.
 */
export async function handleStripeWebhook(context: AppLoadContext, request: Request): Promise<WebhookOutcome> {
  const settings = getSettings(context.cloudflare.env);
  const stripe = getStripe(context);
  if (!stripe || !settings.STRIPE_WEBHOOK_SECRET) return { status: 503, message: "Online payment is not configured" };
  const signature = request.headers.get("Stripe-Signature");
  if (!signature) return { status: 400, message: "Missing Stripe-Signature header" };
  const body = await request.text();
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(
      body,
      signature,
      settings.STRIPE_WEBHOOK_SECRET,
      300,
      Stripe.createSubtleCryptoProvider(),
    );
  } catch {
    return { status: 400, message: "Invalid or stale Stripe signature" };
  }

  if (event.type !== "checkout.session.completed" && event.type !== "checkout.session.expired") {
    return { status: 200, message: `Ignored ${event.type}` };
  }
  const session = event.data.object as Stripe.Checkout.Session;
  const d1 = getD1(context);
  const order = await d1
    .prepare("select id, status, payment_status as paymentStatus from orders where stripe_session_id = ? or id = ?")
    .bind(session.id, session.client_reference_id ?? session.metadata?.orderId ?? "")
    .first<{ id: string; status: string; paymentStatus: string }>();
  if (!order) return { status: 200, message: "No order for this session" };

  const recordEvent = d1
    .prepare("insert into payment_events (id, type, order_id) values (?, ?, ?)")
    .bind(event.id, event.type, order.id);
  const now = Date.now();
  let statements: D1PreparedStatement[];
  if (event.type === "checkout.session.completed") {
    if (session.payment_status !== "paid") return { status: 200, message: "Payment not completed yet" };
    statements = [recordEvent, ...paidStatements(d1, order.id, paymentIntentId(session), now)];
  } else {
    statements = [recordEvent, ...releaseStatements(d1, order.id, await orderLinesFor(d1, order.id), "Online payment expired")];
  }
  try {
    await d1.batch(statements);
  } catch (error) {
    if (/UNIQUE constraint failed: payment_events\.id|PRIMARY KEY/i.test(String((error as Error)?.message))) {
      return { status: 200, message: "Event already processed" };
    }
    throw error;
  }
  return { status: 200, message: "Processed" };
}

function paymentIntentId(session: Stripe.Checkout.Session): string | null {
  return typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
}

/**
 * Marks a pending online order paid, at most once (every statement is conditional on it still being
 * placed + PENDING). Paid after it was cancelled: the money needs a refund, so the order is flagged.
 */
export function paidStatements(d1: D1Database, orderId: string, paymentId: string | null, now = Date.now()): D1PreparedStatement[] {
  return [
    d1
      .prepare(
        `insert into order_status_history (id, order_id, status, note, created_at)
         select ?, ?, 'paid', 'Paid online', ? where exists (select 1 from orders where id = ? and payment_status = 'PENDING' and status = 'placed')`,
      )
      .bind(newId(), orderId, now, orderId),
    d1
      .prepare(
        `update orders set payment_status = 'PAID', status = 'paid', payment_id = ?, reservation_expires_at = null, version = version + 1, updated_at = ?
          where id = ? and payment_status = 'PENDING' and status = 'placed'`,
      )
      .bind(paymentId, now, orderId),
    d1
      .prepare(
        `update orders set needs_attention = 1, payment_status = 'PAID', payment_id = ?, version = version + 1, updated_at = ?,
                attention_note = 'Paid after it was cancelled: refund it'
          where id = ? and status = 'cancelled' and payment_status in ('PENDING', 'FAILED')`,
      )
      .bind(paymentId, now, orderId),
  ];
}

/** A webhook that never came: how long after a session's expiry the sweep stops waiting for it. */
export const WEBHOOK_GRACE_MS = 5 * 60 * 1000;

/**
 * The scheduled sweep (every 5 minutes, `[triggers]` in wrangler.toml): online orders still holding
 * stock after their Checkout Session expired, because the webhook was lost. Stripe is asked what
 * happened to each session: paid → the order is marked paid; otherwise its stock is released.
 * When Stripe cannot be reached the order is left for the next run.
 */
export async function sweepExpiredReservations(context: AppLoadContext, now = Date.now()): Promise<{ paid: number; released: number; skipped: number }> {
  const d1 = getD1(context);
  const { results } = await d1
    .prepare(
      `select id, stripe_session_id as sessionId from orders
        where status = 'placed' and payment_status = 'PENDING' and payment_method = 'ONLINE' and reservation_expires_at < ?
        order by reservation_expires_at limit 50`,
    )
    .bind(now - WEBHOOK_GRACE_MS)
    .all<{ id: string; sessionId: string | null }>();
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
    if (session?.payment_status === "paid") {
      await d1.batch(paidStatements(d1, order.id, paymentIntentId(session), now));
      outcome.paid++;
    } else {
      // Still open past its expiry (clock skew): close it first so it cannot be paid after release.
      if (stripe && session?.status === "open") await stripe.checkout.sessions.expire(session.id).catch(() => null);
      await d1.batch(releaseStatements(d1, order.id, await orderLinesFor(d1, order.id), "Online payment expired"));
      outcome.released++;
    }
  }
  return outcome;
}
