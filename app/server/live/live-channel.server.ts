/**
 * The Durable Object behind the live channels (decision 028). One instance per channel name:
 * `order:<id>` (the shopper's order page), `store:<id>` (that store's queue) and `stores` (the
 * admin board across stores). Pages connect over a WebSocket that the instance accepts with the
 * hibernation API, so an idle channel costs nothing while it waits; a write that changed an order
 * POSTs a small notice to `/publish` and the instance sends it to every socket it holds.
 *
 * It keeps no state of its own: the notice only says "this order changed" and each page re-reads
 * what it shows through its own loaders, with its own authorisation. Authorisation to connect is
 * decided before the request reaches here (live-routes.server.ts), which names the user in
 * LIVE_USER_HEADER; each socket is tagged with that user, so:
 * - one user holds at most LIVE_SOCKETS_PER_USER sockets on a channel: the next connect is refused
 *   with 429 (the page polls instead) rather than closing an older tab, which would reconnect and
 *   close another in turn. Counting and accepting happen with no await between them, and a Durable
 *   Object runs one event at a time, so parallel connects cannot overshoot;
 * - `POST /close-user { userId }` closes that user's sockets at once (staff removed from a store).
 */

import { LIVE_CLOSE_REVOKED, LIVE_CLOSE_USER_PATH, LIVE_PING, LIVE_PONG, LIVE_PUBLISH_PATH, LIVE_SOCKETS_PER_USER, LIVE_USER_HEADER } from "~/lib/live";

/**
 * What a page receives: enough to decide whether to re-read, nothing a page may not know. An order
 * changed, or (store channels) a staff member was locked out of deliveries.
 */
type LiveNotice = { type?: "order"; orderId: string; status: string; at: number } | { type: "staff-locked"; userId: string; until: number; at: number };

const userTag = (userId: string) => `user:${userId}`;

export class LiveChannel implements DurableObject {
  constructor(
    private readonly state: DurableObjectState,
    _env: unknown,
  ) {
    state.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG));
  }

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (request.headers.get("Upgrade")?.toLowerCase() === "websocket") {
      const userId = request.headers.get(LIVE_USER_HEADER);
      if (!userId) return new Response("Forbidden", { status: 403 });
      if (this.state.getWebSockets(userTag(userId)).length >= LIVE_SOCKETS_PER_USER) {
        return new Response(`Too many open live connections: at most ${LIVE_SOCKETS_PER_USER} per page kind; close a tab`, {
          status: 429,
          headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60", "Cache-Control": "no-store" },
        });
      }
      const { 0: client, 1: server } = new WebSocketPair();
      this.state.acceptWebSocket(server, [userTag(userId)]);
      return new Response(null, { status: 101, webSocket: client });
    }
    if (request.method === "POST" && url.pathname === LIVE_CLOSE_USER_PATH) {
      const { userId } = (await request.json()) as { userId: string };
      let closed = 0;
      for (const socket of this.state.getWebSockets(userTag(userId))) {
        try {
          socket.close(LIVE_CLOSE_REVOKED, "No longer allowed on this channel");
          closed++;
        } catch {
          // already closing
        }
      }
      return Response.json({ closed });
    }
    if (request.method === "POST" && url.pathname === LIVE_PUBLISH_PATH) {
      const notice = (await request.json()) as LiveNotice;
      const message = JSON.stringify(
        notice.type === "staff-locked"
          ? { type: "staff-locked", userId: notice.userId, until: notice.until, at: notice.at }
          : { type: "order", orderId: notice.orderId, status: notice.status, at: notice.at },
      );
      let sent = 0;
      for (const socket of this.state.getWebSockets()) {
        try {
          socket.send(message);
          sent++;
        } catch {
          // A socket closing meanwhile: it is gone from getWebSockets() on the next publish.
        }
      }
      return Response.json({ sent });
    }
    return new Response("Not Found", { status: 404 });
  }

  /** Pages send nothing but the keep-alive (auto-answered); anything else is ignored. */
  async webSocketMessage(): Promise<void> {}

  async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    try {
      // 1005/1006 have no wire form: answer a plain close.
      socket.close(code === 1005 || code === 1006 ? 1000 : code, "closing");
    } catch {
      // already closed
    }
  }

  async webSocketError(socket: WebSocket): Promise<void> {
    try {
      socket.close(1011, "error");
    } catch {
      // already closed
    }
  }
}
