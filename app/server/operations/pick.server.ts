/**
 * Picking an order (docs/decisions/027-store-operations.md). Staff say how many units of each line
 * they found; the pick is ONE D1 batch guarded by the order's state when it was read (id, version,
 * status placed/paid), so of any number of parallel submissions exactly one applies:
 * - each line's `picked`, and for a short line the replacement its shopper accepted (a proposal, or
 *   the outcome of a call: substitutions.server.ts, decision 043), whose units were already taken
 *   from the stock when it was proposed; nothing is ever replaced without the shopper. The pick is
 *   refused while a proposal waits for its answer, and its guard holds the order's substitutions
 *   as read, so an answer that lands meanwhile makes it read again. A short line with no accepted
 *   replacement (none proposed, declined, expired, or removed on the phone) is refunded;
 * - the order's totals recomputed from the picked lines with the one pricing module (a COD order's
 *   amount to collect drops);
 * - the store's stock corrected for the missing units (the shelf had fewer than recorded) with a
 *   `stock_adjustments` row per short line, both decided inside the batch from the stock then;
 * - for a paid online order, one `order_line_refunds` row per line that costs less now (its primary
 *   key is the line: a line is refunded at most once);
 * - the history row and the move to `packed`, last (then the accepted substitutions marked applied).
 * Then the refunds go to Stripe, each with its line's idempotency key; a refused one flags the order.
 *
 * A pick that found nothing (every line 0) cancels the order instead, in one batch under the same
 * guard: the stock correction of every line as above, then the one cancel of order-cancel.server.ts
 * (its history row, the order cancelled last; the coupon use is given back by the trigger of
 * migration 0029). Nothing else is held: the units held for the order were not on the shelf, so the
 * hold ends with the correction. A paid online order is then refunded in full by the board's refund
 * path (refundOrder, its key `refund-<order id>`). Substitutes alone never make an order: with
 * nothing found no replacement is looked for.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray, is, SQL, sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { coupons, orderItems, orders, orderStatusHistory } from "~/db/schema";
import { newId } from "~/lib/ids";
import { formatINR } from "~/lib/money";
import { computeBill, discountAfterPick, type PricedLine, splitRefund } from "~/lib/pricing";
import { withCouponNote } from "~/lib/pick-notes";
import { Refusal } from "~/lib/refusal";
import { pickedUnitsError, type PickLineInput } from "~/lib/schemas/store-ops";
import { STATUS_LABELS } from "~/lib/order-status";
import { type Database, getD1, getDb } from "~/server/db/db.server";
import type { SessionUser } from "~/server/identity/auth.server";
import { worksAt } from "~/server/identity/store-access.server";
import { publishOrderChange } from "~/server/orders/order-events.server";
import { sendLineRefunds } from "~/server/orders/line-refunds.server";
import { cancelStatements } from "~/server/orders/order-cancel.server";
import { walletEntriesFor } from "~/server/wallet/ledger.server";
import { refundOrder } from "~/server/orders/fulfilment.server";
import { claimFree, heldByOther } from "./claims.server";
import { overConfirmed } from "./pick-confirm.server";
import { substitutionsForPick } from "./substitutions.server";

const NOT_FOUND = "Order not found";

/** What a pick did, for the page's toast and the /api answer. */
export interface PickResult {
  message: string;
  /** Nothing was found: the order was cancelled (and refunded when it was paid online). */
  cancelled: boolean;
  total: number;
  short: { productId: string | null; name: string; quantity: number; picked: number }[];
  replaced: { productId: string | null; name: string; replacedBy: { productId: string; name: string; quantity: number; unitPrice: number } }[];
  refunded: number;
  refund: "refunded" | "failed" | "none";
}

/** The order and its lines as the pick decides on them (one batch). */
async function readForPick(db: Database, id: string) {
  const [orderRows, lines] = await db.batch([
    db
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
        replacementPreference: orders.replacementPreference,
        total: orders.total,
        subTotal: orders.subTotal,
        discount: orders.discount,
        tip: orders.tip,
        walletPaid: orders.walletPaid,
        couponCode: orders.couponCode,
        // The coupon's kind and minimum decide whether a flat discount survives a short pick.
        couponType: coupons.type,
        couponMinOrder: coupons.minOrder,
        couponCategories: coupons.categories,
      })
      .from(orders)
      .leftJoin(coupons, eq(coupons.id, orders.couponId))
      .where(eq(orders.id, id)),
    db
      .select({
        id: orderItems.id,
        productId: orderItems.productId,
        name: orderItems.name,
        quantity: orderItems.quantity,
        price: orderItems.unitPrice,
        discount: orderItems.discount,
        finalPrice: orderItems.unitFinalPrice,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, id))
      .orderBy(sql`${orderItems}.rowid`),
  ]);
  return { order: orderRows[0], lines };
}

type PickOrder = NonNullable<Awaited<ReturnType<typeof readForPick>>["order"]>;
type OrderLine = Awaited<ReturnType<typeof readForPick>>["lines"][number];

/** Why an order cannot be picked now, or null. */
function notPickable(order: PickOrder): string | null {
  if (order.status === "cancelled") return "This order was cancelled: it can no longer be picked";
  if (order.paymentMethod === "ONLINE" && order.paymentStatus === "PENDING") return "This order is waiting for its online payment: pick it once it is paid";
  if (order.status !== "placed" && order.status !== "paid") return `This order was already picked: it is ${STATUS_LABELS[order.status].toLowerCase()}`;
  return null;
}

/**
 * Each order line with the units picked. Every line with a product must be named exactly once with
 * a whole number from 0 to its quantity; a line left out is refused too (never read as 0 or as
 * "in full": both would decide the line without the picker). Each refusal names the line.
 */
function matchLines(lines: OrderLine[], input: PickLineInput[]) {
  const given = new Map<string, unknown>();
  for (const line of input) {
    const known = lines.find((l) => l.productId === line.productId);
    const label = known ? known.name : `Product ${line.productId}`;
    if (!known) throw pickRefusal(line.productId, `${label} is not on this order`);
    if (given.has(line.productId)) throw pickRefusal(line.productId, `${label} is named more than once in the pick`);
    given.set(line.productId, line.picked);
  }
  return lines.map((line) => {
    // A line whose product was deleted since cannot be named: it counts as picked in full.
    if (line.productId === null) return { ...line, picked: line.quantity, missing: 0 };
    if (!given.has(line.productId)) throw pickRefusal(line.productId, `${line.name}: say how many were picked`);
    const value = given.get(line.productId);
    const error = pickedUnitsError(value, line.quantity);
    if (error) throw pickRefusal(line.productId, `${line.name}: ${error}`);
    const picked = value as number;
    return { ...line, picked, missing: line.quantity - picked };
  });
}

/** A 400 about one line of the pick: the message names it, and the field is its form input. */
function pickRefusal(productId: string, message: string) {
  return new Refusal(message, 400, { fields: { [`picked.${productId}`]: [message] }, data: { productId } });
}

type MatchedLine = ReturnType<typeof matchLines>[number];
type Replacement = { productId: string; name: string; quantity: number; unitPrice: number; price: number; discount: number };

/** Marks an order picked (see the module comment). 404 for another store's order, 409 once picked, 400 for bad lines. */
export async function pickOrder(context: AppLoadContext, input: { orderId: string; user: SessionUser; lines: PickLineInput[] }): Promise<PickResult> {
  return commitPick(context, await planPick(context, input));
}

/**
 * Reads the order and decides what the pick does: each line's picked units, the replacements of
 * short lines, the bill after the pick and each line's refund. Nothing is written here.
 */
export async function planPick(context: AppLoadContext, input: { orderId: string; user: SessionUser; lines: PickLineInput[] }): Promise<PlannedPick> {
  const db = getDb(context);
  const { order, lines } = await readForPick(db, input.orderId);
  if (!order || !worksAt(input.user, order.storeId)) throw new Refusal(NOT_FOUND, 404);
  const refusal = notPickable(order);
  if (refusal) throw new Refusal(refusal, 409);
  const storeId = order.storeId!;
  const matched = matchLines(lines, input.lines);
  const nothingFound = matched.every((line) => line.picked === 0);
  const { views, fingerprint } = await substitutionsForPick(context, order.id);
  const waiting = views.find((view) => view.status === "pending");
  if (waiting) {
    throw new Refusal(
      `Waiting for the shopper's answer on ${waiting.line.name} (until ${new Date(waiting.deadline).toLocaleTimeString("en-IN", { timeZone: "Asia/Kolkata", hour: "2-digit", minute: "2-digit", second: "2-digit" })}): finish picking once they answer`,
      409,
    );
  }
  // The replacements the shopper accepted. The pick must report the line as it was when proposed
  // (the replacement was agreed for those missing units); with nothing found, none applies.
  const replacements = new Map<string, Replacement>();
  for (const view of views) {
    if (view.status !== "accepted" || !view.replacement) continue;
    const line = matched.find((l) => l.id === view.orderItemId);
    if (!line || nothingFound) continue;
    if (line.picked !== view.picked) {
      throw pickRefusal(line.productId!, `${line.name}: a replacement was agreed for ${line.quantity - view.picked} missing, so ${view.picked} must be picked`);
    }
    const r = view.replacement;
    replacements.set(line.id, { productId: r.productId, name: r.name, quantity: r.quantity, unitPrice: r.unitPrice, price: r.price, discount: r.discount });
  }

  // The bill after the pick, with the one pricing module: what was picked, and what replaced the rest.
  const billed: PricedLine[] = matched.flatMap((line) => {
    const replacement = replacements.get(line.id);
    const own = { price: line.price, discount: line.discount, quantity: line.picked };
    return replacement ? [own, { price: replacement.price, discount: replacement.discount, quantity: replacement.quantity }] : [own];
  });
  // The tip stays. A flat coupon keeps its face value while the items still meet its minimum;
  // otherwise the discount shrinks with the items and each line's refund is what the shopper paid
  // for what it lost (decision 030), so the refunds never exceed what was paid.
  const paidOnline = order.paymentMethod === "ONLINE" && order.paymentStatus === "PAID" && Boolean(order.paymentId);
  const removed = matched.map((line) => {
    const replacement = replacements.get(line.id);
    const before = line.quantity * line.finalPrice;
    const after = line.picked * line.finalPrice + (replacement ? replacement.quantity * replacement.unitPrice : 0);
    return before - after;
  });
  // A coupon scoped to categories discounts only their items, which a pick may have removed: it is
  // pro-rated as before (reading each line's categories here would be a read for a rare case).
  const wholeCart = order.couponType && (order.couponCategories ?? []).length === 0;
  const coupon = wholeCart ? { type: order.couponType!, minOrder: order.couponMinOrder ?? 0 } : null;
  const after = discountAfterPick(coupon, order.subTotal, order.discount, removed);
  // A cash order's total is rounded to the rupee again: the rider collects whole rupees.
  const bill = computeBill(billed, { couponDiscount: after.discount, tip: order.tip, cash: order.paymentMethod === "COD", wallet: order.walletPaid });
  const lineRefunds = after.refunds;
  // What each line's refund sends to Stripe and what goes back to the wallet (decision 050): the one
  // rule, `splitRefund`, walked line by line as the total falls. The wallet gets back exactly what
  // the bill after the pick no longer takes from it (a cash order's rest is rounded to the rupee).
  const walletBack = nothingFound ? 0 : order.walletPaid - bill.walletPaid;
  let totalLeft = order.total;
  let walletLeft = walletBack;
  const splits = lineRefunds.map((amount, i) => {
    const split = splitRefund({ total: totalLeft, walletPaid: order.walletPaid }, amount);
    totalLeft -= amount;
    const isLast = lineRefunds.slice(i + 1).every((later) => later <= 0);
    const wallet = isLast ? walletLeft : Math.min(walletLeft, split.wallet);
    walletLeft -= wallet;
    return { stripe: split.stripe, wallet };
  });
  const plan = matched.map((line, i) => {
    const replacement = replacements.get(line.id);
    return {
      id: line.id,
      productId: line.productId,
      picked: line.picked,
      missing: line.missing,
      replId: replacement?.productId ?? null,
      replName: replacement?.name ?? null,
      replQty: replacement?.quantity ?? 0,
      replPrice: replacement?.unitPrice ?? 0,
      // A cancelled order is refunded whole by its cancel, not line by line.
      refund: paidOnline && !nothingFound ? splits[i].stripe : 0,
      walletRefund: nothingFound ? 0 : splits[i].wallet,
    };
  });
  const shortCount = matched.filter((line) => line.missing > 0).length;
  const pickedNote = nothingFound
    ? NOTHING_FOUND
    : shortCount
      ? `Picked: ${shortCount} ${shortCount === 1 ? "line" : "lines"} short${replacements.size ? `, ${replacements.size} replaced` : ""}`
      : "Picked in full";
  const couponNote =
    !nothingFound && order.discount > 0 && coupon?.type === "flat" && after.prorated
      ? `${order.couponCode ?? "Your coupon"} needs items of ${formatINR(coupon.minOrder)} and ${formatINR(bill.itemsTotal)} could be picked, so its ${formatINR(order.discount)} off became ${formatINR(bill.couponDiscount)}, in proportion to the items picked`
      : null;
  const note = withCouponNote(pickedNote, couponNote);
  return { order, storeId, userId: input.user.id, plan, bill, note, paidOnline, nothingFound, matched, replacements, substitutions: fingerprint };
}

/** Applies a planned pick in one batch (409 when the order changed meanwhile), then sends its refunds. */
export async function commitPick(context: AppLoadContext, pick: PlannedPick): Promise<PickResult> {
  const db = getDb(context);
  const { order, storeId, bill, matched, replacements } = pick;
  const moved = await applyPick(context, db, pick);
  if (!moved) {
    const { order: now } = await readForPick(db, order.id);
    const refusal = now ? notPickable(now) : NOT_FOUND;
    if (refusal) throw new Refusal(refusal, 409);
    const held = await heldByOther(db, order.id, pick.userId);
    if (held) throw held;
    const over = await overConfirmed(context, order.id, pick.plan);
    if (over) {
      const name = matched.find((line) => line.id === over.id)?.name ?? "A line";
      const message = `${name}: ${over.picked} picked but ${over.units} confirmed: scan, type the code or confirm the rest before finishing`;
      throw new Refusal(message, 409, { fields: { [`picked.${over.productId}`]: [message] }, data: { productId: over.productId } });
    }
    throw new Refusal("This order changed while you were picking it: open it again", 409);
  }
  await publishOrderChange(context, { orderId: order.id, storeId, userId: order.userId, status: pick.nothingFound ? "cancelled" : "packed" });
  if (pick.nothingFound) return cancelledAnswer(context, pick);

  const refunds = pick.plan.filter((line) => line.refund > 0);
  const refunded = refunds.reduce((sum, line) => sum + line.refund, 0);
  const outcome = refunds.length ? await sendLineRefunds(context, order.id) : "none";
  const short = matched.filter((l) => l.missing > 0);
  const parts = [`Order ${order.orderId} picked`];
  if (short.length) parts.push(`${short.length} short`);
  if (replacements.size) parts.push(`${replacements.size} replaced`);
  if (order.paymentMethod === "COD") parts.push(`collect ${formatINR(bill.payable)}`);
  if (refunded) parts.push(outcome === "refunded" ? `${formatINR(refunded)} refunded` : `the refund of ${formatINR(refunded)} failed: the order is flagged`);
  return {
    message: parts.join(", "),
    cancelled: false,
    total: bill.payable,
    short: short.map((l) => ({ productId: l.productId, name: l.name, quantity: l.quantity, picked: l.picked })),
    replaced: matched.flatMap((l) => {
      const r = replacements.get(l.id);
      return r
        ? [{ productId: l.productId, name: l.name, replacedBy: { productId: r.productId, name: r.name, quantity: r.quantity, unitPrice: r.unitPrice } }]
        : [];
    }),
    refunded,
    refund: refunds.length ? outcome : "none",
  };
}

/** Why an order whose pick found nothing was cancelled: its history note, which its shopper sees. */
const NOTHING_FOUND = "Cancelled: none of the items could be found at the store";

/** The answer of a pick that found nothing: the order is cancelled; a paid online one is refunded in full now. */
async function cancelledAnswer(context: AppLoadContext, pick: PlannedPick): Promise<PickResult> {
  const { order, matched } = pick;
  const paid = order.paymentMethod === "ONLINE" && order.paymentStatus === "PAID";
  const refund = paid
    ? await refundOrder(context, order.id).then(
        () => "refunded" as const,
        (error: unknown) => {
          // The order is cancelled either way; a refused refund leaves it flagged (REFUND_FAILED) for the board's retry.
          if (!(error instanceof Refusal)) throw error;
          return "failed" as const;
        },
      )
    : "none";
  const parts = [`Order ${order.orderId} cancelled: none of its items could be found`];
  if (refund === "refunded") parts.push(`${formatINR(order.total)} refunded`);
  if (refund === "failed") parts.push(`the refund of ${formatINR(order.total)} failed: the order is flagged`);
  return {
    message: parts.join(", "),
    cancelled: true,
    total: order.total,
    short: matched.map((l) => ({ productId: l.productId, name: l.name, quantity: l.quantity, picked: l.picked })),
    replaced: [],
    refunded: refund === "refunded" ? order.total : 0,
    refund,
  };
}

type PickPlan = {
  order: PickOrder;
  storeId: string;
  userId: string;
  /** Every line was picked as 0: the batch cancels the order instead of packing it. */
  nothingFound: boolean;
  plan: {
    id: string;
    productId: string | null;
    picked: number;
    missing: number;
    replId: string | null;
    replQty: number;
    refund: number;
    /** Paise of the line's refund that go back to the wallet (its share beyond Stripe's). */
    walletRefund: number;
  }[];
  bill: ReturnType<typeof computeBill>;
  note: string;
  paidOnline: boolean;
  /** The order's substitutions as read (`id:status,…`): the batch applies only while they are unchanged. */
  substitutions: string;
};

/** A pick as planned from one read: what its batch writes, and the lines and replacements its answer tells. */
export type PlannedPick = PickPlan & { matched: MatchedLine[]; replacements: Map<string, Replacement> };

/** A statement for a raw D1 batch: drizzle's D1 batch cannot bind a raw `sql` query (drizzle-orm 0.45). */
function statement(d1: D1Database, query: SQL | { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql: text, params } = is(query, SQL) ? new SQLiteAsyncDialect().sqlToQuery(query) : query.toSQL();
  return d1.prepare(text).bind(...params);
}

/** What every statement of a pick's batch shares: its plan as one JSON parameter, and the order's guard. */
type PickBatch = PickPlan & {
  d1: D1Database;
  db: Database;
  now: number;
  json: string;
  guard: SQL;
  /** True while the order is as the pick read it: every statement but the last is under it. */
  unchanged: SQL;
};

/** A field of the pick's plan, for a statement that reads it with `json_each(…) j`. */
const field = (name: string) => sql.raw(`json_extract(j.value, '$.${name}')`);

/** The pick's one batch; false when the order changed since it was read (another pick won). */
async function applyPick(context: AppLoadContext, db: Database, pick: PickPlan): Promise<boolean> {
  const json = JSON.stringify(pick.plan);
  // No line is marked picked above the units its pickers confirmed (decision 042), as confirmed now.
  const confirmed = sql`not exists (select 1 from json_each(${json}) j where ${field("productId")} is not null
    and ${field("picked")} > coalesce((select sum(c.units) from pick_confirmations c where c.order_item_id = ${field("id")}), 0))`;
  const guard = and(
    eq(orders.id, pick.order.id),
    eq(orders.version, pick.order.version),
    inArray(orders.status, ["placed", "paid"]),
    claimFree(pick.userId),
    sql`coalesce((select group_concat(x.id || ':' || x.status, ',') from (select s.id, s.status from order_substitutions s
      where s.order_id = ${pick.order.id} order by s.created_at, s.id) x), '') = ${pick.substitutions}`,
    confirmed,
  )!;
  const batch: PickBatch = {
    ...pick,
    d1: getD1(context),
    db,
    now: Date.now(),
    json,
    guard,
    unchanged: sql`exists (select 1 from ${orders} where ${guard})`,
  };
  const named = pick.nothingFound
    ? { ...stockStatements(batch), lines: lineUpdate(batch), ...cancelUpdate(batch) }
    : {
        history: historyInsert(batch),
        ...stockStatements(batch),
        lines: lineUpdate(batch),
        refunds: refundRows(batch),
        ...walletRefunds(batch),
        decided: packedUpdate(batch),
        applied: appliedUpdate(batch),
      };
  const results = await batch.d1.batch(Object.values(named));
  const decided = results[Object.keys(named).indexOf("decided")];
  return (decided?.results?.length ?? 0) > 0;
}

/**
 * After the move to packed (which changes what `unchanged` reads): the accepted substitutions are on
 * their lines now, so their held units are the line's (a later cancel returns them from there).
 * Only when this batch packed the order: packed at the version after the one read.
 */
function appliedUpdate({ d1, order }: PickBatch) {
  return statement(
    d1,
    sql`update order_substitutions set status = 'applied' where order_id = ${order.id} and status = 'accepted'
      and exists (select 1 from orders where id = ${order.id} and status = 'packed' and version = ${order.version + 1})`,
  );
}

function historyInsert({ d1, db, guard, userId, note, now }: PickBatch) {
  return statement(
    d1,
    db.insert(orderStatusHistory).select(
      db
        .select({
          id: sql<string>`${newId()}`.as("id"),
          orderId: orders.id,
          status: sql<"packed">`'packed'`.as("status"),
          actorUserId: sql<string>`${userId}`.as("actor_user_id"),
          note: sql<string>`${note}`.as("note"),
          createdAt: sql<number>`${now}`.as("created_at"),
        })
        .from(orders)
        .where(guard),
    ),
  );
}

/** The stock: short units corrected (with their adjustment rows); replacements' units were taken when proposed. */
function stockStatements({ d1, storeId, userId, order, now, json, unchanged }: PickBatch) {
  return {
    // Missing units: the stock recorded at the store was that much too high. The adjustment is
    // what the correction below takes (never below 0), read in the same transaction.
    shortAdjustments: statement(
      d1,
      sql`insert into stock_adjustments (id, store_id, product_id, delta, reason, user_id, order_id, created_at)
        select lower(hex(randomblob(12))), ${storeId}, ${field("productId")},
          -min(coalesce((select s.stock from store_stock s where s.store_id = ${storeId} and s.product_id = ${field("productId")}), 0), ${field("missing")}),
          'short pick', ${userId}, ${order.id}, ${now}
        from json_each(${json}) j
        where ${field("missing")} > 0 and ${field("productId")} is not null and ${unchanged}`,
    ),
    shortStock: statement(
      d1,
      sql`update store_stock set stock = stock - min(stock, (select ${field("missing")} from json_each(${json}) j where ${field("productId")} = store_stock.product_id))
        where store_id = ${storeId}
          and product_id in (select ${field("productId")} from json_each(${json}) j where ${field("missing")} > 0 and ${field("productId")} is not null)
          and ${unchanged}`,
    ),
  };
}

function lineUpdate({ d1, order, json, unchanged }: PickBatch) {
  return statement(
    d1,
    sql`update order_items set picked = ${field("picked")}, replaced_by_product_id = ${field("replId")}, replaced_by_name = ${field("replName")},
          replaced_by_quantity = ${field("replQty")}, replaced_by_unit_price = ${field("replPrice")}, refunded_amount = ${field("refund")} + ${field("walletRefund")}
        from json_each(${json}) j
        where order_items.id = ${field("id")} and order_items.order_id = ${order.id} and ${unchanged}`,
  );
}

/**
 * The lines' refunds beyond what Stripe was paid (or beyond the cash still to collect) go back to
 * the wallet: one ledger entry per line, keyed like its Stripe refund, written only while the order
 * is as the pick read it. One statement each: an entry's balance is computed from the ledger, which
 * one statement reads once.
 */
function walletRefunds({ d1, db, order, plan, guard, now }: PickBatch) {
  return Object.fromEntries(
    plan
      .filter((line) => line.walletRefund > 0)
      .map((line) => [
        `wallet-${line.id}`,
        statement(
          d1,
          walletEntriesFor(db, {
            from: orders,
            where: guard,
            userId: sql`${order.userId}`,
            amount: sql<number>`${line.walletRefund}`,
            kind: "refund",
            ref: sql`${`pick-refund-${line.id}`}`,
            orderId: sql`${order.id}`,
            note: sql`${`Short item of order ${order.orderId}`}`,
            now,
          }),
        ),
      ]),
  );
}

/** A paid online order's lines that cost less now: one refund row each (its key is the line's). */
function refundRows({ d1, order, json, paidOnline, now, unchanged }: PickBatch) {
  return statement(
    d1,
    sql`insert into order_line_refunds (order_item_id, order_id, amount, idempotency_key, status, created_at, updated_at)
        select ${field("id")}, ${order.id}, ${field("refund")}, 'pick-refund-' || ${field("id")}, 'pending', ${now}, ${now}
        from json_each(${json}) j
        where ${paidOnline ? 1 : 0} and ${field("refund")} > 0 and ${unchanged}`,
  );
}

/**
 * A pick that found nothing: the one cancel (order-cancel.server.ts) under the order's version as
 * read. Its stock return adds each line's picked units, 0, since the line update ran before it in
 * the batch; its last statement (`decided`) cancels the order and returns it when it applied.
 */
function cancelUpdate({ d1, db, order, userId, note, now }: PickBatch) {
  const [returnStock, returnReplacements, history, returnWallet, cancel] = cancelStatements(
    db,
    { orderId: order.id, by: { id: userId, as: "store" }, version: order.version, also: claimFree(userId) },
    note,
    now,
  );
  return {
    returnStock: statement(d1, returnStock),
    returnReplacements: statement(d1, returnReplacements),
    history: statement(d1, history),
    returnWallet: statement(d1, returnWallet),
    decided: statement(d1, cancel),
  };
}

/** The move to packed, last (the statements before it still see the order as read); returns the order when it applied. */
function packedUpdate({ d1, db, bill, guard, now }: PickBatch) {
  return statement(
    d1,
    db
      .update(orders)
      .set({
        status: "packed",
        subTotal: bill.itemsTotal,
        discount: bill.couponDiscount,
        total: bill.payable,
        version: sql`${orders.version} + 1`,
        updatedAt: now,
      })
      .where(guard)
      .returning({ id: orders.id }),
  );
}
