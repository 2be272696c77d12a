/**
 * Telling connected pages that an order changed (decision 028). Every write that changes an order
 * calls `publishOrderChange` after it committed; the notice goes to the order's live channel (its
 * shopper's page), its store's channel (the store's queue) and the all-stores channel (the admin
 * board), each a `LiveChannel` Durable Object (app/server/live/live-channel.server.ts).
 *
 * Never part of the write: the sends run after the response through `waitUntil`, and whatever goes
 * wrong (no binding, a Durable Object error or timeout) is logged, not thrown. A page that misses a
 * notice still shows the truth on its next read: the hook re-reads on reconnect and polls while
 * disconnected (useLiveRevalidate).
 *
 * The moves a shopper is told about also go to the PUSH_QUEUE, whose consumer sends a Web Push
 * notice to the shopper's subscribed browsers (app/server/push/send.server.ts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { liveChannelNames } from "~/lib/live";
import { isPushedStatus } from "~/lib/push";
import { queueOrderPush } from "~/server/push/send.server";

export interface OrderChange {
  /** The order's row id (`orders.id`). */
  orderId: string;
  /** The dark store serving it (null for orders placed before stores existed). */
  storeId: string | null;
  /** The shopper. */
  userId: string;
  status: string;
}

export async function publishOrderChange(context: AppLoadContext, change: OrderChange): Promise<void> {
  // Its shopper's phones (decision 037): one queue message, handed to waitUntil with the live sends.
  const pushed = isPushedStatus(change.status) ? queueOrderPush(context, change) : null;
  let handed = false;
  const handOn = (work: Promise<unknown>) => {
    context.cloudflare.ctx.waitUntil(work);
    handed = true;
  };
  try {
    const namespace = context.cloudflare.env.LIVE;
    if (!namespace) {
      // `npm run dev` (Vite) has no Durable Objects: pages poll instead.
      if (pushed) handOn(pushed);
      return;
    }
    const body = JSON.stringify({ orderId: change.orderId, status: change.status, at: Date.now() });
    const sends = liveChannelNames(change).map((name) =>
      namespace
        .get(namespace.idFromName(name))
        .fetch("https://live.internal/publish", { method: "POST", body, headers: { "Content-Type": "application/json" } })
        .then((response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          return response.body?.cancel();
        }),
    );
    const settled = Promise.allSettled(sends).then((results) => {
      for (const result of results) if (result.status === "rejected") logFailure(change, result.reason);
    });
    handOn(pushed ? Promise.all([settled, pushed]).then(() => undefined) : settled);
  } catch (error) {
    logFailure(change, error);
    // The live sends failed at once: the shopper's notice still goes (it never rejects).
    if (pushed && !handed) {
      try {
        context.cloudflare.ctx.waitUntil(pushed);
      } catch (again) {
        logFailure(change, again);
      }
    }
  }
}

function logFailure(change: OrderChange, error: unknown) {
  console.error("live: could not publish order change", change.orderId, change.status, (error as Error)?.message ?? String(error));
}
