/**
 * Running an order after it is placed (docs/decisions/006-order-fulfilment.md): status
 * moves with history, cancellation that returns stock and money, and "buy again".
 *
 * Every move is ONE D1 batch guarded by the state it was decided on (`status` and `version`): the
 * stock returns and the history row are conditional on the order being unchanged, and the order's
 * own update comes last. Two admins acting at once: the first batch bumps `version`, the second
 * batch matches nothing and is told the order changed. Stock therefore comes back exactly once.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { orderItems, orders, orderStatusHistory, type OrderStatus, paymentEvents, products } from "~/db/schema";
import { newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import { formatINR } from "~/lib/money";
import { splitRefund, walletShare } from "~/lib/pricing";
import { refusalFor, shopperCanCancel, STATUS_LABELS } from "~/lib/order-status";
import { addQuantityStatement } from "~/server/cart/cart.server";
import { type Database, getDb } from "~/server/db/db.server";
import { cancelStatements, holdOwnRestocks, OWN_CANCEL_RESTOCK_HOLD_MS } from "./order-cancel.server";
import { lineOrder } from "./read-orders.server";
import { stockAt, type StockStore } from "~/server/stores/store-stock.server";
import { claimRestocks, flagRestocks, type ClaimedRestocks } from "~/server/stores/stock-writes.server";
import { getStripe } from "./stripe.server";
import { publishOrderChange } from "./order-events.server";
import { sendLineRefunds } from "./line-refunds.server";

type Actor = { id: string; as: "admin" | "shopper" };

/** What a move did; a move that cannot be made throws a Refusal (403, 404, 409). */
export interface MoveResult {
  message: string;
  refund?: RefundOutcome;
}

type RefundOutcome = "refunded" | "already-refunded" | "failed" | "none";

const NOT_FOUND = "Order not found";

/** The order as a move or a refund decides on it. */
function readOrder(db: Database, id: string) {
  return db
    .select({
      id: orders.id,
      orderId: orders.orderId,
      userId: orders.userId,
      storeId: orders.storeId,
      status: orders.status,
      version: orders.version,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      paymentId: orders.paymentId,
      stripeSessionId: orders.stripeSessionId,
      total: orders.total,
      tip: orders.tip,
      walletPaid: orders.walletPaid,
      /** Whether it ever went out for delivery: then the tip is the rider's and is not refunded (decision 030). */
      wentOut: sql<number>`exists (select 1 from ${orderStatusHistory} h where h.order_id = orders.id and h.status = 'out_for_delivery')`,
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
  if (!order || (actor.as === "shopper" && order.userId !== actor.id)) throw new Refusal(NOT_FOUND, 404);
  if (input.expectedVersion !== undefined && input.expectedVersion !== order.version) {
    throw new Refusal(changedMessage(order), 409);
  }
  if (actor.as === "shopper") {
    if (to !== "cancelled") throw new Refusal("Only the store can change an order's progress", 403);
    if (order.status === "cancelled") throw new Refusal("This order is already cancelled", 409);
    if (!shopperCanCancel(order.status)) {
      throw new Refusal(`Your order is already ${STATUS_LABELS[order.status].toLowerCase()}: it can no longer be cancelled`, 409);
    }
  }
  const refusal = refusalFor(order.status, to);
  if (refusal) throw new Refusal(refusal, 409);
  if (to === "packed" && order.paymentMethod === "ONLINE" && order.paymentStatus === "PENDING") {
    throw new Refusal("This order is waiting for its online payment: pack it once it is paid, or cancel it", 409);
  }

  const cancelling = to === "cancelled";
  const moved = cancelling
    ? await cancelOrder(context, order, actor, input.note ?? (actor.as === "shopper" ? "Cancelled by the shopper" : "Cancelled by the store"))
    : await moveForward(db, order, to, actor, input.note ?? ADMIN_MOVE_NOTES[to] ?? "");
  if (!moved) {
    const current = await readOrder(db, order.id);
    throw new Refusal(current ? changedMessage(current) : NOT_FOUND, 409);
  }
  await publishOrderChange(context, { orderId: order.id, storeId: order.storeId, userId: order.userId, status: to });

  if (!cancelling) return { message: `Order ${order.orderId} is now ${STATUS_LABELS[to].toLowerCase()}` };
  if (order.paymentMethod === "ONLINE" && order.paymentStatus === "PENDING" && order.stripeSessionId) {
    await expireCheckoutSession(context, order.stripeSessionId);
  }
  const returned = walletShare(order);
  const cancelled = `Order ${order.orderId} cancelled; the stock is back on the shelf${returned > 0 ? `; the wallet's part is back in the wallet` : ""}`;
  // Nothing went through Stripe when the wallet paid it all: the cancel's batch returned it.
  if (order.paymentStatus !== "PAID" || order.total - returned <= 0) return { message: cancelled, refund: "none" };
  // The order is cancelled either way; a refused refund flags it and is told, not thrown.
  const refund = await refundOrder(context, order.id).then(
    ({ message }) => ({ message, outcome: "refunded" as const }),
    (error: unknown) => {
      if (!(error instanceof Refusal)) throw error;
      return { message: error.message, outcome: "failed" as const };
    },
  );
  return { message: `${cancelled}. ${refund.message}`, refund: refund.outcome };
}

type DecidedOrder = { id: string; status: OrderStatus; version: number };

/**
 * What an admin's move from the board records (decision 027): packing from the board picks every
 * line in full, and marking delivered without the shopper's code is the admin override.
 */
const ADMIN_MOVE_NOTES: Partial<Record<OrderStatus, string>> = {
  packed: "Packed from the order board: every line picked in full",
  delivered: "Marked delivered by an admin (override, no delivery code)",
};

/**
 * Cancels the order as it was read (same version), stock back once: one batch, which also claims
 * the restocks the returned stock recorded, so "Notify me" mail goes out after this request.
 * False when it changed meanwhile.
 */
async function cancelOrder(context: AppLoadContext, order: DecidedOrder, actor: Actor, note: string): Promise<boolean> {
  const db = getDb(context);
  const target = { orderId: order.id, by: actor, version: order.version };
  const [returnStock, returnReplacements, recordHistory, returnWallet, cancelOrders] = cancelStatements(db, target, note);
  // A shopper's own cancel is no "back in stock" news for a while (decision 046).
  const hold = actor.as === "shopper" ? [holdOwnRestocks(db, target, Date.now() + OWN_CANCEL_RESTOCK_HOLD_MS)] : [];
  const results = await db.batch([returnStock, returnReplacements, recordHistory, ...hold, returnWallet, cancelOrders, claimRestocks(db)]);
  const cancelled = results[results.length - 2] as unknown[];
  const restocks = results[results.length - 1] as ClaimedRestocks;
  flagRestocks(context, restocks);
  return cancelled.length > 0;
}

/**
 * A forward move, guarded by the state it was decided on (`status` and `version`): the history row
 * first, then the order (last, so the history statement still sees the old state). False when it changed.
 */
async function moveForward(db: Database, order: DecidedOrder, to: OrderStatus, actor: Actor, note: string): Promise<boolean> {
  const now = Date.now();
  const unchanged = and(eq(orders.id, order.id), eq(orders.status, order.status), eq(orders.version, order.version));
  const stillUnchanged = sql`exists ${db
    .select({ one: sql`1` })
    .from(orders)
    .where(unchanged)}`;
  const [, , moved] = await db.batch([
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
    // Packed without a pick list: every line not yet counted was picked in full.
    db
      .update(orderItems)
      .set({ picked: sql`${orderItems.quantity}` })
      .where(and(eq(orderItems.orderId, order.id), isNull(orderItems.picked), to === "packed" ? stillUnchanged : sql`0`)),
    db
      .update(orders)
      .set({
        status: to,
        version: sql`${orders.version} + 1`,
        updatedAt: now,
        ...(to === "out_for_delivery" ? { deliveryCode: newDeliveryCode(), deliveryCodeTries: 0 } : {}),
      })
      .where(unchanged)
      .returning({ id: orders.id }),
  ]);
  return moved.length > 0;
}

/** A 4-digit delivery code, uniformly random (rejection sampling; the shopper reads it to the rider). */
export function newDeliveryCode(): string {
  const limit = Math.floor(2 ** 32 / 10_000) * 10_000;
  for (;;) {
    const [value] = crypto.getRandomValues(new Uint32Array(1));
    if (value < limit) return String(value % 10_000).padStart(4, "0");
  }
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
export async function refundOrder(context: AppLoadContext, id: string): Promise<{ message: string; refundId: string }> {
  const db = getDb(context);
  const order = await readOrder(db, id);
  if (!order) throw new Refusal(NOT_FOUND, 404);
  if (order.paymentStatus === "REFUNDED") throw new Refusal("This order was already refunded", 409);
  if (order.status !== "cancelled") {
    // An order still running: only the refunds of its short picks can be retried (decision 027).
    const outcome = await sendLineRefunds(context, order.id);
    if (outcome === "refunded") return { refundId: "", message: "The refund of the short items was sent" };
    if (outcome === "failed") throw new Refusal("Stripe refused the refund of the short items again. The order stays flagged for attention.", 502);
  }
  if (order.status !== "cancelled" || order.paymentMethod !== "ONLINE" || !order.paymentId || !["PAID", "REFUND_FAILED"].includes(order.paymentStatus)) {
    throw new Refusal("Only a cancelled order that was paid online can be refunded", 409);
  }
  const refundable = and(eq(orders.id, order.id), inArray(orders.paymentStatus, ["PAID", "REFUND_FAILED"]));
  // What is still paid (the total, already less any short-pick refunds), less the tip once the order
  // went out; Stripe gets only its share of it, the cancel's batch returned the wallet's.
  const refundAmount = splitRefund(order, order.total - (order.wentOut ? order.tip : 0)).stripe;
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
  // The payment's state changes either way (refunded, or flagged): the order's pages re-read it.
  const published = () => publishOrderChange(context, { orderId: order.id, storeId: order.storeId, userId: order.userId, status: order.status });
  if (refundAmount <= 0) {
    // The tip kept for the rider was all the online payment's share: nothing goes back through Stripe.
    await db
      .update(orders)
      .set({ paymentStatus: "REFUNDED", version: sql`${orders.version} + 1`, updatedAt: Date.now() })
      .where(refundable);
    await published();
    return { refundId: "", message: "Nothing was left to refund online" };
  }
  const stripe = getStripe(context);
  if (!stripe) {
    await flag("Online payment is not configured, so the refund could not be sent");
    await published();
    throw new Refusal("The refund could not be sent: online payment is not configured. The order is flagged for attention.", 503);
  }
  try {
    const refund = await stripe.refunds.create(
      { payment_intent: order.paymentId, amount: refundAmount, metadata: { orderId: order.id, orderNumber: order.orderId } },
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
    await published();
    return { refundId: refund.id, message: `${formatINR(refundAmount)} refunded to the original payment method` };
  } catch (error) {
    const reason = `Stripe refused the refund: ${(error as Error)?.message ?? "unknown error"}`;
    await flag(reason);
    await published();
    throw new Refusal(`${reason}. The order is flagged for attention: retry the refund, or refund it in the Stripe Dashboard.`, 502);
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
): Promise<{ message: string; added: string[]; skipped: string[] }> {
  const lines = await getDb(context)
    .select({ productId: orderItems.productId, name: orderItems.name, quantity: orderItems.quantity, stock: stockAt(store, products.id) })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orders.id, id), eq(orders.userId, userId)))
    .orderBy(lineOrder);
  if (!lines.length) throw new Refusal(NOT_FOUND, 404);
  const available = lines.flatMap((line) => (line.productId && line.stock > 0 ? [{ ...line, productId: line.productId }] : []));
  const skipped = lines.filter((line) => !line.productId || line.stock <= 0).map((line) => line.name);
  if (!available.length) {
    throw new Refusal(`Nothing was added: ${skipped.join(", ")} ${skipped.length === 1 ? "is" : "are"} out of stock`, 409);
  }
  const db = getDb(context);
  const [first, ...rest] = available.map((line) => addQuantityStatement(db, userId, line.productId, line.quantity, store));
  await db.batch([first, ...rest]);
  const added = available.map((line) => line.name);
  const message = skipped.length
    ? `Added ${added.length} item${added.length === 1 ? "" : "s"} to your cart. Out of stock, not added: ${skipped.join(", ")}`
    : `Added ${added.length} item${added.length === 1 ? "" : "s"} to your cart`;
  return { message, added, skipped };
}
