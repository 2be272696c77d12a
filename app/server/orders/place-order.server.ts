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
 *   unique index `orders_one_open_checkout_unique` keeps it at one hold per shopper;
 * - a cash order's line is inserted only while the shopper's open cash orders at that store hold at
 *   most MAX_LINE_QUANTITY of the product with it (`codLineInsert`), so cash orders cannot take a
 *   product off sale either.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gte, inArray, lt, ne, notInArray, or, sql } from "drizzle-orm";
import { addresses, cartItems, orderItems, orders, orderStatusHistory, type OrderStatus, products, type ReplacementPreference, storeStock } from "~/db/schema";
import { newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import { paiseToRupees } from "~/lib/money";
import { computeBill, discountedPrice, type Bill } from "~/lib/pricing";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "~/lib/schemas/cart";
import { lineLimitMessage, mergeOrderLines, type OrderLineInput } from "~/lib/schemas/order";
import { openCashLimitMessage, soldOutMessage } from "~/lib/stock-messages";
import { type AddressRow, ownAddressQuery } from "~/server/addresses/addresses.server";
import { sha256Hex } from "~/server/platform/crypto.server";
import { type Database, getDb, sqliteErrorText } from "~/server/db/db.server";
import { cancelStatements, publishCancelled } from "./order-cancel.server";
import { publishOrderChange } from "./order-events.server";
import { firstImageUrl } from "~/server/catalogue/product-columns.server";
import { storeIdSql, storeServingSql, type StockStore } from "~/server/stores/store-stock.server";
import { categoriesQuery, couponGuardSql, judgeCode, pricedCouponLines } from "~/server/coupons/coupons.server";

export type PaymentMethod = "COD" | "ONLINE";

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

/** A plan, or the order an earlier copy of the same request already placed. */
export type Planned = { plan: OrderPlan } | { order: PlacedOrder };

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
  /** What the store does with a short item (decision 027); "refund" when not given. */
  replacementPreference?: ReplacementPreference;
  /** A coupon code (decision 030): judged here, and its uses counted again by the order's insert. */
  couponCode?: string;
  /** Paise for the delivery partner (0..MAX_TIP, already validated). */
  tip?: number;
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
  replacementPreference: ReplacementPreference;
  /** The coupon as judged (its `updatedAt` too: the insert refuses it if it changed since). */
  coupon: { id: string; code: string; updatedAt: number } | null;
}

// ---------------------------------------------------------------------------------------------
// Placing an order: plan (one read), then commit (one batch)

/** Places an order, or answers with the one an earlier copy placed; a refused order throws a Refusal. */
export async function placeOrder(context: AppLoadContext, input: OrderInput): Promise<PlacedOrder> {
  const planned = await planOrder(context, input);
  return "plan" in planned ? commitOrder(context, planned.plan) : planned.order;
}

/**
 * Reads and validates an order request (one round trip): a repeat of an earlier request answers
 * with that order; otherwise the address must be the shopper's own, every product must exist,
 * merged lines stay within the line limit, and advisory totals must match. Stock is NOT checked
 * here: the batch in `commitOrder` is the one place that decides it.
 */
export async function planOrder(context: AppLoadContext, input: OrderInput, now = Date.now()): Promise<Planned> {
  const lines = mergeOrderLines(input.lines);
  refuseBeforeReading(input, lines);
  const key = await orderKey(input, lines);

  const db = getDb(context);
  const { address, productRows, holder, stores: served } = await readOrderInputs(db, input, lines, key, now);
  if (holder) return { order: await describeExisting(db, holder) };
  refuseLines(lines);
  if (!address) throw new Refusal("Choose a delivery address: that address was not found", 404);
  const storeId = served?.servingStoreId;
  if (!storeId) throw new Refusal(`We don't deliver to ${address.pincode} yet: choose an address we deliver to`, 409);
  if (input.cartStore !== undefined && served.cartStoreId !== storeId) {
    throw new Refusal(
      `Your cart shows the stock of another store than the one delivering to ${address.pincode}: set your delivery location to ${address.pincode}, review your cart and check out again`,
      409,
    );
  }

  const priced = priceLines(lines, productRows);
  if (!priced) throw new Refusal(NOT_SOLD, 404);
  const coupon = input.couponCode ? await judgeOrderCoupon(db, input, lines, productRows, storeId, now) : null;
  const bill = computeBill(priced, { couponDiscount: coupon?.discount ?? 0, tip: input.tip ?? 0 });
  checkClientTotals(input.clientTotals, bill);
  if (input.paymentMethod === "ONLINE" && bill.grandTotal <= 0) throw new Refusal("Nothing to pay online: choose Cash on Delivery", 409);
  return {
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
      replacementPreference: input.replacementPreference ?? "refund",
      coupon: coupon && { id: coupon.id, code: coupon.code, updatedAt: coupon.updatedAt },
    },
  };
}

/**
 * The order's coupon, judged from the server's prices at the order's store: a code that does not
 * apply refuses the order with the reason (the shopper is told, never charged full price silently).
 */
async function judgeOrderCoupon(
  db: Database,
  input: OrderInput,
  lines: OrderLineInput[],
  productRows: { id: string; price: number; discount: number }[],
  storeId: string,
  now: number,
) {
  const cats = await categoriesQuery(
    db,
    lines.map((line) => line.productId),
  );
  const { coupon, verdict } = await judgeCode(db, {
    code: input.couponCode!,
    userId: input.userId,
    lines: pricedCouponLines(lines, productRows, cats),
    storeId,
    now,
  });
  if (!verdict.ok) throw new Refusal(`${verdict.reason}: remove the coupon to order without it`, 409, { fields: { couponCode: [verdict.reason] } });
  return { ...coupon, discount: verdict.discount };
}

/** Refusals decided before any query. Each line binds a parameter, and D1 binds at most 100 per statement. */
function refuseBeforeReading(input: OrderInput, lines: OrderLineInput[]): void {
  if (!lines.length && !input.idempotencyKey) throw new Refusal(EMPTY_CART, 400);
  if (lines.length > MAX_CART_LINES) throw new Refusal(TOO_MANY_LINES, 400);
}

/** Refusals of a new order's lines (a key alone may find an earlier order without any). */
function refuseLines(lines: OrderLineInput[]): void {
  if (!lines.length) throw new Refusal(EMPTY_CART, 400);
  const tooMany = lines.find((line) => line.quantity > MAX_LINE_QUANTITY);
  if (tooMany) throw new Refusal(lineLimitMessage(tooMany.quantity), 400);
}

async function orderKey(input: OrderInput, lines: OrderLineInput[]): Promise<OrderKey> {
  if (input.idempotencyKey) return { value: `${input.userId}:${input.idempotencyKey}`, derived: false };
  const sorted = [...lines].sort((a, b) => (a.productId < b.productId ? -1 : 1)).map((l) => [l.productId, l.quantity]);
  const extras = input.couponCode || input.tip ? [input.couponCode ?? "", input.tip ?? 0] : [];
  const digest = await sha256Hex(JSON.stringify([input.userId, input.addressId, input.paymentMethod, sorted, ...extras]));
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
      .where(
        inArray(
          products.id,
          lines.map((line) => line.productId),
        ),
      ),
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

function checkClientTotals(totals: OrderInput["clientTotals"], bill: Bill): void {
  const differs = (rupees: number | undefined, paise: number) => rupees !== undefined && Math.round(rupees * 100) !== paise;
  if (!differs(totals?.subTotalAmt, bill.itemsTotal) && !differs(totals?.totalAmt, bill.grandTotal)) return;
  throw new Refusal(`Prices have changed: the total is now ₹${paiseToRupees(bill.grandTotal)}. Review your cart and try again.`, 409);
}

/**
 * Writes a planned order in ONE batch. Whatever it refuses, it refuses as a whole: a lost race for
 * the last unit (CHECK stock >= 0) is 409; a parallel copy of the same request (unique idempotency
 * key) answers with the order that won.
 */
export async function commitOrder(context: AppLoadContext, plan: OrderPlan, now = Date.now()): Promise<PlacedOrder> {
  const db = getDb(context);
  const online = plan.paymentMethod === "ONLINE";
  const reservationExpiresAt = online ? now + RESERVATION_MS : null;
  const releases = online ? cancelStatements(db, { openCheckoutOf: plan.userId }, "Replaced by a newer checkout", now) : [];
  let replaced: ReleasedOrder[] = [];
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
  publishCancelled(context, replaced);
  await publishOrderChange(context, { orderId: plan.id, storeId: plan.storeId, userId: plan.userId, status: "placed" });
  return {
    id: plan.id,
    orderId: plan.orderId,
    bill: plan.bill,
    lines: plan.lines,
    reservationExpiresAt,
    duplicate: false,
    state: { status: "placed", paymentMethod: plan.paymentMethod, paymentStatus: "PENDING", stripeSessionId: null },
    replacedSessions: replaced.flatMap((r) => (r.sessionId ? [r.sessionId] : [])),
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
    .where(and(eq(orders.idempotencyKey, key.value), or(eq(orders.status, "cancelled"), lt(orders.createdAt, now - DERIVED_KEY_WINDOW_MS))));
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
      // The coupon's uses are counted in this very statement (decision 030): over a limit, the
      // discount is NULL, NOT NULL fails the insert and D1 rolls the whole batch back.
      discount: plan.coupon ? sql<number>`case when ${couponGuardSql(plan.coupon, userId, now)} then ${bill.couponDiscount} end` : 0,
      tip: bill.tip,
      couponCode: plan.coupon?.code ?? null,
      couponId: plan.coupon?.id ?? null,
      idempotencyKey: plan.key.value,
      reservationExpiresAt,
      storeId: plan.storeId,
      replacementPreference: plan.replacementPreference,
      createdAt: now,
      updatedAt: now,
    }),
    ...lines.map((line) =>
      plan.paymentMethod === "COD"
        ? codLineInsert(db, plan, line)
        : db.insert(orderItems).values({
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

/**
 * Most units of one product a shopper's open cash orders (neither delivered nor cancelled) may hold
 * at one store: the per-line limit. Online checkouts are capped by their one-hold rule instead.
 */
const MAX_OPEN_CASH_QUANTITY = MAX_LINE_QUANTITY;

/** Units of a product on the shopper's open cash orders at a store, as an SQL expression (this order's lines included once inserted). */
function openCashQuantitySql(userId: string, storeId: string, productId: string) {
  return sql<number>`(select coalesce(sum(oi.quantity), 0) from order_items oi join orders o on o.id = oi.order_id
    where o.user_id = ${userId} and o.store_id = ${storeId} and o.payment_method = 'COD'
      and o.status not in ('delivered', 'cancelled') and oi.product_id = ${productId})`;
}

/** A bound value selected as `column` (an `insert … select` names what it selects). */
const value = <T extends string | number>(v: T, column: { name: string }) => sql<T>`${v}`.as(column.name);

/**
 * A cash order's line, decided inside its own insert: selected from the order row just inserted,
 * with the quantity NULL when the shopper's open cash orders at this store would then hold more than
 * MAX_OPEN_CASH_QUANTITY of the product. NOT NULL fails the statement and D1 rolls the whole batch
 * back (order, stock, cart), so parallel orders serialize on it like the stock CHECK: no read before
 * the batch decides anything. `explainRefusal` tells the shopper which product and how many.
 */
function codLineInsert(db: Database, plan: OrderPlan, line: PlacedLine) {
  const open = openCashQuantitySql(plan.userId, plan.storeId, line.productId);
  return db.insert(orderItems).select(
    db
      .select({
        id: value(newId(), orderItems.id),
        orderId: orders.id,
        productId: value(line.productId, orderItems.productId),
        name: value(line.name, orderItems.name),
        image: value(line.image, orderItems.image),
        unit: value(line.unit, orderItems.unit),
        quantity: sql<number>`case when ${open} + ${line.quantity} <= ${MAX_OPEN_CASH_QUANTITY} then ${line.quantity} end`.as(orderItems.quantity.name),
        unitPrice: value(line.price, orderItems.unitPrice),
        discount: value(line.discount, orderItems.discount),
        unitFinalPrice: value(line.finalPrice, orderItems.unitFinalPrice),
        // Filled in by the pick (decision 027).
        picked: sql<number | null>`null`.as(orderItems.picked.name),
        replacedByProductId: sql<string | null>`null`.as(orderItems.replacedByProductId.name),
        replacedByName: sql<string | null>`null`.as(orderItems.replacedByName.name),
        replacedByQuantity: value(0, orderItems.replacedByQuantity),
        replacedByUnitPrice: value(0, orderItems.replacedByUnitPrice),
        refundedAmount: value(0, orderItems.refundedAmount),
        // Frozen when the invoice is issued (decision 031).
        hsnCode: sql<string | null>`null`.as(orderItems.hsnCode.name),
        gstRate: sql<number | null>`null`.as(orderItems.gstRate.name),
        replacedByHsnCode: sql<string | null>`null`.as(orderItems.replacedByHsnCode.name),
        replacedByGstRate: sql<number | null>`null`.as(orderItems.replacedByGstRate.name),
      })
      .from(orders)
      .where(eq(orders.id, plan.id)),
  );
}

/** The sessions of the hold a new checkout released: the rows its cancel statement returned. */
type ReleasedOrder = { id: string; sessionId: string | null; storeId: string | null; userId: string };

function releasedSessions(result: unknown): ReleasedOrder[] {
  if (!Array.isArray(result)) return [];
  return result.filter((row): row is ReleasedOrder => typeof row === "object" && row !== null && "sessionId" in row);
}

/** The order a parallel copy placed, or the Refusal that tells the shopper why the batch failed; anything unexpected is rethrown. */
async function explainRefusal(db: Database, plan: OrderPlan, error: unknown, now: number): Promise<PlacedOrder> {
  const message = sqliteErrorText(error);
  if (/orders\.idempotency_key/i.test(message)) {
    const again = await keyHolderQuery(db, plan.userId, plan.key, now).get();
    if (again) return describeExisting(db, again);
    throw new Refusal("This order is being placed already: check your orders before trying again", 409);
  }
  if (/CHECK constraint failed/i.test(message)) {
    const short = await findShortLine(db, plan.lines, plan.storeId);
    throw new Refusal(short ? soldOutMessage(short) : "An item just sold out. Review your cart and try again.", 409);
  }
  if (/NOT NULL constraint failed: orders\.discount/i.test(message) && plan.coupon) {
    throw new Refusal(await couponLostMessage(db, plan, now), 409, { fields: { couponCode: ["The coupon can no longer be used"] } });
  }
  if (/NOT NULL constraint failed: order_items\.quantity/i.test(message)) {
    const over = await findOverCashLimit(db, plan);
    throw new Refusal(
      over
        ? openCashLimitMessage(over.name, over.open, MAX_OPEN_CASH_QUANTITY)
        : `You have too much of an item on open cash-on-delivery orders (at most ${MAX_OPEN_CASH_QUANTITY} of each): review your cart and try again`,
      409,
    );
  }
  if (/orders\.user_id/i.test(message)) {
    throw new Refusal("Another checkout of yours was starting at the same moment: try again", 409);
  }
  if (/FOREIGN KEY constraint failed/i.test(message)) throw new Refusal(NOT_SOLD, 409);
  throw error;
}

/** Why the order's insert refused its coupon (read after the fact): the reason in the shopper's words. */
async function couponLostMessage(db: Database, plan: OrderPlan, now: number): Promise<string> {
  const coupon = plan.coupon!;
  const notPlaced = "your order was not placed. Remove the coupon to order without it, or try another code";
  try {
    const lines = plan.lines.map((line) => ({ amount: line.finalPrice * line.quantity, categoryIds: [] as string[] }));
    const { verdict } = await judgeCode(db, { code: coupon.code, userId: plan.userId, lines, storeId: plan.storeId, now });
    if (!verdict.ok && !/Not valid for items/.test(verdict.reason)) return `${verdict.reason}: ${notPlaced}`;
  } catch {
    // Deleted meanwhile: said below.
  }
  return `${coupon.code} changed or ran out just now: ${notPlaced}`;
}

async function findShortLine(db: Database, lines: OrderLineInput[], storeId: string) {
  const rows = await db
    .select({ id: products.id, name: products.name, stock: sql<number>`coalesce(${storeStock.stock}, 0)` })
    .from(products)
    .leftJoin(storeStock, and(eq(storeStock.productId, products.id), eq(storeStock.storeId, storeId)))
    .where(
      inArray(
        products.id,
        lines.map((l) => l.productId),
      ),
    );
  return rows.find((p) => p.stock < (lines.find((l) => l.productId === p.id)?.quantity ?? 0)) ?? null;
}

/**
 * The first line of a refused cash order that its shopper's open cash orders leave no room for (one
 * read; the product ids go as one JSON parameter, as an order may have 100 lines).
 */
async function findOverCashLimit(db: Database, plan: OrderPlan) {
  const rows = await db
    .select({ productId: orderItems.productId, open: sql<number>`sum(${orderItems.quantity})` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, plan.userId),
        eq(orders.storeId, plan.storeId),
        eq(orders.paymentMethod, "COD"),
        notInArray(orders.status, ["delivered", "cancelled"]),
        inArray(orderItems.productId, sql`(select value from json_each(${JSON.stringify(plan.lines.map((l) => l.productId))}))`),
      ),
    )
    .groupBy(orderItems.productId);
  const open = new Map(rows.map((row) => [row.productId, row.open]));
  const line = plan.lines.find((l) => (open.get(l.productId) ?? 0) + l.quantity > MAX_OPEN_CASH_QUANTITY);
  return line ? { name: line.name, open: open.get(line.productId) ?? 0 } : null;
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
        discount: orders.discount,
        tip: orders.tip,
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
  const { reservationExpiresAt, discount, tip, ...state } = row;
  return {
    ...existing,
    bill: computeBill(lines, { couponDiscount: discount, tip }),
    lines,
    reservationExpiresAt,
    duplicate: true,
    state,
    replacedSessions: [],
  };
}
