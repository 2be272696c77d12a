/**
 * Order fulfilment input, shared by the admin board's forms, the shopper's order page and /api.
 * Page forms name the order `orderId`; /api bodies name it `_id` like every other /api entity.
 */
import * as z from "zod";
import { ORDER_STATUSES } from "~/db/schema";
import { ID_PATTERN } from "../ids";

const orderId = z.string({ error: "Choose an order" }).regex(ID_PATTERN, "That is not a valid order id");
/** The version the page was rendered with: a stale one means someone else changed the order. */
const version = z.coerce.number({ error: "version must be a number" }).int("version must be a whole number").min(0, "version must be 0 or more").optional();

const MOVE_TARGETS = ["packed", "ready", "out_for_delivery", "delivered", "cancelled"] as const;
const target = z.enum(MOVE_TARGETS, { error: `status must be one of ${MOVE_TARGETS.join(", ")}` });

/** The admin board's one form: move an order on, cancel it, or retry its refund. */
export const boardActionSchema = z.discriminatedUnion(
  "intent",
  [z.object({ intent: z.literal("move"), orderId, to: target, version }), z.object({ intent: z.literal("refund"), orderId })],
  { error: "Unknown action: reload the page and try again" },
);

/** The shopper's order page: cancel it, or put its lines back in the cart. */
export const shopperOrderActionSchema = z.object({
  intent: z.enum(["cancel", "reorder"], { error: "Unknown action: reload the page and try again" }),
});

/** POST /api/order/admin/update-status */
export const apiStatusChangeSchema = z.object({ _id: orderId, status: target, version });
/** POST /api/order/admin/cancel, /api/order/admin/refund, /api/order/cancel, /api/order/reorder */
export const apiOrderRefSchema = z.object({ _id: orderId, version });

/** The board shows the newest orders that match, this many at most. */
export const BOARD_PAGE_SIZE = 50;

/** The board's filters (`?status=&q=`); anything unknown falls back to "all". */
export const BOARD_FILTERS = ["all", ...ORDER_STATUSES, "attention"] as const;
export type BoardFilter = (typeof BOARD_FILTERS)[number];
export const boardQuerySchema = z.object({
  status: z.enum(BOARD_FILTERS).catch("all"),
  q: z
    .string()
    .catch("")
    .transform((q) => q.trim().slice(0, 100)),
  /** One dark store's orders (decision 020); anything but a store id means every store. */
  store: z.string().regex(ID_PATTERN).optional().catch(undefined),
});
