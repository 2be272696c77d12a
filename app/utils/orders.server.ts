/**
 * The one order pipeline for cash on delivery and online payment (ARCHITECTURE.md "Orders and
 * payments", docs/decisions/009-payment-trust.md). Placing an order is ONE D1 batch: the order, its
 * lines (prices snapshotted), the status history row, the stock decrements and the cart clean-up.
 * The stock is taken at the order's store (the one serving the address's pincode, decision 020):
 * `store_stock.stock` has CHECK (stock >= 0): it is the only stock guard (there is no
 * read-then-decide pre-check), so an oversell fails the statement and D1 rolls the whole batch back.
 *
 * The same batch also decides the two per-shopper rules atomically:
 * - the order's idempotency key (the client's, or one derived from the request when it sends none)
 *   is unique on `orders`, so parallel copies of one request make one order;
 * - an online order first releases the shopper's previous unpaid online checkout, and the partial
 *   unique index `orders_one_open_checkout_unique` keeps it at one hold per shopper.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, desc, eq, gte, inArray, lt, ne, or, sql } from "drizzle-orm";
import { addresses, cartItems, orderItems, orders, orderStatusHistory, type OrderStatus, products, stores, storeStock } from "~/db/schema";
import { newId } from "~/lib/ids";
import { paiseToRupees } from "~/lib/money";
import { deliveryDueAt } from "~/lib/order-status";
import { computeBill, discountedPrice, type Bill } from "~/lib/pricing";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "~/lib/schemas/cart";
import { lineLimitMessage, mergeOrderLines, type OrderLineInput } from "~/lib/schemas/order";
import { soldOutMessage } from "~/lib/stock-messages";
import { type AddressRow, ownAddressQuery } from "./addresses.server";
import { sha256Hex } from "./crypto.server";
import { type Database, getDb, sqliteErrorText } from "./db.server";
import { cancelStatements } from "./order-cancel.server";
import { firstImageUrl } from "./product-columns.server";
import { storeIdSql, storeServingSql, type StockStore } from "./store-stock.server";

type PaymentMethod = "COD" | "ONLINE";

/** An order line as placed: what was asked for, with the product and its prices snapshotted. */
type PlacedLine = OrderLineInput & { name: string; unit: string; image: string; price: number; discount: number; finalPrice: number };

export interface PlacedOrder {
  id: string;
  orderId: string;
  bill: Bill;
  /** A repeated request reads its lines back: a product deleted since has left `productId` null. */
  lines: (Omit<PlacedLine, "productId"> & { productId: string | null })[];
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
type PlaceOrderResult = { ok: true; order: PlacedOrder } | Refusal;

/** Online orders hold their stock this long (Stripe's minimum Checkout Session lifetime). */
export const RESERVATION_MS = 30 * 60 * 1000;

export const TOO_MANY_LINES = `At most ${MAX_CART_LINES} different products per order: remove some and try again`;

const EMPTY_CART = "Your cart is empty";
const NOT_SOLD = "An item in your cart is no longer sold: remove it and try again";

/**
 * A request without an idempotency key is keyed by what it asks for (shopper, address, payment
 * method, merged lines): the same request again within this window is the same order. A cancelled
 * order, or one older than the window, frees its derived key.
 */
const DERIVED_KEY_WINDOW_MS = 5 * 60 * 1000;

function newOrderNumber(now: Date): string {
  const day = now.toISOString().slice(0, 10).replace(/-/g, "");
  const suffix = newId().slice(0, 6).toUpperCase();
  return `ORD-${day}-${suffix}`;
}

interface OrderInput {
  userId: string;
  addressId: string;
  lines: OrderLineInput[];
  paymentMethod: PaymentMethod;
  /** The client's key (page form or Idempotency-Key); without one a key is derived from the request. */
  idempotencyKey?: string;
  /** Advisory totals from a client, in rupees: refused with 409 when they disagree. */
  clientTotals?: { subTotalAmt?: number; totalAmt?: number };
  /**
   * A page checkout: the store whose stock the cart showed (the location cookie's, else the
   * default). The address must be served by that same store. /api clients send none: the store
   * serving the address is the order's store.
   */
  cartStore?: StockStore;
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
  lines: PlacedLine[];
  bill: Bill;
  /** The store serving the address: the stock is taken there and returns there. */
  storeId: string;
}

// ---------------------------------------------------------------------------------------------
// Placing an order: plan (one read), then commit (one batch)

export async function placeOrder(context: AppLoadContext, input: OrderInput): Promise<PlaceOrderResult> {
  const planned = await planOrder(context, input);
  if (!planned.ok || !("plan" in planned)) return planned;
  return commitOrder(context, planned.plan);
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
  const lines = mergeOrderLines(input.lines);
  const early = refuseBeforeReading(input, lines);
  if (early) return early;
  const key = await orderKey(input, lines);

  const db = getDb(context);
  const { address, productRows, holder, stores: served } = await readOrderInputs(db, input, lines, key, now);
  if (holder) return { ok: true, order: await describeExisting(db, holder) };
  const refusal = refuseLines(lines);
  if (refusal) return refusal;
  if (!address) return { ok: false, status: 404, message: "Choose a delivery address: that address was not found" };
  const storeId = served?.servingStoreId;
  if (!storeId) return { ok: false, status: 409, message: `We don't deliver to ${address.pincode} yet: choose an address we deliver to` };
  if (input.cartStore !== undefined && served.cartStoreId !== storeId) {
    return {
      ok: false,
      status: 409,
      message: `Your cart shows the stock of another store than the one delivering to ${address.pincode}: set your delivery location to ${address.pincode}, review your cart and check out again`,
    };
  }

  const priced = priceLines(lines, productRows);
  if (!priced) return { ok: false, status: 404, message: NOT_SOLD };
  const bill = computeBill(priced);
  const disagreement = checkClientTotals(input.clientTotals, bill);
  if (disagreement) return disagreement;
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
      storeId,
    },
  };
}

/** Refusals decided before any query. Each line binds a parameter, and D1 binds at most 100 per statement. */
function refuseBeforeReading(input: OrderInput, lines: OrderLineInput[]): Refusal | null {
  if (!lines.length && !input.idempotencyKey) return { ok: false, status: 400, message: EMPTY_CART };
  if (lines.length > MAX_CART_LINES) return { ok: false, status: 400, message: TOO_MANY_LINES };
  return null;
}

/** Refusals of a new order's lines (a key alone may find an earlier order without any). */
function refuseLines(lines: OrderLineInput[]): Refusal | null {
  if (!lines.length) return { ok: false, status: 400, message: EMPTY_CART };
  const tooMany = lines.find((line) => line.quantity > MAX_LINE_QUANTITY);
  return tooMany ? { ok: false, status: 400, message: lineLimitMessage(tooMany.quantity) } : null;
}

async function orderKey(input: OrderInput, lines: OrderLineInput[]): Promise<OrderKey> {
  if (input.idempotencyKey) return { value: `${input.userId}:${input.idempotencyKey}`, derived: false };
  const sorted = [...lines].sort((a, b) => (a.productId < b.productId ? -1 : 1)).map((l) => [l.productId, l.quantity]);
  const digest = await sha256Hex(JSON.stringify([input.userId, input.addressId, input.paymentMethod, sorted]));
  return { value: `auto:${digest}`, derived: true };
}

/**
 * The one read of a new order: the shopper's address, the products, an earlier order holding the
 * key, and the stores: the one serving the address's pincode and the one the cart showed.
 */
async function readOrderInputs(db: Database, input: OrderInput, lines: OrderLineInput[], key: OrderKey, now: number) {
  const [addressRows, productRows, holders, storeRows] = await db.batch([
    ownAddressQuery(db, input.userId, input.addressId),
    db
      .select({
        id: products.id,
        name: products.name,
        unit: products.unit,
        price: products.price,
        discount: products.discount,
        image: firstImageUrl,
      })
      .from(products)
      .where(inArray(products.id, lines.map((line) => line.productId))),
    keyHolderQuery(db, input.userId, key, now),
    db
      .select({
        servingStoreId: sql<string | null>`${storeServingSql(sql`${addresses.pincode}`)}`.as("serving_store_id"),
        cartStoreId: sql<string | null>`${storeIdSql(input.cartStore ?? null)}`.as("cart_store_id"),
      })
      .from(addresses)
      .where(and(eq(addresses.id, input.addressId), eq(addresses.userId, input.userId))),
  ]);
  return { address: addressRows[0], productRows, holder: holders[0], stores: storeRows[0] };
}

/** The order holding a key, if it still counts: a derived key only within its window and while not cancelled. */
function keyHolderQuery(db: Database, userId: string, key: OrderKey, now: number) {
  return db
    .select({ id: orders.id, orderId: orders.orderId })
    .from(orders)
    .where(
      and(
        eq(orders.idempotencyKey, key.value),
        eq(orders.userId, userId),
        key.derived ? and(ne(orders.status, "cancelled"), gte(orders.createdAt, now - DERIVED_KEY_WINDOW_MS)) : undefined,
      ),
    );
}

/** Each line with its product's name and today's prices; null when a product no longer exists. */
function priceLines(
  lines: OrderLineInput[],
  rows: { id: string; name: string; unit: string; image: string; price: number; discount: number }[],
): PlacedLine[] | null {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const priced: PlacedLine[] = [];
  for (const line of lines) {
    const product = byId.get(line.productId);
    if (!product) return null;
    const { name, unit, image, price, discount } = product;
    priced.push({ ...line, name, unit, image, price, discount, finalPrice: discountedPrice(price, discount) });
  }
  return priced;
}

function checkClientTotals(totals: OrderInput["clientTotals"], bill: Bill): Refusal | null {
  const differs = (rupees: number | undefined, paise: number) => rupees !== undefined && Math.round(rupees * 100) !== paise;
  if (!differs(totals?.subTotalAmt, bill.itemsTotal) && !differs(totals?.totalAmt, bill.grandTotal)) return null;
  return {
    ok: false,
    status: 409,
    message: `Prices have changed: the total is now ₹${paiseToRupees(bill.grandTotal)}. Review your cart and try again.`,
  };
}

/**
 * Writes a planned order in ONE batch. Whatever it refuses, it refuses as a whole: a lost race for
 * the last unit (CHECK stock >= 0) is 409; a parallel copy of the same request (unique idempotency
 * key) answers with the order that won.
 */
export async function commitOrder(context: AppLoadContext, plan: OrderPlan, now = Date.now()): Promise<PlaceOrderResult> {
  const db = getDb(context);
  const online = plan.paymentMethod === "ONLINE";
  const reservationExpiresAt = online ? now + RESERVATION_MS : null;
  const releases = online ? cancelStatements(db, { openCheckoutOf: plan.userId }, "Replaced by a newer checkout", now) : [];
  let replaced: { sessionId: string | null }[] = [];
  try {
    const results = await db.batch(
      nonEmpty([
        // A derived key is freed by a holder that no longer counts (cancelled, or past the window).
        ...(plan.key.derived ? [freeDerivedKey(db, plan.key, now)] : []),
        ...releases,
        ...orderWrites(db, plan, reservationExpiresAt, now),
      ]),
    );
    if (online) replaced = releasedSessions(results[(plan.key.derived ? 1 : 0) + releases.length - 1]);
  } catch (error) {
    return explainRefusal(db, plan, error, now);
  }
  return {
    ok: true,
    order: {
      id: plan.id,
      orderId: plan.orderId,
      bill: plan.bill,
      lines: plan.lines,
      reservationExpiresAt,
      duplicate: false,
      state: { status: "placed", paymentMethod: plan.paymentMethod, paymentStatus: "PENDING", stripeSessionId: null },
      replacedSessions: replaced.flatMap((r) => (r.sessionId ? [r.sessionId] : [])),
    },
  };
}

/** `db.batch` takes a non-empty tuple; a batch assembled from optional parts is checked here. */
function nonEmpty<T>(items: T[]): [T, ...T[]] {
  const [first, ...rest] = items;
  if (first === undefined) throw new Error("An empty batch");
  return [first, ...rest];
}

function freeDerivedKey(db: Database, key: OrderKey, now: number) {
  return db
    .update(orders)
    .set({ idempotencyKey: null })
    .where(
      and(eq(orders.idempotencyKey, key.value), or(eq(orders.status, "cancelled"), lt(orders.createdAt, now - DERIVED_KEY_WINDOW_MS))),
    );
}

/** The order, its lines, the stock taken, its first history row and the cart lines it empties, in this order. */
function orderWrites(db: Database, plan: OrderPlan, reservationExpiresAt: number | null, now: number) {
  const { id, address, lines, bill, userId } = plan;
  const { address_line, city, state, country, pincode, mobile } = address;
  return [
    db.insert(orders).values({
      id,
      orderId: plan.orderId,
      userId,
      addressId: address.id,
      deliveryAddress: { address_line, city, state, country, pincode, mobile },
      paymentMethod: plan.paymentMethod,
      paymentStatus: "PENDING",
      status: "placed",
      subTotal: bill.itemsTotal,
      total: bill.grandTotal,
      idempotencyKey: plan.key.value,
      reservationExpiresAt,
      storeId: plan.storeId,
      createdAt: now,
      updatedAt: now,
    }),
    ...lines.map((line) =>
      db.insert(orderItems).values({
        id: newId(),
        orderId: id,
        productId: line.productId,
        name: line.name,
        image: line.image,
        unit: line.unit,
        quantity: line.quantity,
        unitPrice: line.price,
        discount: line.discount,
        unitFinalPrice: line.finalPrice,
      }),
    ),
    // A product the store has no row for has stock 0 there: the row is made (at 0) so that the
    // decrement below fails on the CHECK rather than matching nothing.
    ...lines.map((line) => db.insert(storeStock).values({ storeId: plan.storeId, productId: line.productId, stock: 0 }).onConflictDoNothing()),
    // CHECK (stock >= 0) turns a lost race for the last unit at this store into a failed batch.
    ...lines.map((line) =>
      db
        .update(storeStock)
        .set({ stock: sql`${storeStock.stock} - ${line.quantity}` })
        .where(and(eq(storeStock.storeId, plan.storeId), eq(storeStock.productId, line.productId))),
    ),
    db.insert(orderStatusHistory).values({
      id: newId(),
      orderId: id,
      status: "placed",
      actorUserId: userId,
      note: plan.paymentMethod === "ONLINE" ? "Awaiting online payment" : "Cash on delivery",
      createdAt: now,
    }),
    // The lines just inserted name the products (two parameters, however long the order: D1 binds at most 100).
    db
      .delete(cartItems)
      .where(
        and(
          eq(cartItems.userId, userId),
          inArray(cartItems.productId, db.select({ id: orderItems.productId }).from(orderItems).where(eq(orderItems.orderId, id))),
        ),
      ),
  ];
}

/** The sessions of the hold a new checkout released: the rows its cancel statement returned. */
function releasedSessions(result: unknown): { sessionId: string | null }[] {
  if (!Array.isArray(result)) return [];
  return result.filter((row): row is { sessionId: string | null } => typeof row === "object" && row !== null && "sessionId" in row);
}

/** What a refused order batch tells the shopper; anything unexpected is rethrown. */
async function explainRefusal(db: Database, plan: OrderPlan, error: unknown, now: number): Promise<PlaceOrderResult> {
  const message = sqliteErrorText(error);
  if (/orders\.idempotency_key/i.test(message)) {
    const again = await keyHolderQuery(db, plan.userId, plan.key, now).get();
    if (again) return { ok: true, order: await describeExisting(db, again) };
    return { ok: false, status: 409, message: "This order is being placed already: check your orders before trying again" };
  }
  if (/CHECK constraint failed/i.test(message)) {
    const short = await findShortLine(db, plan.lines, plan.storeId);
    return { ok: false, status: 409, message: short ? soldOutMessage(short) : "An item just sold out. Review your cart and try again." };
  }
  if (/orders\.user_id/i.test(message)) {
    return { ok: false, status: 409, message: "Another checkout of yours was starting at the same moment: try again" };
  }
  if (/FOREIGN KEY constraint failed/i.test(message)) return { ok: false, status: 409, message: NOT_SOLD };
  throw error;
}

async function findShortLine(db: Database, lines: OrderLineInput[], storeId: string) {
  const rows = await db
    .select({ id: products.id, name: products.name, stock: sql<number>`coalesce(${storeStock.stock}, 0)` })
    .from(products)
    .leftJoin(storeStock, and(eq(storeStock.productId, products.id), eq(storeStock.storeId, storeId)))
    .where(inArray(products.id, lines.map((l) => l.productId)));
  return rows.find((p) => p.stock < (lines.find((l) => l.productId === p.id)?.quantity ?? 0)) ?? null;
}

/** The columns of an order line as placed (`PlacedOrder["lines"]`). */
const placedLineColumns = {
  productId: orderItems.productId,
  name: orderItems.name,
  unit: orderItems.unit,
  image: orderItems.image,
  quantity: orderItems.quantity,
  price: orderItems.unitPrice,
  discount: orderItems.discount,
  finalPrice: orderItems.unitFinalPrice,
};

async function describeExisting(db: Database, existing: { id: string; orderId: string }): Promise<PlacedOrder> {
  const [orderRows, lines] = await db.batch([
    db
      .select({
        status: orders.status,
        paymentMethod: orders.paymentMethod,
        paymentStatus: orders.paymentStatus,
        stripeSessionId: orders.stripeSessionId,
        reservationExpiresAt: orders.reservationExpiresAt,
      })
      .from(orders)
      .where(eq(orders.id, existing.id)),
    db.select(placedLineColumns).from(orderItems).where(eq(orderItems.orderId, existing.id)),
  ]);
  const [row] = orderRows;
  // Orders are never deleted (users.id is `on delete restrict`), so the key holder just read is there.
  if (!row) throw new Error(`describeExisting: order ${existing.id} vanished`);
  const { reservationExpiresAt, ...state } = row;
  return { ...existing, bill: computeBill(lines), lines, reservationExpiresAt, duplicate: true, state, replacedSessions: [] };
}

/**
 * An /api order request (cash-on-delivery or checkout): the body's lines, address, advisory totals
 * and key. A key already used for an order of the other payment method is a conflict.
 */
export async function placeApiOrder(
  context: AppLoadContext,
  request: Request,
  userId: string,
  body: { list_items: OrderLineInput[]; addressId: string; subTotalAmt?: number; totalAmt?: number; idempotencyKey?: string },
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
  const awaiting = sql`${orders.status} = 'placed' and ${orders.paymentStatus} = 'PENDING'`;
  const row = await getDb(context)
    .update(orders)
    .set({
      stripeSessionId: sql`coalesce(${orders.stripeSessionId}, ${sessionId})`,
      reservationExpiresAt: sql`case when ${awaiting} then ${expiresAt} else ${orders.reservationExpiresAt} end`,
      updatedAt: sql`(unixepoch() * 1000)`,
    })
    .where(eq(orders.id, orderId))
    .returning({ awaiting: sql<number>`${awaiting} and ${orders.stripeSessionId} = ${sessionId}` })
    .get();
  return Boolean(row?.awaiting);
}

// ---------------------------------------------------------------------------------------------
// Reading orders

/** What every order read shows of the order row itself (the shopper's pages, /api, the admin board). */
export const orderSummaryColumns = {
  id: orders.id,
  orderId: orders.orderId,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  subTotal: orders.subTotal,
  total: orders.total,
  createdAt: orders.createdAt,
  version: orders.version,
  needsAttention: orders.needsAttention,
  attentionNote: orders.attentionNote,
  refundId: orders.refundId,
  paymentId: orders.paymentId,
  /** The saved address the order was sent to (null once that address is deleted); the snapshot is `deliveryAddress`. */
  addressId: orders.addressId,
  deliveryAddress: orders.deliveryAddress,
  /** The store serving the order (decision 020), its name and its delivery minutes (the order's ETA). */
  storeId: orders.storeId,
  storeName: sql<string | null>`(select ${stores.name} from ${stores} where ${stores.id} = ${orders.storeId})`.as("store_name"),
  etaMinutes: sql<number | null>`(select ${stores.baseDeliveryMinutes} from ${stores} where ${stores.id} = ${orders.storeId})`.as("eta_minutes"),
};

/** An order line as the order pages show it. */
export const orderLineColumns = {
  id: orderItems.id,
  productId: orderItems.productId,
  name: orderItems.name,
  image: orderItems.image,
  unit: orderItems.unit,
  quantity: orderItems.quantity,
  price: orderItems.unitPrice,
  finalPrice: orderItems.unitFinalPrice,
};

/** A line of an order's history. */
export const orderHistoryColumns = {
  status: orderStatusHistory.status,
  createdAt: orderStatusHistory.createdAt,
  note: orderStatusHistory.note,
};

/** Lines in the order they were placed, history in the order it happened. */
export const lineOrder = sql`${orderItems}.rowid`;
export const historyOrder = [asc(orderStatusHistory.createdAt), sql`${orderStatusHistory}.rowid`];

/**
 * A shopper's orders, newest first, with lines and history: one batch. With `orderId`, only that
 * order (still only if it is theirs: anyone else's order is simply not there).
 */
export async function listOrders(
  context: AppLoadContext,
  userId: string,
  { orderId = "", limit = 50 }: { orderId?: string; limit?: number } = {},
) {
  return readOrders(getDb(context), userId, orderId, limit);
}

/** Any one order, whoever placed it: for the admin board and its /api only. */
export async function findOrderForAdmin(context: AppLoadContext, orderId: string) {
  const [order] = await readOrders(getDb(context), null, orderId, 1);
  return order ?? null;
}

async function readOrders(db: Database, userId: string | null, orderId: string, limit: number) {
  if (userId === null && !orderId) throw new Error("readOrders: an admin read names one order");
  const mine = and(userId === null ? undefined : eq(orders.userId, userId), orderId ? eq(orders.id, orderId) : undefined);
  const [orderRows, itemRows, historyRows] = await db.batch([
    db.select(orderSummaryColumns).from(orders).where(mine).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit),
    db
      .select({ parent: orderItems.orderId, ...orderLineColumns })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(mine)
      .orderBy(lineOrder),
    db
      .select({ parent: orderStatusHistory.orderId, ...orderHistoryColumns })
      .from(orderStatusHistory)
      .innerJoin(orders, eq(orders.id, orderStatusHistory.orderId))
      .where(mine)
      .orderBy(...historyOrder),
  ]);
  const items = groupBy(itemRows);
  const history = groupBy(historyRows);
  return orderRows.map((order) => ({ ...order, items: items.get(order.id) ?? [], history: history.get(order.id) ?? [] }));
}

export type OrderSummary = Awaited<ReturnType<typeof readOrders>>[number];

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
    delivery_due_at: new Date(deliveryDueAt(order)).toISOString(),
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
