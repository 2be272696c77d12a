/**
 * Running an order after it is placed (issue 8, docs/decisions/006-order-fulfilment.md): status
 * moves with history, cancellation that returns stock and money, and "buy again".
 *
 * Every move is ONE D1 batch guarded by the state it was decided on (`status` and `version`): the
 * stock returns and the history row are conditional on the order being unchanged, and the order's
 * own update comes last. Two admins acting at once: the first batch bumps `version`, the second
 * batch matches nothing and is told the order changed. Stock therefore comes back exactly once.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray, sql } from "drizzle-orm";
import { orderItems, orders, orderStatusHistory, type OrderStatus, paymentEvents, products } from "~/db/schema";
import { newId } from "~/lib/ids";
import { formatINR } from "~/lib/money";
import { refusalFor, shopperCanCancel, STATUS_LABELS } from "~/lib/order-status";
import { addQuantityStatement } from "~/server/cart/cart.server";
import { type Database, getDb } from "~/server/db/db.server";
import { cancelStatements } from "./order-cancel.server";
import { lineOrder } from "./read-orders.server";
import { stockAt, type StockStore } from "~/server/stores/store-stock.server";
import { getStripe } from "./stripe.server";

type Actor = { id: string; as: "admin" | "shopper" };

export type MoveResult =
  | { ok: true; message: string; refund?: RefundOutcome }
  | { ok: false; status: 403 | 404 | 409 | 502 | 503; message: string };

type RefundOutcome = "refunded" | "already-refunded" | "failed" | "none";

const NOT_FOUND = "Order not found";

/** The order as a move or a refund decides on it. */
function readOrder(db: Database, id: string) {
  return db
    .select({
      id: orders.id,
      orderId: orders.orderId,
      userId: orders.userId,
      status: orders.status,
      version: orders.version,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      paymentId: orders.paymentId,
      stripeSessionId: orders.stripeSessionId,
      total: orders.total,
    })
    .from(orders)
    .where(eq(orders.id, id))
    .get();
}

function changedMessage(order: { orderId: string; status: OrderStatus }) {
  return `Order ${order.orderId} changed while you were looking at it: it is now ${STATUS_LABELS[order.status].toLowerCase()}. Check it and try again.`;
}

/**
 * Moves an order to `to`. Admins may take any legal step; shoppers may only cancel their own order
 * while it is placed or paid (anyone else's order is "not found"). `expectedVersion` is the version
 * the caller saw: when it is stale the move is refused instead of acting on a changed order.
 */
export async function moveOrder(
  context: AppLoadContext,
  input: { id: string; to: OrderStatus; actor: Actor; expectedVersion?: number; note?: string },
): Promise<MoveResult> {
  const db = getDb(context);
  const order = await readOrder(db, input.id);
  const { actor, to } = input;
  if (!order || (actor.as === "shopper" && order.userId !== actor.id)) return { ok: false, status: 404, message: NOT_FOUND };
  if (input.expectedVersion !== undefined && input.expectedVersion !== order.version) {
    return { ok: false, status: 409, message: changedMessage(order) };
  }
  if (actor.as === "shopper") {
    if (to !== "cancelled") return { ok: false, status: 403, message: "Only the store can change an order's progress" };
    if (order.status === "cancelled") return { ok: false, status: 409, message: "This order is already cancelled" };
    if (!shopperCanCancel(order.status)) {
      return { ok: false, status: 409, message: `Your order is already ${STATUS_LABELS[order.status].toLowerCase()}: it can no longer be cancelled` };
    }
  }
  const refusal = refusalFor(order.status, to);
  if (refusal) return { ok: false, status: 409, message: refusal };
  if (to === "packed" && order.paymentMethod === "ONLINE" && order.paymentStatus === "PENDING") {
    return { ok: false, status: 409, message: "This order is waiting for its online payment: pack it once it is paid, or cancel it" };
  }

  const cancelling = to === "cancelled";
  const moved = cancelling
    ? await cancelOrder(db, order, actor, input.note ?? (actor.as === "shopper" ? "Cancelled by the shopper" : "Cancelled by the store"))
    : await moveForward(db, order, to, actor, input.note ?? "");
  if (!moved) {
    const current = await readOrder(db, order.id);
    return { ok: false, status: 409, message: current ? changedMessage(current) : NOT_FOUND };
  }

  if (!cancelling) return { ok: true, message: `Order ${order.orderId} is now ${STATUS_LABELS[to].toLowerCase()}` };
  if (order.paymentMethod === "ONLINE" && order.paymentStatus === "PENDING" && order.stripeSessionId) {
    await expireCheckoutSession(context, order.stripeSessionId);
  }
  const cancelled = `Order ${order.orderId} cancelled; the stock is back on the shelf`;
  if (order.paymentStatus !== "PAID") return { ok: true, message: cancelled, refund: "none" };
  const refund = await refundOrder(context, order.id);
  return { ok: true, message: `${cancelled}. ${refund.message}`, refund: refund.ok ? "refunded" : "failed" };
}

type DecidedOrder = { id: string; status: OrderStatus; version: number };

/** Cancels the order as it was read (same version), stock back once: one batch. False when it changed meanwhile. */
async function cancelOrder(db: Database, order: DecidedOrder, actor: Actor, note: string): Promise<boolean> {
  const [, , cancelled] = await db.batch(cancelStatements(db, { orderId: order.id, by: actor, version: order.version }, note));
  return cancelled.length > 0;
}

/**
 * A forward move, guarded by the state it was decided on (`status` and `version`): the history row
 * first, then the order (last, so the history statement still sees the old state). False when it changed.
 */
async function moveForward(db: Database, order: DecidedOrder, to: OrderStatus, actor: Actor, note: string): Promise<boolean> {
  const now = Date.now();
  const unchanged = and(eq(orders.id, order.id), eq(orders.status, order.status), eq(orders.version, order.version));
  const [, moved] = await db.batch([
    db.insert(orderStatusHistory).select(
      db
        .select({
          id: sql<string>`${newId()}`.as("id"),
          orderId: orders.id,
          status: sql<OrderStatus>`${to}`.as("status"),
          actorUserId: sql<string>`${actor.id}`.as("actor_user_id"),
          note: sql<string>`${note}`.as("note"),
          createdAt: sql<number>`${now}`.as("created_at"),
        })
        .from(orders)
        .where(unchanged),
    ),
    db
      .update(orders)
      .set({ status: to, version: sql`${orders.version} + 1`, updatedAt: now })
      .where(unchanged)
      .returning({ id: orders.id }),
  ]);
  return moved.length > 0;
}

/** Best effort: a shopper should not be able to pay for an order the store cancelled. */
async function expireCheckoutSession(context: AppLoadContext, sessionId: string) {
  try {
    await getStripe(context)?.checkout.sessions.expire(sessionId);
  } catch (error) {
    // Already complete or expired; if it was paid meanwhile the webhook flags the order for attention.
    console.warn("Could not expire checkout session", sessionId, (error as Error)?.message);
  }
}

/**
 * Refunds a cancelled online order in full. Idempotent twice over: the Stripe call carries the key
 * `refund-<order id>` (a retry returns the first refund, never a second one), and the order row is
 * only moved from PAID / REFUND_FAILED to REFUNDED. A refusal leaves the order REFUND_FAILED and
 * flagged for attention, with the reason, so nobody mistakes it for settled.
 */
export async function refundOrder(
  context: AppLoadContext,
  id: string,
): Promise<{ ok: true; message: string; refundId: string } | { ok: false; status: 404 | 409 | 502 | 503; message: string }> {
  const db = getDb(context);
  const order = await readOrder(db, id);
  if (!order) return { ok: false, status: 404, message: NOT_FOUND };
  if (order.paymentStatus === "REFUNDED") return { ok: false, status: 409, message: "This order was already refunded" };
  if (order.status !== "cancelled" || order.paymentMethod !== "ONLINE" || !order.paymentId || !["PAID", "REFUND_FAILED"].includes(order.paymentStatus)) {
    return { ok: false, status: 409, message: "Only a cancelled order that was paid online can be refunded" };
  }
  const refundable = and(eq(orders.id, order.id), inArray(orders.paymentStatus, ["PAID", "REFUND_FAILED"]));
  const flag = (reason: string) =>
    db
      .update(orders)
      .set({
        paymentStatus: "REFUND_FAILED",
        needsAttention: true,
        attentionNote: reason.slice(0, 300),
        version: sql`${orders.version} + 1`,
        updatedAt: Date.now(),
      })
      .where(refundable);
  const stripe = getStripe(context);
  if (!stripe) {
    await flag("Online payment is not configured, so the refund could not be sent");
    return { ok: false, status: 503, message: "The refund could not be sent: online payment is not configured. The order is flagged for attention." };
  }
  try {
    const refund = await stripe.refunds.create(
      { payment_intent: order.paymentId, metadata: { orderId: order.id, orderNumber: order.orderId } },
      { idempotencyKey: `refund-${order.id}` },
    );
    await db.batch([
      db.insert(paymentEvents).values({ id: refund.id, type: "refund.created", orderId: order.id }).onConflictDoNothing(),
      db
        .update(orders)
        .set({
          paymentStatus: "REFUNDED",
          refundId: refund.id,
          needsAttention: false,
          attentionNote: null,
          version: sql`${orders.version} + 1`,
          updatedAt: Date.now(),
        })
        .where(refundable),
    ]);
    return { ok: true, refundId: refund.id, message: `${formatINR(order.total)} refunded to the original payment method` };
  } catch (error) {
    const reason = `Stripe refused the refund: ${(error as Error)?.message ?? "unknown error"}`;
    await flag(reason);
    return { ok: false, status: 502, message: `${reason}. The order is flagged for attention: retry the refund, or refund it in the Stripe Dashboard.` };
  }
}

/**
 * "Buy again": puts an order's lines back in the shopper's cart, each capped by today's stock,
 * skipping what is sold out or no longer sold, in one batch.
 */
export async function reorderToCart(
  context: AppLoadContext,
  userId: string,
  id: string,
  store: StockStore,
): Promise<{ ok: true; message: string; added: string[]; skipped: string[] } | { ok: false; status: 404 | 409; message: string }> {
  const lines = await getDb(context)
    .select({ productId: orderItems.productId, name: orderItems.name, quantity: orderItems.quantity, stock: stockAt(store, products.id) })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orders.id, id), eq(orders.userId, userId)))
    .orderBy(lineOrder);
  if (!lines.length) return { ok: false, status: 404, message: NOT_FOUND };
  const available = lines.flatMap((line) => (line.productId && line.stock > 0 ? [{ ...line, productId: line.productId }] : []));
  const skipped = lines.filter((line) => !line.productId || line.stock <= 0).map((line) => line.name);
  if (!available.length) {
    return { ok: false, status: 409, message: `Nothing was added: ${skipped.join(", ")} ${skipped.length === 1 ? "is" : "are"} out of stock` };
  }
  const db = getDb(context);
  const [first, ...rest] = available.map((line) => addQuantityStatement(db, userId, line.productId, line.quantity, store));
  await db.batch([first, ...rest]);
  const added = available.map((line) => line.name);
  const message = skipped.length
    ? `Added ${added.length} item${added.length === 1 ? "" : "s"} to your cart. Out of stock, not added: ${skipped.join(", ")}`
    : `Added ${added.length} item${added.length === 1 ? "" : "s"} to your cart`;
  return { ok: true, message, added, skipped };
}
