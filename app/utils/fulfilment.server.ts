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
import type { OrderStatus } from "~/db/schema";
import { newId } from "~/lib/ids";
import { formatINR } from "~/lib/money";
import { refusalFor, shopperCanCancel, STATUS_LABELS } from "~/lib/order-status";
import { addQuantityStatement } from "./cart.server";
import { getD1, getDb } from "./db.server";
import { getStripe } from "./stripe.server";

export interface OrderState {
  id: string;
  orderId: string;
  userId: string;
  status: OrderStatus;
  version: number;
  paymentMethod: "COD" | "ONLINE";
  paymentStatus: "PENDING" | "PAID" | "FAILED" | "REFUNDED" | "REFUND_FAILED";
  paymentId: string | null;
  stripeSessionId: string | null;
  total: number;
}

export type Actor = { id: string; as: "admin" | "shopper" };

export type MoveResult =
  | { ok: true; message: string; refund?: RefundOutcome }
  | { ok: false; status: 403 | 404 | 409 | 502 | 503; message: string };

export type RefundOutcome = "refunded" | "already-refunded" | "failed" | "none";

const NOT_FOUND = "Order not found";

async function readOrder(d1: D1Database, id: string) {
  const [state, lines] = await d1.batch([
    d1
      .prepare(
        `select id, order_id as orderId, user_id as userId, status, version, payment_method as paymentMethod,
                payment_status as paymentStatus, payment_id as paymentId, stripe_session_id as stripeSessionId, total
           from orders where id = ?`,
      )
      .bind(id),
    d1.prepare("select product_id as productId, quantity from order_items where order_id = ?").bind(id),
  ]);
  const order = (state.results[0] as OrderState | undefined) ?? null;
  return { order, lines: lines.results as { productId: string | null; quantity: number }[] };
}

export function changedMessage(order: { orderId: string; status: OrderStatus }) {
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
  const d1 = getD1(context);
  const { order, lines } = await readOrder(d1, input.id);
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
  const now = Date.now();
  const unchanged = "exists (select 1 from orders where id = ? and status = ? and version = ?)";
  const guard = [order.id, order.status, order.version] as const;
  const note = input.note ?? (cancelling ? (actor.as === "shopper" ? "Cancelled by the shopper" : "Cancelled by the store") : "");
  const statements: D1PreparedStatement[] = [
    ...(cancelling ? lines : [])
      .filter((line) => line.productId)
      .map((line) =>
        d1
          .prepare(`update products set stock = stock + ?, updated_at = ? where id = ? and ${unchanged}`)
          .bind(line.quantity, now, line.productId, ...guard),
      ),
    d1
      .prepare(
        `insert into order_status_history (id, order_id, status, actor_user_id, note, created_at)
         select ?, ?, ?, ?, ?, ? where ${unchanged}`,
      )
      .bind(newId(), order.id, to, actor.id, note, now, ...guard),
    d1
      .prepare(
        `update orders
            set status = ?, version = version + 1, updated_at = ?,
                reservation_expires_at = case when ? then null else reservation_expires_at end,
                payment_status = case when ? and payment_status = 'PENDING' and payment_method = 'ONLINE' then 'FAILED' else payment_status end
          where id = ? and status = ? and version = ?`,
      )
      .bind(to, now, cancelling ? 1 : 0, cancelling ? 1 : 0, ...guard),
  ];
  const results = await d1.batch(statements);
  if (!results.at(-1)?.meta.changes) {
    const { order: current } = await readOrder(d1, order.id);
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
  const d1 = getD1(context);
  const { order } = await readOrder(d1, id);
  if (!order) return { ok: false, status: 404, message: NOT_FOUND };
  if (order.paymentStatus === "REFUNDED") return { ok: false, status: 409, message: "This order was already refunded" };
  if (order.status !== "cancelled" || order.paymentMethod !== "ONLINE" || !order.paymentId || !["PAID", "REFUND_FAILED"].includes(order.paymentStatus)) {
    return { ok: false, status: 409, message: "Only a cancelled order that was paid online can be refunded" };
  }
  const flag = (reason: string) =>
    d1
      .prepare(
        `update orders set payment_status = 'REFUND_FAILED', needs_attention = 1, attention_note = ?, version = version + 1, updated_at = ?
          where id = ? and payment_status in ('PAID', 'REFUND_FAILED')`,
      )
      .bind(reason.slice(0, 300), Date.now(), order.id)
      .run();
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
    await d1.batch([
      d1.prepare("insert or ignore into payment_events (id, type, order_id) values (?, 'refund.created', ?)").bind(refund.id, order.id),
      d1
        .prepare(
          `update orders set payment_status = 'REFUNDED', refund_id = ?, needs_attention = 0, attention_note = null,
                  version = version + 1, updated_at = ?
            where id = ? and payment_status in ('PAID', 'REFUND_FAILED')`,
        )
        .bind(refund.id, Date.now(), order.id),
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
): Promise<{ ok: true; message: string; added: string[]; skipped: string[] } | { ok: false; status: 404 | 409; message: string }> {
  const d1 = getD1(context);
  const { results } = await d1
    .prepare(
      `select oi.product_id as productId, oi.name, oi.quantity, coalesce(p.stock, 0) as stock
         from order_items oi join orders o on o.id = oi.order_id left join products p on p.id = oi.product_id
        where o.id = ? and o.user_id = ? order by oi.rowid`,
    )
    .bind(id, userId)
    .all<{ productId: string | null; name: string; quantity: number; stock: number }>();
  if (!results.length) return { ok: false, status: 404, message: NOT_FOUND };
  const available = results.filter((line) => line.productId && line.stock > 0);
  const skipped = results.filter((line) => !available.includes(line)).map((line) => line.name);
  if (!available.length) {
    return { ok: false, status: 409, message: `Nothing was added: ${skipped.join(", ")} ${skipped.length === 1 ? "is" : "are"} out of stock` };
  }
  const db = getDb(context);
  const [first, ...rest] = available.map((line) => addQuantityStatement(db, userId, line.productId!, line.quantity));
  await db.batch([first, ...rest]);
  const added = available.map((line) => line.name);
  const message = skipped.length
    ? `Added ${added.length} item${added.length === 1 ? "" : "s"} to your cart. Out of stock, not added: ${skipped.join(", ")}`
    : `Added ${added.length} item${added.length === 1 ? "" : "s"} to your cart`;
  return { ok: true, message, added, skipped };
}
