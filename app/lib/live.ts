/**
 * The live channels' names and URLs (decision 028), shared by the server that publishes and
 * authorises them and the pages that connect to them.
 */

/** The Durable Object names a change to this order is sent to. */
export function liveChannelNames(change: { orderId: string; storeId: string | null }): string[] {
  return [`order:${change.orderId}`, ...(change.storeId ? [`store:${change.storeId}`] : []), "stores"];
}

/** The page URL of an order's channel: its shopper, admins and its store's staff. */
export const liveOrderUrl = (orderId: string) => `/live/order/${encodeURIComponent(orderId)}`;

/** A store's channel (its staff and admins), or every store's (admins) when no store is given. */
export const liveStoreUrl = (storeId?: string | null) => (storeId ? `/live/store/${encodeURIComponent(storeId)}` : "/live/stores");

/** The page's keep-alive and its answer, given by the runtime without waking the Durable Object. */
export const LIVE_PING = "ping";
export const LIVE_PONG = "pong";
