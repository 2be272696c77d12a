/**
 * The order life cycle, shared by the server (which enforces it) and the pages (which offer only
 * the moves it allows). placed (or paid) → packed (picking done) → ready (for pickup) → out for
 * delivery → delivered; cancel from any state before delivered. Nothing leaves delivered or
 * cancelled (docs/decisions/027-store-operations.md).
 */
import type { OrderStatus } from "~/db/schema";

export const STATUS_LABELS: Record<OrderStatus, string> = {
  placed: "Placed",
  paid: "Paid",
  packed: "Packed",
  ready: "Ready for pickup",
  out_for_delivery: "Out for delivery",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

/** The one forward move from each state (cancel is separate). */
const NEXT: Partial<Record<OrderStatus, OrderStatus>> = {
  placed: "packed",
  paid: "packed",
  packed: "ready",
  ready: "out_for_delivery",
  out_for_delivery: "delivered",
};

/** Admin button labels for the forward move. */
export const NEXT_ACTION_LABELS: Partial<Record<OrderStatus, string>> = {
  packed: "Mark packed",
  ready: "Ready for pickup",
  out_for_delivery: "Send out for delivery",
  delivered: "Mark delivered",
};

/** Where an admin may move an order to from here (forward move and cancel). */
export function allowedMoves(status: OrderStatus): OrderStatus[] {
  if (status === "delivered" || status === "cancelled") return [];
  const next = NEXT[status];
  return next ? [next, "cancelled"] : ["cancelled"];
}

export function nextStatus(status: OrderStatus): OrderStatus | null {
  return NEXT[status] ?? null;
}

/** Shoppers may cancel only before packing starts. */
export function shopperCanCancel(status: OrderStatus): boolean {
  return status === "placed" || status === "paid";
}

/** Why a move is refused, in words an admin or shopper can act on; null when it is allowed. */
export function refusalFor(from: OrderStatus, to: OrderStatus): string | null {
  if (from === to) return `This order is already ${STATUS_LABELS[to].toLowerCase()}`;
  if (from === "cancelled") return "This order was cancelled: it can no longer be changed";
  if (from === "delivered" && to === "cancelled") return "This order was delivered: it can no longer be cancelled";
  if (from === "delivered") return `This order was delivered: it cannot go back to ${STATUS_LABELS[to].toLowerCase()}`;
  if (!allowedMoves(from).includes(to)) {
    return `An order that is ${STATUS_LABELS[from].toLowerCase()} cannot move to ${STATUS_LABELS[to].toLowerCase()}`;
  }
  return null;
}

/** States in a store's queue: being picked, packed, waiting for a rider, or on the way. */
export const OPEN_STATUSES = ["placed", "paid", "packed", "ready", "out_for_delivery"] as const satisfies readonly OrderStatus[];

/** Wrong delivery codes allowed before only an admin can mark the order delivered. */
export const DELIVERY_CODE_TRIES = 5;

/** The promise: delivered within ten minutes of placing the order (an order's store may promise its own minutes). */
export const DELIVERY_PROMISE_MS = 10 * 60 * 1000;

/** When an order is due: its store's delivery minutes after it was placed (decision 020), else the ten-minute promise. */
export function deliveryDueAt(order: { createdAt: number; etaMinutes?: number | null }): number {
  return order.createdAt + (order.etaMinutes ? order.etaMinutes * 60 * 1000 : DELIVERY_PROMISE_MS);
}

export type Eta =
  | { kind: "due"; dueAt: number; remainingMs: number }
  | { kind: "late"; dueAt: number; lateMs: number }
  | { kind: "delivered"; at: number }
  | { kind: "cancelled" };

/** The delivery estimate at `now` for an order placed at `placedAt`. */
export function etaFor(order: { status: OrderStatus; createdAt: number; deliveredAt?: number | null; etaMinutes?: number | null }, now: number): Eta {
  if (order.status === "cancelled") return { kind: "cancelled" };
  if (order.status === "delivered") return { kind: "delivered", at: order.deliveredAt ?? order.createdAt };
  const dueAt = deliveryDueAt(order);
  return now < dueAt ? { kind: "due", dueAt, remainingMs: dueAt - now } : { kind: "late", dueAt, lateMs: now - dueAt };
}

/** "7:05" (minutes:seconds), rounding up so the clock reaches 0:00 exactly when due. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, "0")}`;
}

/** Whole minutes since `since`, for the admin board ("4 min ago"). */
export function minutesSince(since: number, now: number): number {
  return Math.max(0, Math.floor((now - since) / 60000));
}
