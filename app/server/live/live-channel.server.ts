/**
 * The Durable Object behind the live channels (decision 028). One instance per channel name:
 * `order:<id>` (the shopper's order page), `store:<id>` (that store's queue) and `stores` (the
 * admin board across stores). Pages connect over a WebSocket that the instance accepts with the
 * hibernation API, so an idle channel costs nothing while it waits; a write that changed an order
 * POSTs a small notice to `/publish` and the instance sends it to every socket it holds.
 *
 * It keeps no state of its own: the notice only says "this order changed" and each page re-reads
 * what it shows through its own loaders, with its own authorisation. Authorisation to connect is
 * decided before the request reaches here (live-routes.server.ts).
 */

import { LIVE_PING, LIVE_PONG } from "~/lib/live";

/** What a page receives: enough to decide whether to re-read, nothing a page may not know. */
interface LiveNotice {
  orderId: string;
  status: string;
  at: number;
}

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
      const { 0: client, 1: server } = new WebSocketPair();
      this.state.acceptWebSocket(server);
      return new Response(null, { status: 101, webSocket: client });
    }
    if (request.method === "POST" && url.pathname === "/publish") {
      const notice = (await request.json()) as LiveNotice;
      const message = JSON.stringify({ type: "order", orderId: notice.orderId, status: notice.status, at: notice.at });
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
