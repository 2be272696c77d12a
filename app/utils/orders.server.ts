/**
 * The one order pipeline for cash on delivery and online payment (ARCHITECTURE.md "Orders and
 * payments", docs/decisions/009-payment-trust.md). Placing an order is ONE D1 batch: the order, its
 * lines (prices snapshotted), the status history row, the stock decrements and the cart clean-up.
 * `products.stock` has CHECK (stock >= 0): it is the only stock guard (there is no read-then-decide
 * pre-check), so an oversell fails the statement and D1 rolls the whole batch back.
 *
 * The same batch also decides the two per-shopper rules atomically:
 * - the order's idempotency key (the client's, or one derived from the request when it sends none)
 *   is unique on `orders`, so parallel copies of one request make one order;
 * - an online order first releases the shopper's previous unpaid online checkout, and the partial
 *   unique index `orders_one_open_checkout_unique` keeps it at one hold per shopper.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { newId } from "~/lib/ids";
import { paiseToRupees } from "~/lib/money";
import { computeBill, discountedPrice, type Bill } from "~/lib/pricing";
import type { OrderStatus } from "~/db/schema";
import { DELIVERY_PROMISE_MS } from "~/lib/order-status";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "~/lib/schemas/cart";
import { lineLimitMessage, mergeOrderLines, type OrderLineInput } from "~/lib/schemas/order";
import type { AddressRow } from "./addresses.server";
import { sha256Hex } from "./crypto.server";
import { getD1 } from "./db.server";

export type PaymentMethod = "COD" | "ONLINE";

export type OrderRequestLine = OrderLineInput;

interface ProductForOrder {
  id: string;
  name: string;
  unit: string;
  price: number;
  discount: number;
  image: string;
}

export interface PlacedOrder {
  id: string;
  orderId: string;
  bill: Bill;
  lines: (OrderRequestLine & { name: string; unit: string; image: string; price: number; discount: number; finalPrice: number })[];
  /** When the stock hold of an online order ends (ms); Stripe's session expiry is derived from it. */
  reservationExpiresAt: number | null;
  /** True when the same idempotency key had already created this order. */
  duplicate: boolean;
  /** The order as it stands now (a duplicate may since have been paid or cancelled). */
  state: { status: OrderStatus; paymentMethod: PaymentMethod; paymentStatus: string; stripeSessionId: string | null };
  /** Checkout Sessions of the shopper's previous hold, released by this order: to be expired at Stripe. */
  replacedSessions: string[];
}

type Refusal = { ok: false; status: 400 | 404 | 409; message: string };
export type PlaceOrderResult = { ok: true; order: PlacedOrder } | Refusal;

/** Online orders hold their stock this long (Stripe's minimum Checkout Session lifetime). */
export const RESERVATION_MS = 30 * 60 * 1000;

export const TOO_MANY_LINES = `At most ${MAX_CART_LINES} different products per order: remove some and try again`;

/**
 * A request without an idempotency key is keyed by what it asks for (shopper, address, payment
 * method, merged lines): the same request again within this window is the same order. A cancelled
 * order, or one older than the window, frees its derived key.
 */
export const DERIVED_KEY_WINDOW_MS = 5 * 60 * 1000;

export function newOrderNumber(now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replace(/-/g, "");
  const suffix = newId().slice(0, 6).toUpperCase();
  return `ORD-${day}-${suffix}`;
}

interface OrderInput {
  userId: string;
  addressId: string;
  lines: OrderRequestLine[];
  paymentMethod: PaymentMethod;
  /** The client's key (page form or Idempotency-Key); without one a key is derived from the request. */
  idempotencyKey?: string;
  /** Advisory totals from a client, in rupees: refused with 409 when they disagree. */
  clientTotals?: { subTotalAmt?: number; totalAmt?: number };
}

interface OrderKey {
  value: string;
  derived: boolean;
}

/** Everything the order batch needs, decided from one read; `commitOrder` writes it or refuses. */
export interface OrderPlan {
  id: string;
  orderId: string;
  userId: string;
  address: AddressRow;
  paymentMethod: PaymentMethod;
  key: OrderKey;
  lines: PlacedOrder["lines"];
  bill: Bill;
}

async function orderKey(input: OrderInput, lines: OrderRequestLine[]): Promise<OrderKey> {
  if (input.idempotencyKey) return { value: `${input.userId}:${input.idempotencyKey}`, derived: false };
  const sorted = [...lines].sort((a, b) => (a.productId < b.productId ? -1 : 1)).map((l) => [l.productId, l.quantity]);
  const digest = await sha256Hex(JSON.stringify([input.userId, input.addressId, input.paymentMethod, sorted]));
  return { value: `auto:${digest}`, derived: true };
}

/** The order holding a key, if it still counts: a derived key only within its window and while not cancelled. */
function keyHolderStatement(d1: D1Database, userId: string, key: OrderKey, now: number) {
  return d1
    .prepare(
      `select id, order_id as orderId from orders
        where idempotency_key = ?1 and user_id = ?2 and (?3 = 0 or (status != 'cancelled' and created_at >= ?4))`,
    )
    .bind(key.value, userId, key.derived ? 1 : 0, now - DERIVED_KEY_WINDOW_MS);
}

/**
 * Reads and validates an order request (one round trip): a repeat of an earlier request answers
 * with that order; otherwise the address must be the shopper's own, every product must exist,
 * merged lines stay within the line limit, and advisory totals must match. Stock is NOT checked
 * here: the batch in `commitOrder` is the one place that decides it.
 */
export async function planOrder(
  context: AppLoadContext,
  input: OrderInput,
  now = Date.now(),
): Promise<Refusal | { ok: true; order: PlacedOrder } | { ok: true; plan: OrderPlan }> {
  const d1 = getD1(context);
  const lines = mergeOrderLines(input.lines);
  if (!lines.length && !input.idempotencyKey) return { ok: false, status: 400, message: "Your cart is empty" };
  // Before any query: each line binds a parameter, and D1 binds at most 100 per statement.
  if (lines.length > MAX_CART_LINES) return { ok: false, status: 400, message: TOO_MANY_LINES };
  const key = await orderKey(input, lines);

  const placeholders = lines.map(() => "?").join(",") || "null";
  const [addressResult, productResult, existingResult] = await d1.batch([
    d1
      .prepare(
        "select id, address_line, city, state, country, pincode, mobile, status, created_at from addresses where id = ? and user_id = ? and status = 1",
      )
      .bind(input.addressId, input.userId),
    d1
      .prepare(
        `select p.id, p.name, p.unit, p.price, p.discount,
                coalesce((select url from product_images pi where pi.product_id = p.id order by pi.position limit 1), '') as image
           from products p where p.id in (${placeholders})`,
      )
      .bind(...lines.map((l) => l.productId)),
    keyHolderStatement(d1, input.userId, key, now),
  ]);
  const existing = existingResult.results[0] as { id: string; orderId: string } | undefined;
  if (existing) return { ok: true, order: await describeExisting(d1, existing) };
  if (!lines.length) return { ok: false, status: 400, message: "Your cart is empty" };
  const tooMany = lines.find((line) => line.quantity > MAX_LINE_QUANTITY);
  if (tooMany) return { ok: false, status: 400, message: lineLimitMessage(tooMany.quantity) };

  const address = addressResult.results[0] as AddressRow | undefined;
  if (!address) return { ok: false, status: 404, message: "Choose a delivery address: that address was not found" };

  const products = new Map((productResult.results as ProductForOrder[]).map((p) => [p.id, p]));
  const priced: PlacedOrder["lines"] = [];
  for (const line of lines) {
    const product = products.get(line.productId);
    if (!product) return { ok: false, status: 404, message: "An item in your cart is no longer sold: remove it and try again" };
    priced.push({
      ...line,
      name: product.name,
      unit: product.unit,
      image: product.image,
      price: product.price,
      discount: product.discount,
      finalPrice: discountedPrice(product.price, product.discount),
    });
  }
  const bill = computeBill(priced);
  const totals = input.clientTotals;
  if (
    (totals?.subTotalAmt !== undefined && Math.round(totals.subTotalAmt * 100) !== bill.itemsTotal) ||
    (totals?.totalAmt !== undefined && Math.round(totals.totalAmt * 100) !== bill.grandTotal)
  ) {
    return {
      ok: false,
      status: 409,
      message: `Prices have changed: the total is now ₹${paiseToRupees(bill.grandTotal)}. Review your cart and try again.`,
    };
  }
  return {
    ok: true,
    plan: {
      id: newId(),
      orderId: newOrderNumber(new Date(now)),
      userId: input.userId,
      address,
      paymentMethod: input.paymentMethod,
      key,
      lines: priced,
      bill,
    },
  };
}

/** The shopper's unpaid online checkout (at most one: the partial unique index). */
const OPEN_CHECKOUT = "user_id = ? and status = 'placed' and payment_status = 'PENDING' and payment_method = 'ONLINE'";

/**
 * Releases whatever unpaid online checkout the shopper holds, as statements for the new order's
 * batch: stock back, a history row, then the order itself (last, so the earlier statements still
 * see it pending). Returns the released orders' session ids from the final statement.
 */
function releaseOpenCheckoutStatements(d1: D1Database, userId: string, now: number): D1PreparedStatement[] {
  const held = `select id from orders where ${OPEN_CHECKOUT}`;
  return [
    d1
      .prepare(
        `update products set stock = stock + (select sum(oi.quantity) from order_items oi where oi.product_id = products.id and oi.order_id in (${held})),
                updated_at = ?
          where id in (select oi.product_id from order_items oi where oi.order_id in (${held}))`,
      )
      .bind(userId, now, userId),
    d1
      .prepare(
        `insert into order_status_history (id, order_id, status, actor_user_id, note, created_at)
         select lower(hex(randomblob(12))), id, 'cancelled', ?, 'Replaced by a newer checkout', ? from orders where ${OPEN_CHECKOUT}`,
      )
      .bind(userId, now, userId),
    d1
      .prepare(
        `update orders set status = 'cancelled', payment_status = 'FAILED', reservation_expires_at = null, version = version + 1, updated_at = ?
          where ${OPEN_CHECKOUT} returning stripe_session_id as sessionId`,
      )
      .bind(now, userId),
  ];
}

/**
 * Writes a planned order in ONE batch. Whatever it refuses, it refuses as a whole: a lost race for
 * the last unit (CHECK stock >= 0) is 409; a parallel copy of the same request (unique idempotency
 * key) answers with the order that won.
 */
export async function commitOrder(context: AppLoadContext, plan: OrderPlan, now = Date.now()): Promise<PlaceOrderResult> {
  const d1 = getD1(context);
  const { id, orderId, address, lines, bill, key, userId } = plan;
  const online = plan.paymentMethod === "ONLINE";
  const reservationExpiresAt = online ? now + RESERVATION_MS : null;
  const deliveryAddress = {
    address_line: address.address_line,
    city: address.city,
    state: address.state,
    country: address.country,
    pincode: address.pincode,
    mobile: address.mobile,
  };
  const releases = online ? releaseOpenCheckoutStatements(d1, userId, now) : [];
  const statements: D1PreparedStatement[] = [
    // A derived key is freed by a holder that no longer counts (cancelled, or past the window).
    ...(key.derived
      ? [
          d1
            .prepare("update orders set idempotency_key = null where idempotency_key = ? and (status = 'cancelled' or created_at < ?)")
            .bind(key.value, now - DERIVED_KEY_WINDOW_MS),
        ]
      : []),
    ...releases,
    d1
      .prepare(
        `insert into orders (id, order_id, user_id, address_id, delivery_address, payment_method, payment_status, status,
                             sub_total, total, idempotency_key, reservation_expires_at, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, 'PENDING', 'placed', ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        id,
        orderId,
        userId,
        address.id,
        JSON.stringify(deliveryAddress),
        plan.paymentMethod,
        bill.itemsTotal,
        bill.grandTotal,
        key.value,
        reservationExpiresAt,
        now,
        now,
      ),
    ...lines.map((line) =>
      d1
        .prepare(
          `insert into order_items (id, order_id, product_id, name, image, unit, quantity, unit_price, discount, unit_final_price)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(newId(), id, line.productId, line.name, line.image, line.unit, line.quantity, line.price, line.discount, line.finalPrice),
    ),
    // CHECK (stock >= 0) turns a lost race for the last unit into a failed batch.
    ...lines.map((line) =>
      d1.prepare("update products set stock = stock - ?, updated_at = ? where id = ?").bind(line.quantity, now, line.productId),
    ),
    d1
      .prepare("insert into order_status_history (id, order_id, status, actor_user_id, note, created_at) values (?, ?, 'placed', ?, ?, ?)")
      .bind(newId(), id, userId, online ? "Awaiting online payment" : "Cash on delivery", now),
    // The lines just inserted name the products (two parameters, however long the order: D1 binds at most 100).
    d1
      .prepare("delete from cart_items where user_id = ? and product_id in (select product_id from order_items where order_id = ?)")
      .bind(userId, id),
  ];

  let results: D1Result[];
  try {
    results = await d1.batch(statements);
  } catch (error) {
    const message = String((error as Error)?.message ?? error);
    if (/orders\.idempotency_key/i.test(message)) {
      const again = await keyHolderStatement(d1, userId, key, now).first<{ id: string; orderId: string }>();
      if (again) return { ok: true, order: await describeExisting(d1, again) };
      return { ok: false, status: 409, message: "This order is being placed already: check your orders before trying again" };
    }
    if (/CHECK constraint failed/i.test(message)) {
      const short = await findShortLine(d1, lines);
      return { ok: false, status: 409, message: short ? soldOutMessage(short) : "An item just sold out. Review your cart and try again." };
    }
    if (/orders\.user_id/i.test(message)) {
      return { ok: false, status: 409, message: "Another checkout of yours was starting at the same moment: try again" };
    }
    if (/FOREIGN KEY constraint failed/i.test(message)) {
      return { ok: false, status: 409, message: "An item in your cart is no longer sold: remove it and try again" };
    }
    throw error;
  }
  const released = online ? (results[(key.derived ? 1 : 0) + releases.length - 1].results as { sessionId: string | null }[]) : [];
  return {
    ok: true,
    order: {
      id,
      orderId,
      bill,
      lines,
      reservationExpiresAt,
      duplicate: false,
      state: { status: "placed", paymentMethod: plan.paymentMethod, paymentStatus: "PENDING", stripeSessionId: null },
      replacedSessions: released.flatMap((r) => (r.sessionId ? [r.sessionId] : [])),
    },
  };
}

export async function placeOrder(context: AppLoadContext, input: OrderInput): Promise<PlaceOrderResult> {
  const planned = await planOrder(context, input);
  if (!planned.ok || !("plan" in planned)) return planned;
  return commitOrder(context, planned.plan);
}

function soldOutMessage(product: { name: string; stock: number }) {
  return product.stock <= 0
    ? `${product.name} just sold out`
    : `Only ${product.stock} of ${product.name} left: lower the quantity and try again`;
}

async function findShortLine(d1: D1Database, lines: OrderRequestLine[]) {
  const { results } = await d1
    .prepare(`select id, name, stock from products where id in (${lines.map(() => "?").join(",")})`)
    .bind(...lines.map((l) => l.productId))
    .all<{ id: string; name: string; stock: number }>();
  return results.find((p) => p.stock < (lines.find((l) => l.productId === p.id)?.quantity ?? 0)) ?? null;
}

async function describeExisting(d1: D1Database, existing: { id: string; orderId: string }): Promise<PlacedOrder> {
  const [orderRows, itemRows] = await d1.batch([
    d1
      .prepare(
        "select status, payment_method as paymentMethod, payment_status as paymentStatus, stripe_session_id as stripeSessionId, reservation_expires_at as reservationExpiresAt from orders where id = ?",
      )
      .bind(existing.id),
    d1
      .prepare(
        "select product_id as productId, name, unit, image, quantity, unit_price as price, discount, unit_final_price as finalPrice from order_items where order_id = ?",
      )
      .bind(existing.id),
  ]);
  const { reservationExpiresAt, ...state } = orderRows.results[0] as PlacedOrder["state"] & { reservationExpiresAt: number | null };
  const lines = itemRows.results as PlacedOrder["lines"];
  return { id: existing.id, orderId: existing.orderId, bill: computeBill(lines), lines, reservationExpiresAt, duplicate: true, state, replacedSessions: [] };
}

/**
 * An /api order request (cash-on-delivery or checkout): the body's lines, address, advisory totals
 * and key. A key already used for an order of the other payment method is a conflict.
 */
export async function placeApiOrder(
  context: AppLoadContext,
  request: Request,
  userId: string,
  body: { list_items: OrderRequestLine[]; addressId: string; subTotalAmt?: number; totalAmt?: number; idempotencyKey?: string },
  paymentMethod: PaymentMethod,
): Promise<PlaceOrderResult> {
  const result = await placeOrder(context, {
    userId,
    addressId: body.addressId,
    lines: body.list_items,
    paymentMethod,
    idempotencyKey: request.headers.get("Idempotency-Key")?.trim().slice(0, 64) || body.idempotencyKey,
    clientTotals: { subTotalAmt: body.subTotalAmt, totalAmt: body.totalAmt },
  });
  if (result.ok && result.order.state.paymentMethod !== paymentMethod) {
    return { ok: false, status: 409, message: "This Idempotency-Key was already used for an order with another payment method" };
  }
  return result;
}

/**
 * Attaches the Stripe Checkout Session to its order, always (so a payment on it can still be matched
 * and flagged), and tells whether the order is still awaiting that payment: a newer checkout or a
 * cancel may have released it between the order batch and this call.
 */
export async function attachCheckoutSession(context: AppLoadContext, orderId: string, sessionId: string, expiresAt: number): Promise<boolean> {
  const row = await getD1(context)
    .prepare(
      `update orders set stripe_session_id = coalesce(stripe_session_id, ?1),
              reservation_expires_at = case when status = 'placed' and payment_status = 'PENDING' then ?2 else reservation_expires_at end,
              updated_at = unixepoch() * 1000
        where id = ?3 returning status = 'placed' and payment_status = 'PENDING' and stripe_session_id = ?1 as awaiting`,
    )
    .bind(sessionId, expiresAt, orderId)
    .first<{ awaiting: number }>();
  return Boolean(row?.awaiting);
}

/**
 * Cancels a still-unpaid online order and returns its stock, in one batch, at most once: every
 * statement is conditional on the order still being `placed` + `PENDING`, and the status change
 * comes last so the stock statements see the old state.
 */
export function releaseStatements(
  d1: D1Database,
  orderId: string,
  lines: { productId: string | null; quantity: number }[],
  note: string,
  actorUserId: string | null = null,
): D1PreparedStatement[] {
  const pending = "exists (select 1 from orders where id = ? and status = 'placed' and payment_status = 'PENDING')";
  const now = Date.now();
  return [
    ...lines
      .filter((l) => l.productId)
      .map((l) =>
        d1.prepare(`update products set stock = stock + ? where id = ? and ${pending}`).bind(l.quantity, l.productId, orderId),
      ),
    d1
      .prepare(
        `insert into order_status_history (id, order_id, status, actor_user_id, note, created_at)
         select ?, ?, 'cancelled', ?, ?, ? where ${pending}`,
      )
      .bind(newId(), orderId, actorUserId, note, now, orderId),
    d1
      .prepare(
        "update orders set status = 'cancelled', payment_status = 'FAILED', version = version + 1, updated_at = ? where id = ? and status = 'placed' and payment_status = 'PENDING'",
      )
      .bind(now, orderId),
  ];
}

export async function orderLinesFor(d1: D1Database, orderId: string) {
  const { results } = await d1
    .prepare("select product_id as productId, quantity from order_items where order_id = ?")
    .bind(orderId)
    .all<{ productId: string | null; quantity: number }>();
  return results;
}

// ---------------------------------------------------------------------------------------------
// Reading orders

export interface OrderSummary {
  id: string;
  orderId: string;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  paymentStatus: string;
  subTotal: number;
  total: number;
  createdAt: number;
  version: number;
  needsAttention: boolean;
  attentionNote: string | null;
  refundId: string | null;
  paymentId: string | null;
  /** The saved address the order was sent to (null once that address is deleted); the snapshot is `deliveryAddress`. */
  addressId: string | null;
  deliveryAddress: Record<string, string>;
  items: { id: string; productId: string | null; name: string; image: string; unit: string; quantity: number; price: number; finalPrice: number }[];
  history: { status: OrderStatus; createdAt: number; note: string }[];
}

export const ORDER_COLUMNS = `o.id, o.order_id as orderId, o.status, o.payment_method as paymentMethod, o.payment_status as paymentStatus,
  o.sub_total as subTotal, o.total, o.created_at as createdAt, o.version, o.needs_attention as needsAttention,
  o.attention_note as attentionNote, o.refund_id as refundId, o.payment_id as paymentId, o.address_id as addressId,
  o.delivery_address as deliveryAddress`;

/**
 * A shopper's orders, newest first, with lines and history: one batch. With `orderId`, only that
 * order (still only if it is theirs: anyone else's order is simply not there).
 */
export async function listOrders(
  context: AppLoadContext,
  userId: string,
  { orderId = "", limit = 50 }: { orderId?: string; limit?: number } = {},
): Promise<OrderSummary[]> {
  return readOrders(context, userId, orderId, limit);
}

/** Any one order, whoever placed it: for the admin board and its /api only. */
export async function findOrderForAdmin(context: AppLoadContext, orderId: string): Promise<OrderSummary | null> {
  const [order] = await readOrders(context, null, orderId, 1);
  return order ?? null;
}

async function readOrders(context: AppLoadContext, userId: string | null, orderId: string, limit: number): Promise<OrderSummary[]> {
  if (userId === null && !orderId) throw new Error("readOrders: an admin read names one order");
  const d1 = getD1(context);
  const mine = "(?1 is null or o.user_id = ?1) and (?2 = '' or o.id = ?2)";
  const [orderRows, itemRows, historyRows] = await d1.batch([
    d1.prepare(`select ${ORDER_COLUMNS} from orders o where ${mine} order by o.created_at desc, o.id desc limit ?3`).bind(userId, orderId, limit),
    d1
      .prepare(
        `select oi.order_id as parent, oi.id, oi.product_id as productId, oi.name, oi.image, oi.unit, oi.quantity,
                oi.unit_price as price, oi.unit_final_price as finalPrice
           from order_items oi join orders o on o.id = oi.order_id
          where ${mine} order by oi.rowid`,
      )
      .bind(userId, orderId),
    d1
      .prepare(
        `select h.order_id as parent, h.status, h.created_at as createdAt, h.note
           from order_status_history h join orders o on o.id = h.order_id
          where ${mine} order by h.created_at, h.rowid`,
      )
      .bind(userId, orderId),
  ]);
  const items = groupBy(itemRows.results as ({ parent: string } & OrderSummary["items"][number])[]);
  const history = groupBy(historyRows.results as ({ parent: string } & OrderSummary["history"][number])[]);
  return (orderRows.results as OrderRow[]).map((o) => toSummary(o, items.get(o.id) ?? [], history.get(o.id) ?? []));
}

export type OrderRow = Omit<OrderSummary, "items" | "history" | "deliveryAddress" | "needsAttention"> & {
  deliveryAddress: string;
  needsAttention: number;
};

export function toSummary(o: OrderRow, items: OrderSummary["items"], history: OrderSummary["history"]): OrderSummary {
  return {
    ...o,
    needsAttention: Boolean(o.needsAttention),
    deliveryAddress: JSON.parse(o.deliveryAddress) as Record<string, string>,
    items,
    history,
  };
}


function groupBy<T extends { parent: string }>(rows: T[]): Map<string, Omit<T, "parent">[]> {
  const map = new Map<string, Omit<T, "parent">[]>();
  for (const { parent, ...rest } of rows) {
    const list = map.get(parent) ?? [];
    list.push(rest);
    map.set(parent, list);
  }
  return map;
}

/**
 * `GET /api/order/order-list` as the original server answered it: it stored one order document per
 * product line, so the list has one entry per line, `product_details` is that line's product
 * (`{ name, image: [url] }`), and the order's number, status, payment, totals (of the whole order,
 * repeated on each of its lines, as the original did), address and time are on every entry.
 * `_id` is the line's own id; `order_ref` is the order's `_id` (for /api/order/details, cancel and
 * reorder). The grouped view is `serializeOrder`.
 */
export function serializeOrderLines(order: OrderSummary, userId: string) {
  const shared = {
    order_ref: order.id,
    userId,
    orderId: order.orderId,
    status: order.status,
    payment_method: paymentMethodLabel(order.paymentMethod),
    payment_status: order.paymentStatus,
    paymentId: order.paymentId ?? "",
    delivery_address: { _id: order.addressId, ...order.deliveryAddress },
    subTotalAmt: paiseToRupees(order.subTotal),
    totalAmt: paiseToRupees(order.total),
    createdAt: new Date(order.createdAt).toISOString(),
  };
  return order.items.map((item) => ({
    _id: item.id,
    ...shared,
    productId: item.productId,
    quantity: item.quantity,
    product_details: { name: item.name, image: item.image ? [item.image] : [], unit: item.unit },
  }));
}

const paymentMethodLabel = (method: PaymentMethod) => (method === "COD" ? "Cash on Delivery" : "Online Payment");

export function serializeOrder(order: OrderSummary) {
  return {
    _id: order.id,
    orderId: order.orderId,
    status: order.status,
    payment_method: paymentMethodLabel(order.paymentMethod),
    payment_status: order.paymentStatus,
    subTotalAmt: paiseToRupees(order.subTotal),
    totalAmt: paiseToRupees(order.total),
    delivery_address: order.deliveryAddress,
    createdAt: new Date(order.createdAt).toISOString(),
    delivery_due_at: new Date(order.createdAt + DELIVERY_PROMISE_MS).toISOString(),
    version: order.version,
    needs_attention: order.needsAttention,
    attention_note: order.attentionNote,
    refund_id: order.refundId,
    product_details: order.items.map((item) => ({
      productId: item.productId,
      name: item.name,
      image: item.image ? [item.image] : [],
      unit: item.unit,
      quantity: item.quantity,
      price: paiseToRupees(item.price),
      finalPrice: paiseToRupees(item.finalPrice),
    })),
    status_history: order.history.map((h) => ({ status: h.status, at: new Date(h.createdAt).toISOString(), note: h.note })),
  };
}
