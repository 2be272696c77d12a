/**
 * What store operations tell a dark store's live channel (decision 028) besides order changes:
 * close a removed staff member's sockets, and tell the store that a staff member was locked out of
 * deliveries. Both go to the `store:<id>` LiveChannel Durable Object (app/server/live/live-channel.server.ts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { LIVE_CLOSE_USER_PATH, LIVE_PUBLISH_PATH } from "~/lib/live";

async function postToStoreChannel(context: AppLoadContext, storeId: string, path: string, body: unknown): Promise<void> {
  const namespace = context.cloudflare.env.LIVE;
  if (!namespace) return; // `npm run dev` (Vite) has no Durable Objects: nothing is connected.
  const response = await namespace
    .get(namespace.idFromName(`store:${storeId}`))
    .fetch(`https://live.internal${path}`, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
}

/**
 * Closes the store channel's sockets of `userId`, awaited: when the removal answers, the socket is
 * closed and hears no later notice. A failure is logged: the removal stands, and the page's own
 * reads are refused from now on (they check access on every read).
 */
export async function closeStaffSockets(context: AppLoadContext, storeId: string, userId: string): Promise<void> {
  try {
    await postToStoreChannel(context, storeId, LIVE_CLOSE_USER_PATH, { userId });
  } catch (error) {
    console.error("live: could not close a removed staff member's sockets", storeId, (error as Error)?.message ?? String(error));
  }
}

/** Tells the store's connected pages that a staff member may not deliver until `until` (best effort). */
export async function publishStaffLocked(context: AppLoadContext, storeId: string, userId: string, until: number): Promise<void> {
  try {
    await postToStoreChannel(context, storeId, LIVE_PUBLISH_PATH, { type: "staff-locked", userId, until, at: Date.now() });
  } catch (error) {
    console.error("live: could not publish a staff lock", storeId, (error as Error)?.message ?? String(error));
  }
}
