/**
 * Order notices over Web Push (decision 037), the parts that run anywhere: which endpoints the
 * store will call, and what each order move says. The service worker (public /sw.js) shows the
 * payload as sent: `{ title, body, url, tag }`, `url` a path of this site.
 */
import type { OrderStatus } from "~/db/schema";

/** What the service worker receives (its `push` handler shows it; a click opens `url`). */
export type PushNotice = {
  title: string;
  body: string;
  /** A same-origin path, e.g. /dashboard/myorders/ID. */
  url: string;
  /** One notice per order on the device: a newer one (or a redelivered one) replaces the last. */
  tag?: string;
};

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Why the store will not send to `endpoint`, or null. Push services are public https hosts (RFC
 * 8030), so an endpoint is https on the default port with a host name, never an IP literal, a
 * loopback or internal name, nor credentials: the Worker must not become a way to POST into
 * places a shopper chooses. Outside production a push service on this machine (http or https on a
 * loopback host, any port) is allowed too: the local push service of the tests and `npm start`.
 */
export function pushEndpointProblem(endpoint: string, { allowLoopback }: { allowLoopback: boolean }): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "endpoint is not a URL";
  }
  if (url.username || url.password) return "endpoint must not carry credentials";
  if (allowLoopback && LOOPBACK_HOSTS.has(url.hostname) && (url.protocol === "http:" || url.protocol === "https:")) return null;
  if (url.protocol !== "https:") return "endpoint must use https";
  if (url.port) return "endpoint must use the default https port";
  const host = url.hostname;
  if (LOOPBACK_HOSTS.has(host) || host.startsWith("[") || /^[\d.]+$/.test(host) || !host.includes(".") || /\.(local|internal|localhost)$/.test(host)) {
    return "endpoint must be a push service's public host name";
  }
  return null;
}

/** Order moves that send a notice. `ready` does not: `packed` already said it waits for a rider. */
export const PUSHED_STATUSES = ["placed", "paid", "packed", "out_for_delivery", "delivered", "cancelled"] as const satisfies readonly OrderStatus[];

/**
 * Not a move: a substitution proposal waits for the shopper's answer (decision 043). It goes the
 * same way as the moves (after the write, through the queue) with its own text.
 */
export const SUBSTITUTION_NOTICE = "substitution";

/**
 * Not a move either: a report of the order's items was decided (decision 050), approved (in full or
 * in part) or declined. The order page says how much and why.
 */
const REPORT_NOTICES = ["report_approved", "report_declined"] as const;
export type ReportNotice = (typeof REPORT_NOTICES)[number];

export function isPushedStatus(status: string): status is (typeof PUSHED_STATUSES)[number] | typeof SUBSTITUTION_NOTICE | ReportNotice {
  return (PUSHED_STATUSES as readonly string[]).includes(status) || status === SUBSTITUTION_NOTICE || (REPORT_NOTICES as readonly string[]).includes(status);
}

/** The notice for an order that moved to `status`; null for moves that send none. */
export function orderNotice(order: { id: string; number: string; deliveryCode: string | null; storeName?: string | null }, status: string): PushNotice | null {
  if (!isPushedStatus(status)) return null;
  const url = `/dashboard/myorders/${order.id}`;
  const tag = `order-${order.id}`;
  if (status === SUBSTITUTION_NOTICE) {
    return {
      title: "A substitution is waiting for your answer",
      body: `An item of your order ${order.number} is short: accept or decline the replacement we suggest.`,
      url,
      tag,
    };
  }
  if (status === "report_approved") {
    return { title: "Report approved", body: `We approved your report on order ${order.number}: your refund is on its way.`, url, tag };
  }
  if (status === "report_declined") {
    return { title: "Report decided", body: `We looked into your report on order ${order.number}: see our answer on the order page.`, url, tag };
  }
  const at = order.storeName ? ` at ${order.storeName}` : "";
  const texts: Record<(typeof PUSHED_STATUSES)[number], [string, string]> = {
    placed: ["Order placed", `We have your order ${order.number}. We'll tell you when it's packed.`],
    paid: ["Payment received", `Your order ${order.number} is paid and placed. We'll tell you when it's packed.`],
    packed: ["Order packed", `Your order ${order.number} is packed${at} and waits for a rider.`],
    out_for_delivery: [
      "Out for delivery",
      order.deliveryCode
        ? `Your order ${order.number} is on its way. Give the rider the delivery code ${order.deliveryCode}.`
        : `Your order ${order.number} is on its way.`,
    ],
    delivered: ["Delivered", `Your order ${order.number} was delivered. Enjoy!`],
    cancelled: ["Order cancelled", `Your order ${order.number} was cancelled.`],
  };
  const [title, body] = texts[status];
  return { title, body, url, tag };
}
