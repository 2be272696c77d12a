import { describe, expect, it } from "vitest";
import { allowedMoves, DELIVERY_PROMISE_MS, etaFor, formatCountdown, minutesSince, refusalFor, shopperCanCancel } from "~/lib/order-status";
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
