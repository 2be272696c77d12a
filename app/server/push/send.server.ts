/**
 * Sending order notices over Web Push (decision 037). An order move (`publishOrderChange`, after the
 * write committed) hands one `order` message to the PUSH_QUEUE in waitUntil: the request never
 * waits for a push service. The queue consumer reads the order and the shopper's subscriptions,
 * encrypts the notice for each (RFC 8291 aes128gcm, VAPID RFC 8292, through
 * @block65/webcrypto-web-push: Web Crypto only) and POSTs it to the push service:
 *
 * - 2xx: delivered to the push service;
 * - 404/410: the subscription is gone: its row is deleted;
 * - 429, 5xx, a network error: a follow-up message for just those subscriptions, with a delay, at
 *   most PUSH_ATTEMPTS in all, so the ones already served are not sent the notice again;
 * - any other answer (400, 403, 413): logged and dropped, retrying would not change it.
 *
 * A message delivered twice (a Worker that died mid-loop) sends the notice twice; it carries the
 * order's tag (the service worker shows one notice per order) and Topic (the push service keeps
 * one pending per order), so the second replaces the first on the device.
 *
 * Without a queue binding (`npm run dev` under Vite) the same delivery runs in waitUntil.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { buildPushPayload } from "@block65/webcrypto-web-push";
import { and, eq } from "drizzle-orm";
import { orders, pushSubscriptions, stores } from "~/db/schema";
import { isPushedStatus, orderNotice, type PushNotice } from "~/lib/push";
import { getDb } from "~/server/db/db.server";
import { getSettings, type Vapid } from "~/server/platform/env.server";

/** One order move to tell its shopper about; `only`: the subscriptions a follow-up is for. */
export type PushMessage = { kind: "order"; orderId: string; status: string; only?: string[]; attempt?: number };

/** What the consumer needs of a queue: Cloudflare's Queue, or a test's recorder. */
export type PushSender = { send(body: PushMessage, options?: QueueSendOptions): Promise<unknown> };

/** Tries per subscription, the first included. */
export const PUSH_ATTEMPTS = 3;
/** A notice older than this is no news: the push service may drop it. */
const PUSH_TTL_SECONDS = 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

/**
 * After an order move: hands it to the queue (or delivers it inline without one). Never rejects;
 * meant for waitUntil. Moves that send no notice (`ready`, …) queue nothing.
 */
export async function queueOrderPush(context: AppLoadContext, change: { orderId: string; status: string }): Promise<void> {
  if (!isPushedStatus(change.status)) return;
  const message: PushMessage = { kind: "order", orderId: change.orderId, status: change.status };
  try {
    const queue = context.cloudflare.env.PUSH_QUEUE as PushSender | undefined;
    if (queue) await queue.send(message, { contentType: "json" });
    else await deliverOrderPush(context, message, inlineSender(context));
  } catch (error) {
    console.error("push: could not queue order notice", change.orderId, change.status, (error as Error)?.message ?? String(error));
  }
}

/** Without a queue binding: follow-ups run at once, in this invocation. */
function inlineSender(context: AppLoadContext): PushSender {
  const sender: PushSender = {
    async send(body) {
      await deliverOrderPush(context, body, sender);
    },
  };
  return sender;
}

/** The queue's handler for PUSH_QUEUE: each message delivered, then acked (a throw retries it). */
export async function consumePushBatch(context: AppLoadContext, batch: MessageBatch<PushMessage>) {
  const queue = (context.cloudflare.env.PUSH_QUEUE as PushSender | undefined) ?? inlineSender(context);
  for (const message of batch.messages) {
    try {
      await deliverOrderPush(context, message.body, queue);
      message.ack();
    } catch (error) {
      console.error("push: message failed", JSON.stringify(message.body), (error as Error)?.message ?? String(error));
      message.retry({ delaySeconds: 30 });
    }
  }
}

export type PushOutcome = { sent: number; gone: number; failed: number; dropped: number };

let warnedOff = false;

/** Sends one order move's notice to the shopper's subscriptions (or those `only` names). */
async function deliverOrderPush(context: AppLoadContext, message: PushMessage, queue: PushSender): Promise<PushOutcome> {
  const outcome: PushOutcome = { sent: 0, gone: 0, failed: 0, dropped: 0 };
  const settings = getSettings(context.cloudflare.env);
  if (!settings.vapid) {
    if (!warnedOff) console.log("push: order notices are off (no VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT)");
    warnedOff = true;
    return outcome;
  }
  const db = getDb(context);
  const order = await db
    .select({
      id: orders.id,
      number: orders.orderId,
      userId: orders.userId,
      deliveryCode: orders.deliveryCode,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      storeName: stores.name,
    })
    .from(orders)
    .leftJoin(stores, eq(stores.id, orders.storeId))
    .where(eq(orders.id, message.orderId))
    .get();
  if (!order || !tellsTheShopper(order, message.status)) return outcome;
  const notice = orderNotice(order, message.status);
  if (!notice) return outcome;
  let subscriptions = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, order.userId));
  if (message.only) subscriptions = subscriptions.filter((s) => message.only!.includes(s.endpoint));
  const retry: string[] = [];
  await Promise.all(
    subscriptions.map(async (subscription) => {
      const result = await sendNotice(settings.vapid!, subscription, notice, message.status, settings.isDev);
      outcome[result]++;
      if (result === "gone") {
        await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, subscription.endpoint), eq(pushSubscriptions.userId, order.userId)));
      } else if (result === "failed") retry.push(subscription.endpoint);
    }),
  );
  const attempt = (message.attempt ?? 1) + 1;
  if (retry.length && attempt <= PUSH_ATTEMPTS) {
    await queue.send({ ...message, only: retry, attempt }, { contentType: "json", delaySeconds: 30 * 2 ** attempt });
  }
  return outcome;
}

/**
 * An online order's `placed` is a checkout waiting for payment (its `paid` tells the shopper), and
 * its cancellation before paying is an abandoned checkout: neither is news to the shopper.
 */
function tellsTheShopper(order: { paymentMethod: string; paymentStatus: string }, status: string) {
  if (order.paymentMethod !== "ONLINE") return true;
  if (status === "placed") return false;
  if (status === "cancelled") return order.paymentStatus !== "PENDING" && order.paymentStatus !== "FAILED";
  return true;
}

const LOOPBACK = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?\//;

/** One POST to a push service, and what its answer means. */
async function sendNotice(
  vapid: Vapid,
  subscription: { endpoint: string; p256dh: string; auth: string },
  notice: PushNotice,
  status: string,
  isDev: boolean,
): Promise<"sent" | "gone" | "failed" | "dropped"> {
  // The library builds for https push services only (RFC 8030). Outside production the local push
  // service (tests, `npm start`) listens on plain http on a loopback host: the request is built for
  // its https form and posted to it as it is.
  const local = isDev && LOOPBACK.test(subscription.endpoint);
  try {
    const request = await buildPushPayload(
      {
        data: notice,
        options: {
          ttl: PUSH_TTL_SECONDS,
          // The rider at the door and a substitution's answer both wait on the shopper.
          urgency: status === "out_for_delivery" || status === "substitution" ? "high" : "normal",
          topic: notice.tag?.replace(/[^A-Za-z0-9_-]/g, "").slice(-32),
        },
      },
      {
        endpoint: local ? subscription.endpoint.replace(/^http:/, "https:") : subscription.endpoint,
        expirationTime: null,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateJWK.d! },
    );
    const response = await fetch(subscription.endpoint, {
      method: "POST",
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.ok) return "sent";
    if (response.status === 404 || response.status === 410) return "gone";
    if (response.status === 429 || response.status >= 500) return "failed";
    console.error("push: the push service refused a notice", response.status, new URL(subscription.endpoint).host);
    return "dropped";
  } catch (error) {
    console.error("push: could not send a notice", new URL(subscription.endpoint).host, (error as Error)?.message ?? String(error));
    return "failed";
  }
}
