/**
 * Planning an order (ARCHITECTURE.md "Orders and payments"): one read that validates the request and
 * prices it, or finds the order an earlier copy of the same request placed. Nothing here decides
 * stock, the coupon's uses or the cash limit: the order's batch (batch.server.ts) does.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gte, inArray, ne, sql } from "drizzle-orm";
import { addresses, orders, products } from "~/db/schema";
import { newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import { formatINR, paiseToRupees } from "~/lib/money";
import { computeBill, discountedPrice, type Bill } from "~/lib/pricing";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "~/lib/schemas/cart";
import { lineLimitMessage, mergeOrderLines, type OrderLineInput } from "~/lib/schemas/order";
import { ownAddressQuery } from "~/server/addresses/addresses.server";
import { sha256Hex } from "~/server/platform/crypto.server";
import { type Database, getDb } from "~/server/db/db.server";
import { describeExisting } from "./existing.server";
import { DERIVED_KEY_WINDOW_MS, EMPTY_CART, NOT_SOLD, type OrderInput, type OrderKey, type PlacedLine, type Planned, TOO_MANY_LINES } from "./model.server";
import { firstImageUrl } from "~/server/catalogue/product-columns.server";
import { storeIdSql, storeServingSql } from "~/server/stores/store-stock.server";
import { categoriesQuery, judgeCode, pricedCouponLines } from "~/server/coupons/coupons.server";
import { MIN_ONLINE_PAISE } from "../stripe/payment-rules.server";
import { walletBalanceSql } from "~/server/wallet/ledger.server";

function newOrderNumber(now: Date): string {
  const day = now.toISOString().slice(0, 10).replace(/-/g, "");
  const suffix = newId().slice(0, 6).toUpperCase();
  return `ORD-${day}-${suffix}`;
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
  const { address, productRows, holder, stores: served, walletBalance } = await readOrderInputs(db, input, lines, key, now);
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
  const bill = computeBill(priced, {
    couponDiscount: coupon?.discount ?? 0,
    tip: input.tip ?? 0,
    cash: input.paymentMethod === "COD",
    wallet: input.useWallet ? walletBalance : 0,
  });
  checkClientTotals(input.clientTotals, bill);
  // What is left after the wallet is what Stripe would be asked for; nothing left is paid already.
  if (input.paymentMethod === "ONLINE" && bill.due > 0) refuseBelowOnlineMinimum(bill.due, bill.walletPaid > 0);
  else if (input.paymentMethod === "ONLINE" && bill.walletPaid === 0) refuseBelowOnlineMinimum(bill.grandTotal, false);
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
  const extras = input.couponCode || input.tip || input.useWallet ? [input.couponCode ?? "", input.tip ?? 0, ...(input.useWallet ? ["wallet"] : [])] : [];
  const digest = await sha256Hex(JSON.stringify([input.userId, input.addressId, input.paymentMethod, sorted, ...extras]));
  return { value: `auto:${digest}`, derived: true };
}

/**
 * The one read of a new order: the shopper's address, the products, an earlier order holding the
 * key, and the stores: the one serving the address's pincode and the one the cart showed.
 */
async function readOrderInputs(db: Database, input: OrderInput, lines: OrderLineInput[], key: OrderKey, now: number) {
  const [addressRows, productRows, holders, storeRows, wallet] = await db.batch([
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
    db.select({ balance: walletAvailableSql(input.userId, input.paymentMethod === "ONLINE" && Boolean(input.useWallet)) }).from(sql`(select 1)`),
  ]);
  return { address: addressRows[0], productRows, holder: holders[0], stores: storeRows[0], walletBalance: Number(wallet[0]?.balance ?? 0) };
}

/**
 * The wallet balance an order may spend: the shopper's balance, and for an online order also what
 * their unpaid checkout took from it, since the new checkout's batch releases that one first (its
 * reversal comes before the new payment). Only an offer: the batch's debit decides.
 */
export function walletAvailableSql(userId: string, online: boolean) {
  const held = sql`(select coalesce(sum(${orders.walletPaid}), 0) from ${orders} where ${orders.userId} = ${userId}
    and ${orders.status} = 'placed' and ${orders.paymentStatus} = 'PENDING' and ${orders.paymentMethod} = 'ONLINE')`;
  return sql<number>`${walletBalanceSql(userId)} + ${online ? held : sql`0`}`;
}

/** The order holding a key, if it still counts: a derived key only within its window and while not cancelled. */
export function keyHolderQuery(db: Database, userId: string, key: OrderKey, now: number) {
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

/**
 * An online payment must reach Stripe's minimum; refused here, before the order holds stock or
 * Stripe is asked. Cash on delivery takes any total, ₹0 included (nothing to collect).
 */
function refuseBelowOnlineMinimum(total: number, afterWallet: boolean): void {
  if (total <= 0) throw new Refusal("Nothing to pay online: choose Cash on Delivery", 409);
  if (total < MIN_ONLINE_PAISE) {
    throw new Refusal(
      afterWallet
        ? `Online payment needs at least ${formatINR(MIN_ONLINE_PAISE)} and ${formatINR(total)} is left after your wallet: pay the rest with Cash on Delivery`
        : `Online payment needs at least ${formatINR(MIN_ONLINE_PAISE)} and this order comes to ${formatINR(total)}: choose Cash on Delivery, or add items to your cart`,
      409,
    );
  }
}

function checkClientTotals(totals: OrderInput["clientTotals"], bill: Bill): void {
  const differs = (claimed: number | undefined, paise: number) => claimed !== undefined && claimed !== paise;
  // A client may state a cash order's total before or after its round off.
  const totalDiffers = differs(totals?.totalAmt, bill.grandTotal) && differs(totals?.totalAmt, bill.payable);
  if (!differs(totals?.subTotalAmt, bill.itemsTotal) && !totalDiffers) return;
  throw new Refusal(`Prices have changed: the total is now ₹${paiseToRupees(bill.payable)}. Review your cart and try again.`, 409);
}
