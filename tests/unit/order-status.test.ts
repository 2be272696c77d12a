import { describe, expect, it } from "vitest";
import {
  allowedMoves,
  deliveryDueAt,
  DELIVERY_PROMISE_MS,
  etaFor,
  formatCountdown,
  minutesSince,
  NEXT_ACTION_LABELS,
  nextStatus,
  OPEN_STATUSES,
  refusalFor,
  shopperCanCancel,
  STATUS_LABELS,
} from "~/lib/order-status";
import { boardActionSchema, boardQuerySchema } from "~/lib/schemas/fulfilment";

describe("order life cycle", () => {
  it("moves forward one step at a time, cancel until delivered, nothing after", () => {
    expect(allowedMoves("placed")).toEqual(["packed", "cancelled"]);
    expect(allowedMoves("paid")).toEqual(["packed", "cancelled"]);
    expect(allowedMoves("packed")).toEqual(["ready", "cancelled"]);
    expect(allowedMoves("ready")).toEqual(["out_for_delivery", "cancelled"]);
    expect(allowedMoves("out_for_delivery")).toEqual(["delivered", "cancelled"]);
    expect(allowedMoves("delivered")).toEqual([]);
    expect(allowedMoves("cancelled")).toEqual([]);
  });

  it("explains every refusal", () => {
    expect(refusalFor("placed", "packed")).toBeNull();
    expect(refusalFor("placed", "delivered")).toBe("An order that is placed cannot move to delivered");
    expect(refusalFor("delivered", "packed")).toBe("This order was delivered: it cannot go back to packed");
    expect(refusalFor("delivered", "cancelled")).toBe("This order was delivered: it can no longer be cancelled");
    expect(refusalFor("cancelled", "packed")).toBe("This order was cancelled: it can no longer be changed");
    expect(refusalFor("packed", "packed")).toBe("This order is already packed");
  });

  it("lets shoppers cancel only before packing", () => {
    expect(["placed", "paid"].every((s) => shopperCanCancel(s as "placed"))).toBe(true);
    expect(["packed", "out_for_delivery", "delivered", "cancelled"].some((s) => shopperCanCancel(s as "placed"))).toBe(false);
  });
});

describe("ETA", () => {
  const placed = Date.UTC(2026, 10, 23, 9, 0, 0);
  it("counts down from ten minutes, then says it is late", () => {
    expect(etaFor({ status: "placed", createdAt: placed }, placed)).toEqual({
      kind: "due",
      dueAt: placed + DELIVERY_PROMISE_MS,
      remainingMs: DELIVERY_PROMISE_MS,
    });
    expect(etaFor({ status: "packed", createdAt: placed }, placed + 11 * 60_000)).toEqual({
      kind: "late",
      dueAt: placed + DELIVERY_PROMISE_MS,
      lateMs: 60_000,
    });
    expect(etaFor({ status: "delivered", createdAt: placed, deliveredAt: placed + 420_000 }, placed + 1e6)).toEqual({
      kind: "delivered",
      at: placed + 420_000,
    });
    expect(etaFor({ status: "cancelled", createdAt: placed }, placed)).toEqual({ kind: "cancelled" });
  });
  it("formats the countdown as m:ss, rounding up", () => {
    expect(formatCountdown(DELIVERY_PROMISE_MS)).toBe("10:00");
    expect(formatCountdown(425_001)).toBe("7:06");
    expect(formatCountdown(0)).toBe("0:00");
    expect(formatCountdown(-5)).toBe("0:00");
    expect(minutesSince(placed, placed + 61_000)).toBe(1);
  });
});

describe("board input", () => {
  it("falls back to all orders for unknown filters and caps the search", () => {
    expect(boardQuerySchema.parse({ status: "bogus", q: undefined })).toEqual({ status: "all", q: "" });
    expect(boardQuerySchema.parse({ status: "attention", q: `  ${"x".repeat(300)} ` }).q).toHaveLength(100);
  });
  it("accepts a move with the version the admin saw, refuses unknown intents and targets", () => {
    expect(boardActionSchema.parse({ intent: "move", orderId: "a".repeat(24), to: "packed", version: "3" })).toEqual({
      intent: "move",
      orderId: "a".repeat(24),
      to: "packed",
      version: 3,
    });
    expect(boardActionSchema.safeParse({ intent: "move", orderId: "a".repeat(24), to: "placed" }).success).toBe(false);
    expect(boardActionSchema.safeParse({ intent: "explode", orderId: "a".repeat(24) }).success).toBe(false);
  });
});

describe("order life cycle, every step", () => {
  it("names each state and each forward move as staff and shoppers read them", () => {
    expect(STATUS_LABELS).toEqual({
      placed: "Placed",
      paid: "Paid",
      packed: "Packed",
      ready: "Ready for pickup",
      out_for_delivery: "Out for delivery",
      delivered: "Delivered",
      cancelled: "Cancelled",
    });
    expect(NEXT_ACTION_LABELS).toEqual({
      packed: "Mark packed",
      ready: "Ready for pickup",
      out_for_delivery: "Send out for delivery",
      delivered: "Mark delivered",
    });
    expect(OPEN_STATUSES).toEqual(["placed", "paid", "packed", "ready", "out_for_delivery"]);
  });

  it("has one next state before delivery and none after", () => {
    expect(nextStatus("placed")).toBe("packed");
    expect(nextStatus("paid")).toBe("packed");
    expect(nextStatus("packed")).toBe("ready");
    expect(nextStatus("ready")).toBe("out_for_delivery");
    expect(nextStatus("out_for_delivery")).toBe("delivered");
    expect(nextStatus("delivered")).toBeNull();
    expect(nextStatus("cancelled")).toBeNull();
  });

  it("allows cancelling any open order, and says which state an order already is in", () => {
    for (const from of OPEN_STATUSES) expect(refusalFor(from, "cancelled"), from).toBeNull();
    expect(refusalFor("out_for_delivery", "delivered")).toBeNull();
    expect(refusalFor("paid", "paid")).toBe("This order is already paid");
    expect(refusalFor("ready", "ready")).toBe("This order is already ready for pickup");
    expect(refusalFor("out_for_delivery", "out_for_delivery")).toBe("This order is already out for delivery");
    expect(refusalFor("cancelled", "cancelled")).toBe("This order is already cancelled");
    expect(refusalFor("delivered", "delivered")).toBe("This order is already delivered");
    expect(refusalFor("ready", "packed")).toBe("An order that is ready for pickup cannot move to packed");
    expect(refusalFor("paid", "out_for_delivery")).toBe("An order that is paid cannot move to out for delivery");
    expect(refusalFor("cancelled", "delivered")).toBe("This order was cancelled: it can no longer be changed");
  });

  it("lets a shopper cancel exactly the placed and paid orders", () => {
    expect(Object.fromEntries(Object.keys(STATUS_LABELS).map((s) => [s, shopperCanCancel(s as "placed")]))).toEqual({
      placed: true,
      paid: true,
      packed: false,
      ready: false,
      out_for_delivery: false,
      delivered: false,
      cancelled: false,
    });
  });
});

describe("due time", () => {
  const placed = Date.UTC(2026, 10, 23, 9, 0, 0);
  it("is the store's minutes after placing, or the ten-minute promise without them", () => {
    expect(deliveryDueAt({ createdAt: placed, etaMinutes: 25 })).toBe(placed + 25 * 60_000);
    expect(deliveryDueAt({ createdAt: placed, etaMinutes: null })).toBe(placed + 10 * 60_000);
    expect(deliveryDueAt({ createdAt: placed, etaMinutes: 0 })).toBe(placed + 10 * 60_000);
    expect(deliveryDueAt({ createdAt: placed })).toBe(placed + 10 * 60_000);
  });

  it("is late from the due moment itself", () => {
    const dueAt = placed + DELIVERY_PROMISE_MS;
    expect(etaFor({ status: "ready", createdAt: placed }, dueAt - 1)).toEqual({ kind: "due", dueAt, remainingMs: 1 });
    expect(etaFor({ status: "ready", createdAt: placed }, dueAt)).toEqual({ kind: "late", dueAt, lateMs: 0 });
    expect(etaFor({ status: "ready", createdAt: placed, etaMinutes: 30 }, dueAt)).toEqual({
      kind: "due",
      dueAt: placed + 30 * 60_000,
      remainingMs: 20 * 60_000,
    });
  });

  it("dates a delivery without a recorded time at its order", () => {
    expect(etaFor({ status: "delivered", createdAt: placed, deliveredAt: null }, placed + 1)).toEqual({ kind: "delivered", at: placed });
  });

  it("counts down in m:ss and whole minutes since", () => {
    expect(formatCountdown(65_000)).toBe("1:05");
    expect(formatCountdown(1)).toBe("0:01");
    expect(formatCountdown(59_001)).toBe("1:00");
    expect(minutesSince(placed, placed + 59_999)).toBe(0);
    expect(minutesSince(placed, placed + 60_000)).toBe(1);
    expect(minutesSince(placed, placed + 150_000)).toBe(2);
    expect(minutesSince(placed + 60_000, placed)).toBe(0);
  });
});
