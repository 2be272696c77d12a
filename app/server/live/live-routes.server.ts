/**
 * The live channels pages connect to (decision 028):
 *
 * - `GET /live/order/:orderId`: the order's shopper, admins, and the staff of the order's store;
 * - `GET /live/store/:storeId`: that store's staff and admins;
 * - `GET /live/stores`: admins (the order board across every store).
 *
 * Each is a WebSocket upgrade handed to the channel's Durable Object once the caller is allowed.
 * The Worker answers them before Remix and the edge cache (workers/app.ts): nothing here is ever
 * cached, and the 101 response is passed on untouched. Refusals: 401 signed out, 403 another site
 * or not allowed, 404 an order that does not exist or is not the caller's to see (as the order
 * page), 426 without an Upgrade header, 405 for anything but GET, 429 past the sockets one user may
 * hold on a channel (LIVE_SOCKETS_PER_USER), 503 where Durable Objects are not available (`npm run
 * dev`: pages poll instead).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { orders } from "~/db/schema";
import { isId } from "~/lib/ids";
import { LIVE_USER_HEADER } from "~/lib/live";
import { getSettings } from "~/server/platform/env.server";
import { startedByAnotherSite } from "~/server/http/origin-check.server";
import { getApiUser, type SessionUser } from "~/server/identity/auth.server";
import { getDb } from "~/server/db/db.server";
import { canSeeStore } from "./store-staff.server";

const NO_STORE = { "Cache-Control": "no-store" };

function refuse(status: number, message: string, headers: Record<string, string> = {}) {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE, ...headers } });
}

export function isLivePath(pathname: string): boolean {
  return pathname === "/live" || pathname.startsWith("/live/");
}

type Channel = { kind: "order"; id: string } | { kind: "store"; id: string } | { kind: "stores" };

function channelOf(pathname: string): Channel | null {
  if (pathname === "/live/stores") return { kind: "stores" };
  const match = /^\/live\/(order|store)\/([^/]+)$/.exec(pathname);
  if (!match || !isId(match[2])) return null;
  return { kind: match[1] as "order" | "store", id: match[2] };
}

/** Whether this caller may listen on the channel; a 404 for an order they may not see, like the order page. */
async function authorise(context: AppLoadContext, user: SessionUser, channel: Channel): Promise<Response | string> {
  if (channel.kind === "stores") return user.role === "ADMIN" ? "stores" : refuse(403, "Do not have permission");
  if (channel.kind === "store") {
    return (await canSeeStore(context, user, channel.id)) ? `store:${channel.id}` : refuse(403, "Do not have permission");
  }
  const order = await getDb(context).select({ userId: orders.userId, storeId: orders.storeId }).from(orders).where(eq(orders.id, channel.id)).get();
  const allowed = order && (order.userId === user.id || user.role === "ADMIN" || (order.storeId !== null && (await canSeeStore(context, user, order.storeId))));
  return allowed ? `order:${channel.id}` : refuse(404, "Order not found");
}

export async function handleLive(request: Request, context: AppLoadContext): Promise<Response> {
  const url = new URL(request.url);
  const channel = channelOf(url.pathname);
  if (!channel) return refuse(404, "Not Found");
  if (request.method !== "GET") return refuse(405, "Method Not Allowed", { Allow: "GET" });
  // A page of another site may open a WebSocket here with the visitor's cookies: refused.
  if (startedByAnotherSite(request, getSettings(context.cloudflare.env))) return refuse(403, "Cross-site connection refused");
  const user = await getApiUser(request, context);
  if (!user) return refuse(401, "Please Login");
  const name = await authorise(context, user, channel);
  if (typeof name !== "string") return name;
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
    return refuse(426, "This is a WebSocket endpoint: connect with Upgrade: websocket", { Upgrade: "websocket" });
  }
  const namespace = context.cloudflare.env.LIVE;
  if (!namespace) return refuse(503, "Live updates are not available here: the page refreshes by itself instead");
  // The channel tags the socket with its user (caps and revocation); a header the browser sent is overwritten.
  const headers = new Headers(request.headers);
  headers.set(LIVE_USER_HEADER, user.id);
  return namespace.get(namespace.idFromName(name)).fetch(new Request(request.url, { method: "GET", headers }));
}
