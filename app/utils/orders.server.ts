/**
 * The one order pipeline for cash on delivery and online payment (ARCHITECTURE.md "Orders and
 * payments"). Placing an order is ONE D1 batch: the order, its lines (prices snapshotted), the status
 * history row, the stock decrements and the cart clean-up. `products.stock` has CHECK (stock >= 0),
 * so an oversell fails the statement and D1 rolls the whole batch back.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { newId } from "~/lib/ids";
import { paiseToRupees } from "~/lib/money";
import { computeBill, discountedPrice, type Bill } from "~/lib/pricing";
import type { OrderStatus } from "~/db/schema";
import { DELIVERY_PROMISE_MS } from "~/lib/order-status";
import type { AddressRow } from "./addresses.server";
import { getD1 } from "./db.server";

export type PaymentMethod = "COD" | "ONLINE";

export interface OrderRequestLine {
  productId: string;
  quantity: number;
}

interface ProductForOrder {
  id: string;
  name: string;
  unit: string;
  price: number;
  discount: number;
  stock: number;
  image: string;
}

export interface PlacedOrder {
  id: string;
  orderId: string;
  bill: Bill;
  lines: (OrderRequestLine & { name: string; unit: string; image: string; price: number; discount: number; finalPrice: number })[];
  /** True when the same idempotency key had already created this order. */
  duplicate: boolean;
}

export type PlaceOrderResult =
  | { ok: true; order: PlacedOrder }
  | { ok: false; status: 400 | 404 | 409; message: string };

/** Online orders hold their stock this long (Stripe's minimum Checkout Session lifetime). */
export const RESERVATION_MS = 30 * 60 * 1000;

export function newOrderNumber(now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replace(/-/g, "");
  const suffix = newId().slice(0, 6).toUpperCase();
  return `ORD-${day}-${suffix}`;
}

function mergeLines(lines: OrderRequestLine[]): OrderRequestLine[] {
  const merged = new Map<string, number>();
  for (const line of lines) merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.quantity);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

async function findExistingOrder(d1: D1Database, userId: string, idempotencyKey: string) {
  return d1
    .prepare("select id, order_id as orderId from orders where idempotency_key = ? and user_id = ?")
    .bind(idempotencyKey, userId)
    .first<{ id: string; orderId: string }>();
}

export async function placeOrder(
  context: AppLoadContext,
  input: {
    userId: string;
    addressId: string;
    lines: OrderRequestLine[];
    paymentMethod: PaymentMethod;
    idempotencyKey?: string;
    /** Advisory totals from a client, in rupees: refused with 409 when they disagree. */
    clientTotals?: { subTotalAmt?: number; totalAmt?: number };
  },
): Promise<PlaceOrderResult> {
  const d1 = getD1(context);
  const lines = mergeLines(input.lines);
  if (!lines.length) return { ok: false, status: 400, message: "Your cart is empty" };
  const idempotencyKey = input.idempotencyKey ? `${input.userId}:${input.idempotencyKey}` : null;

  // One round trip for everything the checks need.
  const placeholders = lines.map(() => "?").join(",");
  const [addressResult, productResult, existingResult] = await d1.batch([
    d1
      .prepare(
        "select id, address_line, city, state, country, pincode, mobile, status, created_at from addresses where id = ? and user_id = ? and status = 1",
      )
      .bind(input.addressId, input.userId),
    d1
      .prepare(
        `select p.id, p.name, p.unit, p.price, p.discount, p.stock,
                coalesce((select url from product_images pi where pi.product_id = p.id order by pi.position limit 1), '') as image
           from products p where p.id in (${placeholders})`,
      )
      .bind(...lines.map((l) => l.productId)),
    d1
      .prepare("select id, order_id as orderId from orders where idempotency_key = ?")
      .bind(idempotencyKey ?? ""),
  ]);
  const existing = existingResult.results[0] as { id: string; orderId: string } | undefined;
  if (existing) return { ok: true, order: await describeExisting(d1, existing) };

  const address = addressResult.results[0] as AddressRow | undefined;
  if (!address) return { ok: false, status: 404, message: "Choose a delivery address: that address was not found" };

  const products = new Map((productResult.results as ProductForOrder[]).map((p) => [p.id, p]));
  const priced: PlacedOrder["lines"] = [];
  for (const line of lines) {
    const product = products.get(line.productId);
    if (!product) return { ok: false, status: 404, message: "An item in your cart is no longer sold: remove it and try again" };
    if (product.stock < line.quantity) return { ok: false, status: 409, message: soldOutMessage(product) };
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

  const id = newId();
  const orderId = newOrderNumber();
  const now = Date.now();
  const online = input.paymentMethod === "ONLINE";
  const deliveryAddress = {
    address_line: address.address_line,
    city: address.city,
    state: address.state,
    country: address.country,
    pincode: address.pincode,
    mobile: address.mobile,
  };
  const statements: D1PreparedStatement[] = [
    d1
      .prepare(
        `insert into orders (id, order_id, user_id, address_id, delivery_address, payment_method, payment_status, status,
                             sub_total, total, idempotency_key, reservation_expires_at, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, 'PENDING', 'placed', ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        id,
        orderId,
        input.userId,
        address.id,
        JSON.stringify(deliveryAddress),
        input.paymentMethod,
        bill.itemsTotal,
        bill.grandTotal,
        idempotencyKey,
        online ? now + RESERVATION_MS : null,
        now,
        now,
      ),
    ...priced.map((line) =>
      d1
        .prepare(
          `insert into order_items (id, order_id, product_id, name, image, unit, quantity, unit_price, discount, unit_final_price)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(newId(), id, line.productId, line.name, line.image, line.unit, line.quantity, line.price, line.discount, line.finalPrice),
    ),
    // CHECK (stock >= 0) turns a lost race for the last unit into a failed batch.
    ...priced.map((line) =>
      d1
        .prepare("update products set stock = stock - ?, updated_at = ? where id = ?")
        .bind(line.quantity, now, line.productId),
    ),
    d1
      .prepare("insert into order_status_history (id, order_id, status, actor_user_id, note, created_at) values (?, ?, 'placed', ?, ?, ?)")
      .bind(newId(), id, input.userId, online ? "Awaiting online payment" : "Cash on delivery", now),
    d1
      .prepare(`delete from cart_items where user_id = ? and product_id in (${placeholders})`)
      .bind(input.userId, ...priced.map((l) => l.productId)),
  ];

  try {
    await d1.batch(statements);
  } catch (error) {
    const message = String((error as Error)?.message ?? error);
    if (/idempotency_key/i.test(message) && idempotencyKey) {
      const again = await findExistingOrder(d1, input.userId, idempotencyKey);
      if (again) return { ok: true, order: await describeExisting(d1, again) };
    }
    if (/CHECK constraint failed/i.test(message)) {
      const short = await findShortLine(d1, priced);
      return { ok: false, status: 409, message: short ? soldOutMessage(short) : "An item just sold out. Review your cart and try again." };
    }
    if (/FOREIGN KEY constraint failed/i.test(message)) {
      return { ok: false, status: 409, message: "An item in your cart is no longer sold: remove it and try again" };
    }
    throw error;
  }
  return { ok: true, order: { id, orderId, bill, lines: priced, duplicate: false } };
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
  const { results } = await d1
    .prepare(
      "select product_id as productId, name, unit, image, quantity, unit_price as price, discount, unit_final_price as finalPrice from order_items where order_id = ?",
    )
    .bind(existing.id)
    .all<PlacedOrder["lines"][number]>();
  return { id: existing.id, orderId: existing.orderId, bill: computeBill(results), lines: results, duplicate: true };
}

/** An /api order request (cash-on-delivery or checkout): the body's lines, address, advisory totals and key. */
export function placeApiOrder(
  context: AppLoadContext,
  request: Request,
  userId: string,
  body: { list_items: OrderRequestLine[]; addressId: string; subTotalAmt?: number; totalAmt?: number; idempotencyKey?: string },
  paymentMethod: PaymentMethod,
) {
  return placeOrder(context, {
    userId,
    addressId: body.addressId,
    lines: body.list_items,
    paymentMethod,
    idempotencyKey: request.headers.get("Idempotency-Key")?.slice(0, 64) || body.idempotencyKey,
    clientTotals: { subTotalAmt: body.subTotalAmt, totalAmt: body.totalAmt },
  });
}

/** Attach the Stripe Checkout Session to its order. */
export async function attachCheckoutSession(context: AppLoadContext, orderId: string, sessionId: string, expiresAt: number) {
  await getD1(context)
    .prepare("update orders set stripe_session_id = ?, reservation_expires_at = ?, updated_at = unixepoch() * 1000 where id = ?")
    .bind(sessionId, expiresAt, orderId)
    .run();
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
  deliveryAddress: Record<string, string>;
  items: { productId: string | null; name: string; image: string; unit: string; quantity: number; price: number; finalPrice: number }[];
  history: { status: OrderStatus; createdAt: number; note: string }[];
}

export const ORDER_COLUMNS = `o.id, o.order_id as orderId, o.status, o.payment_method as paymentMethod, o.payment_status as paymentStatus,
  o.sub_total as subTotal, o.total, o.created_at as createdAt, o.version, o.needs_attention as needsAttention,
  o.attention_note as attentionNote, o.refund_id as refundId, o.delivery_address as deliveryAddress`;

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
        `select oi.order_id as parent, oi.product_id as productId, oi.name, oi.image, oi.unit, oi.quantity,
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

export function serializeOrder(order: OrderSummary) {
  return {
    _id: order.id,
    orderId: order.orderId,
    status: order.status,
    payment_method: order.paymentMethod === "COD" ? "Cash on Delivery" : "Online Payment",
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
