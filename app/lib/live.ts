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

/**
 * Between the Worker and the channels' Durable Object only (never from a browser: the Worker sets
 * it on the request it hands over, after authorising the caller): who opens a socket, so the
 * channel can cap each user's sockets and close them when they lose access.
 */
export const LIVE_USER_HEADER = "X-Live-User";

/** The most sockets one user may hold open on one channel: a new one past it is refused (429). */
export const LIVE_SOCKETS_PER_USER = 5;

/** The close code a socket gets when its user may no longer listen (e.g. removed from the store's staff). */
export const LIVE_CLOSE_REVOKED = 4403;

/** The channel's internal paths: a notice to every socket, and the closing of one user's sockets. */
export const LIVE_PUBLISH_PATH = "/publish";
export const LIVE_CLOSE_USER_PATH = "/close-user";
