import { useEffect, useRef, useState } from "react";
import { LIVE_PING, LIVE_PONG } from "~/lib/live";
import { usePolling } from "./use-polling";
import { useRevalidateWhenIdle } from "./use-revalidate-when-idle";

/** Keep-alive under proxies that close idle sockets (the Durable Object answers it while hibernating). */
const PING_MS = 30_000;
const MAX_RETRY_MS = 30_000;

/**
 * Re-runs the page's loaders when the live channel at `url` says something changed (decision 028):
 * a WebSocket to a Durable Object that the server notifies after each order write. While the socket
 * is not open (connecting, refused, dropped, or no WebSocket at all) the page polls every
 * `fallbackPollMs` instead, and it reconnects with a growing delay; on each (re)connect it re-reads
 * once, so a change made while it was away is not missed. `url` null turns it all off (an order
 * that is finished). Without JavaScript none of this runs and the page is current on reload.
 */
export function useLiveRevalidate(url: string | null, { fallbackPollMs }: { fallbackPollMs: number }) {
  const revalidate = useRevalidateWhenIdle();
  const [connected, setConnected] = useState(false);
  const latest = useRef(revalidate);
  latest.current = revalidate;

  useEffect(() => {
    if (!url || typeof WebSocket === "undefined") return;
    let socket: WebSocket | null = null;
    let retryMs = 1000;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const connect = () => {
      const wsUrl = new URL(url, window.location.href);
      wsUrl.protocol = wsUrl.protocol === "https:" ? "wss:" : "ws:";
      socket = new WebSocket(wsUrl);
      socket.onopen = () => {
        retryMs = 1000;
        setConnected(true);
        latest.current();
        ping = setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send(LIVE_PING), PING_MS);
      };
      socket.onmessage = (event) => {
        if (event.data !== LIVE_PONG) latest.current();
      };
      socket.onclose = () => {
        clearInterval(ping);
        setConnected(false);
        if (stopped) return;
        retry = setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(ping);
      socket?.close();
      setConnected(false);
    };
  }, [url]);

  usePolling(Boolean(url) && !connected, fallbackPollMs);
  return connected;
}
