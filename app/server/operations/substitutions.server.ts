/**
 * Substitutions the shopper approves (docs/decisions/043-substitutions-the-shopper-approves.md).
 *
 * A short line of an order whose shopper chose "similar" gets at most one proposal from the picker
 * (the store suggests the closest in-stock products of the line's sub-category, within its price,
 * never one reported short in the same pick). The shopper accepts or declines it before its
 * deadline (the store's `substitution_minutes`); with no answer in time it expires and the line is
 * refunded by the pick like any short line. "Call me" lines get the call's outcome instead: a
 * replacement agreed (product, quantity) or the line removed.
 *
 * Every rule is one guarded statement or one batch:
 * - a proposal (or an agreed call) is inserted only while the order is pickable, the line has none
 *   and the store holds the units, and those units are taken from the stock in the same batch;
 * - an answer counts only if `status = 'pending' AND deadline > now` still holds in its UPDATE, so
 *   of two answers exactly one applies, and none after the deadline; a decline gives the units back
 *   in the same batch, under the same guard;
 * - expiry is the same kind of guarded UPDATE (`deadline <= now`), run lazily before every read and
 *   act on an order and by the cron for all;
 * - the pick refuses while a proposal is pending and applies accepted ones (pick.server.ts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, desc, eq, gte, inArray, ne, notInArray, sql } from "drizzle-orm";
import { orderItems, orders, orderSubstitutions, products, productSubCategories, stores, storeStock, type SubstitutionStatus } from "~/db/schema";
import { newId } from "~/lib/ids";
import { formatINR, paiseToRupees } from "~/lib/money";
import { discountedPrice } from "~/lib/pricing";
import { Refusal } from "~/lib/refusal";
import type { AnswerInput, CallOutcomeInput, ProposeInput } from "~/lib/schemas/substitutions";
import { getD1, getDb, type Database } from "~/server/db/db.server";
import type { SessionUser } from "~/server/identity/auth.server";
import { worksAt } from "~/server/identity/store-access.server";
import { heldByOther } from "./claims.server";
import { publishOrderChange } from "~/server/orders/order-events.server";

const ORDER_NOT_FOUND = "Order not found";
const SUBSTITUTION_NOT_FOUND = "Substitution not found";
/** How many suggestions the picker sees for a line. */
const SUGGESTIONS = 5;

/** What the order's pages and /api show of a substitution. */
export interface SubstitutionView {
  id: string;
  orderItemId: string;
  kind: "proposal" | "call";
  status: SubstitutionStatus;
  /** The short line. */
  line: { productId: string | null; name: string; quantity: number; unitPrice: number };
  picked: number;
  /** The replacement: its final unit price, list price and discount as the pick bills them. */
  replacement: { productId: string; name: string; quantity: number; unitPrice: number; price: number; discount: number } | null;
  /** Paise the replacement costs beyond the missing units (0 when within the line's price). */
  extra: number;
  deadline: number;
}

/** The order as substitutions decide on it. */
async function readOrder(db: Database, orderId: string) {
  return db
    .select({
      id: orders.id,
      orderId: orders.orderId,
      userId: orders.userId,
      storeId: orders.storeId,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      replacementPreference: orders.replacementPreference,
      minutes: stores.substitutionMinutes,
    })
    .from(orders)
    .leftJoin(stores, eq(stores.id, orders.storeId))
    .where(eq(orders.id, orderId))
    .get();
}
type SubsOrder = NonNullable<Awaited<ReturnType<typeof readOrder>>>;

/** The order when `user` works at its store (404 otherwise, like an unknown order), checked pickable. */
async function staffOrder(db: Database, user: SessionUser, orderId: string, preference: "similar" | "call") {
  const order = await readOrder(db, orderId);
  if (!order || !order.storeId || !worksAt(user, order.storeId)) throw new Refusal(ORDER_NOT_FOUND, 404);
  if (order.status !== "placed" && order.status !== "paid") throw new Refusal("This order is no longer being picked", 409);
  if (order.paymentMethod === "ONLINE" && order.paymentStatus === "PENDING") throw new Refusal("This order is waiting for its online payment", 409);
  if (order.replacementPreference !== preference) {
    const said = order.replacementPreference === "similar" ? "a similar item" : order.replacementPreference === "call" ? "a call" : "a refund";
    throw new Refusal(`The shopper asked for ${said} when an item is short`, 409);
  }
  return order as SubsOrder & { storeId: string };
}

/** The order's line for `productId`, short by `picked` (400 when it is not short). */
async function shortLine(db: Database, orderId: string, productId: string, picked: number) {
  const line = await db
    .select({ id: orderItems.id, productId: orderItems.productId, name: orderItems.name, quantity: orderItems.quantity, finalPrice: orderItems.unitFinalPrice })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.productId, productId)))
    .get();
  if (!line) throw new Refusal(`Product ${productId} is not on this order`, 400, { fields: { productId: ["Not on this order"] } });
  if (picked >= line.quantity)
    throw new Refusal(`${line.name} is not short: ${picked} of ${line.quantity} were picked`, 400, { fields: { picked: ["Not short"] } });
  return { ...line, missing: line.quantity - picked };
}
type ShortLine = Awaited<ReturnType<typeof shortLine>>;

/**
 * Pending proposals past their deadline become `expired` and give their units back, in one batch
 * under the same guard (`status = 'pending' AND deadline <= now`), for one order or for all (the
 * cron). Their orders' pages are told. Returns how many expired.
 */
export async function expireSubstitutions(context: AppLoadContext, { orderId = null, now = Date.now() }: { orderId?: string | null; now?: number } = {}) {
  const d1 = getD1(context);
  const due = `s.status = 'pending' AND s.deadline <= ?1 AND (?2 IS NULL OR s.order_id = ?2)`;
  const [, expired] = await d1.batch<{ order_id: string }>([
    d1
      .prepare(
        `UPDATE store_stock SET stock = stock + (SELECT sum(s.quantity) FROM order_substitutions s WHERE ${due} AND s.store_id = store_stock.store_id AND s.product_id = store_stock.product_id)
         WHERE EXISTS (SELECT 1 FROM order_substitutions s WHERE ${due} AND s.store_id = store_stock.store_id AND s.product_id = store_stock.product_id)`,
      )
      .bind(now, orderId),
    d1.prepare(`UPDATE order_substitutions AS s SET status = 'expired', answered_at = ?1 WHERE ${due} RETURNING order_id`).bind(now, orderId),
  ]);
  const orderIds = [...new Set(expired.results.map((row) => row.order_id))];
  await Promise.all(orderIds.map((id) => tellOrder(context, id, "substitution-expired")));
  return orderIds.length ? expired.results.length : 0;
}

/** The order's live channels (and, for a new proposal, the shopper's push notice). */
async function tellOrder(context: AppLoadContext, orderId: string, status: string, order?: { userId: string; storeId: string | null }) {
  const known = order ?? (await getDb(context).select({ userId: orders.userId, storeId: orders.storeId }).from(orders).where(eq(orders.id, orderId)).get());
  if (known) await publishOrderChange(context, { orderId, storeId: known.storeId, userId: known.userId, status });
}

export type Suggestion = { productId: string; name: string; unitPrice: number; stock: number; dearer: boolean };

/**
 * The store's suggestions for a short line: published products of its sub-category with the
 * missing units in stock at the store, never the line's own nor one in `short`, dearest first within
 * the line's unit price (the closest to what was ordered). `anyPrice` (a call) lists dearer ones too,
 * after those, marked.
 */
async function suggestionsFor(db: Database, storeId: string, line: ShortLine, short: string[], anyPrice: boolean): Promise<Suggestion[]> {
  const rows = await db
    .select({ id: products.id, name: products.name, price: products.price, discount: products.discount, stock: storeStock.stock })
    .from(productSubCategories)
    .innerJoin(products, eq(products.id, productSubCategories.productId))
    .innerJoin(storeStock, and(eq(storeStock.storeId, storeId), eq(storeStock.productId, products.id)))
    .where(
      and(
        inArray(
          productSubCategories.subCategoryId,
          db.select({ id: productSubCategories.subCategoryId }).from(productSubCategories).where(eq(productSubCategories.productId, line.productId!)),
        ),
        ne(products.id, line.productId!),
        short.length ? notInArray(products.id, short) : undefined,
        eq(products.publish, true),
        gte(storeStock.stock, line.missing),
      ),
    )
    .orderBy(desc(sql`${products.price} * (100 - ${products.discount})`), asc(products.id))
    .limit(50);
  const seen = new Set<string>();
  const all = rows
    .filter((row) => !seen.has(row.id) && Boolean(seen.add(row.id)))
    .map((row) => {
      const unitPrice = discountedPrice(row.price, row.discount);
      return { productId: row.id, name: row.name, unitPrice, stock: row.stock, dearer: unitPrice > line.finalPrice };
    });
  const within = all.filter((s) => !s.dearer).slice(0, SUGGESTIONS);
  return anyPrice
    ? [
        ...within,
        ...all
          .filter((s) => s.dearer)
          .reverse()
          .slice(0, SUGGESTIONS),
      ]
    : within;
}

/** Staff: the suggestions for one short line of an order being picked (see suggestionsFor). */
export async function suggestReplacements(
  context: AppLoadContext,
  user: SessionUser,
  input: { _id: string; productId: string; picked: number; short: string[] },
): Promise<{ line: { productId: string; name: string; quantity: number; missing: number; unitPrice: number }; suggestions: Suggestion[] }> {
  const db = getDb(context);
  const order = await readOrder(db, input._id);
  if (!order || !order.storeId || !worksAt(user, order.storeId)) throw new Refusal(ORDER_NOT_FOUND, 404);
  if (order.replacementPreference === "refund") throw new Refusal("The shopper asked for a refund when an item is short", 409);
  const line = await shortLine(db, order.id, input.productId, input.picked);
  const suggestions = await suggestionsFor(db, order.storeId, line, input.short, order.replacementPreference === "call");
  return { line: { productId: input.productId, name: line.name, quantity: line.quantity, missing: line.missing, unitPrice: line.finalPrice }, suggestions };
}

/** The replacement product as a proposal bills it, with its stock at the store and whether it shares the line's sub-category. */
async function readReplacement(db: Database, storeId: string, line: ShortLine, replacementId: string) {
  const row = await db
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      discount: products.discount,
      publish: products.publish,
      stock: storeStock.stock,
      similar: sql<number>`exists (select 1 from ${productSubCategories} a join ${productSubCategories} b on a.sub_category_id = b.sub_category_id
        where a.product_id = ${products.id} and b.product_id = ${line.productId})`,
    })
    .from(products)
    .leftJoin(storeStock, and(eq(storeStock.storeId, storeId), eq(storeStock.productId, products.id)))
    .where(eq(products.id, replacementId))
    .get();
  if (!row || !row.publish) throw new Refusal("That replacement is not a product on sale", 400, { fields: { replacementId: ["Not on sale"] } });
  if (row.id === line.productId) throw new Refusal("A line cannot be replaced by its own product", 400, { fields: { replacementId: ["The same product"] } });
  return { ...row, unitPrice: discountedPrice(row.price, row.discount) };
}
type ReplacementRow = Awaited<ReturnType<typeof readReplacement>>;

/**
 * Inserts a substitution and takes its units from the store's stock in one batch: the row only while
 * the order is pickable, the line has none and the store holds the units; the stock only when the
 * row was inserted. Null when the insert did not apply.
 */
async function insertHeld(
  context: AppLoadContext,
  row: {
    order: SubsOrder & { storeId: string };
    line: ShortLine;
    kind: "proposal" | "call";
    status: "pending" | "accepted" | "declined";
    replacement: ReplacementRow | null;
    quantity: number;
    picked: number;
    deadline: number;
    userId: string;
    now: number;
  },
): Promise<string | null> {
  const d1 = getD1(context);
  const id = newId();
  const r = row.replacement;
  const [inserted] = await d1.batch<{ id: string }>([
    d1
      .prepare(
        `INSERT INTO order_substitutions (id, order_id, order_item_id, store_id, kind, product_id, name, quantity, price, discount, unit_price, picked, status, deadline,
           proposed_by, answered_by, created_at, answered_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, CASE WHEN ?13 = 'pending' THEN NULL ELSE ?15 END, ?16, CASE WHEN ?13 = 'pending' THEN NULL ELSE ?16 END
         WHERE EXISTS (SELECT 1 FROM orders WHERE id = ?2 AND status IN ('placed', 'paid') AND NOT (payment_method = 'ONLINE' AND payment_status = 'PENDING')
             AND (claimed_by IS NULL OR claimed_by = ?15))
           AND (?6 IS NULL OR EXISTS (SELECT 1 FROM store_stock WHERE store_id = ?4 AND product_id = ?6 AND stock >= ?8))
         ON CONFLICT (order_item_id) DO NOTHING
         RETURNING id`,
      )
      .bind(
        id,
        row.order.id,
        row.line.id,
        row.order.storeId,
        row.kind,
        r?.id ?? null,
        r?.name ?? "",
        r ? row.quantity : 0,
        r?.price ?? 0,
        r?.discount ?? 0,
        r?.unitPrice ?? 0,
        row.picked,
        row.status,
        row.deadline,
        row.userId,
        row.now,
      ),
    d1
      .prepare(`UPDATE store_stock SET stock = stock - ?1 WHERE store_id = ?2 AND product_id = ?3 AND EXISTS (SELECT 1 FROM order_substitutions WHERE id = ?4)`)
      .bind(r ? row.quantity : 0, row.order.storeId, r?.id ?? "", id),
  ]);
  return inserted.results.length ? id : null;
}

/** Why an insert did not apply, read after it: the line's substitution, the order, or the stock. */
async function whyNotInserted(
  db: Database,
  orderId: string,
  line: ShortLine,
  replacement: ReplacementRow | null,
  quantity: number,
  storeId: string,
): Promise<Refusal> {
  const existing = await db.select({ status: orderSubstitutions.status }).from(orderSubstitutions).where(eq(orderSubstitutions.orderItemId, line.id)).get();
  if (existing) return new Refusal(`${line.name} already has a replacement proposed or agreed (${existing.status})`, 409);
  const order = await readOrder(db, orderId);
  if (!order || (order.status !== "placed" && order.status !== "paid")) return new Refusal("This order is no longer being picked", 409);
  const stock = replacement
    ? await db
        .select({ stock: storeStock.stock })
        .from(storeStock)
        .where(and(eq(storeStock.storeId, storeId), eq(storeStock.productId, replacement.id)))
        .get()
    : null;
  return new Refusal(`Only ${stock?.stock ?? 0} of ${replacement?.name ?? "that product"} left at the store, ${quantity} needed: choose another`, 409);
}

/**
 * Staff: proposes a replacement for a short line of a "similar" order. The product shares the
 * line's sub-category, is not reported short in the same pick, and costs at most the line's unit
 * price, unless `higherPrice` on a cash order (the shopper then accepts the higher price; a paid
 * online order cannot be charged more). Its units are held until the answer.
 */
export async function proposeSubstitution(context: AppLoadContext, user: SessionUser, input: ProposeInput) {
  const db = getDb(context);
  await expireSubstitutions(context, { orderId: input._id });
  const order = await staffOrder(db, user, input._id, "similar");
  const line = await shortLine(db, order.id, input.productId, input.picked);
  if (input.short.includes(input.replacementId)) {
    throw new Refusal("That product is reported short in this pick: choose another", 400, { fields: { replacementId: ["Short in this pick"] } });
  }
  const replacement = await readReplacement(db, order.storeId, line, input.replacementId);
  if (!replacement.similar)
    throw new Refusal(`${replacement.name} is not in the same sub-category as ${line.name}`, 400, { fields: { replacementId: ["Not similar"] } });
  const quantity = input.quantity ?? line.missing;
  if (quantity > line.missing) throw new Refusal(`At most ${line.missing} (the missing units) can be replaced`, 400, { fields: { quantity: ["Too many"] } });
  if (replacement.unitPrice > line.finalPrice) {
    if (order.paymentMethod !== "COD") {
      throw new Refusal(`${replacement.name} costs more than ${line.name} and the order is paid online: choose one within ${formatINR(line.finalPrice)}`, 400, {
        fields: { replacementId: ["Dearer than the line"] },
      });
    }
    if (!input.higherPrice) {
      throw new Refusal(
        `${replacement.name} costs more than ${line.name}: propose it at the higher price, or choose one within ${formatINR(line.finalPrice)}`,
        400,
        {
          fields: { replacementId: ["Dearer than the line"] },
        },
      );
    }
  }
  const now = Date.now();
  const deadline = now + (order.minutes ?? 2) * 60_000;
  const id = await insertHeld(context, {
    order,
    line,
    kind: "proposal",
    status: "pending",
    replacement,
    quantity,
    picked: input.picked,
    deadline,
    userId: user.id,
    now,
  });
  if (!id) throw (await heldByOther(db, order.id, user.id)) ?? (await whyNotInserted(db, order.id, line, replacement, quantity, order.storeId));
  // The shopper's page and phone (a push notice "waiting for your answer"); the store's queue.
  await tellOrder(context, order.id, "substitution", order);
  return { id, deadline, message: `Proposed ${replacement.name} × ${quantity} for ${line.name}: waiting for the shopper's answer` };
}

/**
 * Staff: records what the shopper said on the phone ("Call me"): a replacement agreed (any product
 * on sale at the store, its units held now; a paid online order cannot be charged more than the
 * missing units cost), or the line removed (refunded by the pick).
 */
export async function recordCallOutcome(context: AppLoadContext, user: SessionUser, input: CallOutcomeInput) {
  const db = getDb(context);
  const order = await staffOrder(db, user, input._id, "call");
  const line = await shortLine(db, order.id, input.productId, input.picked);
  const now = Date.now();
  if (input.outcome === "removed") {
    const id = await insertHeld(context, {
      order,
      line,
      kind: "call",
      status: "declined",
      replacement: null,
      quantity: 0,
      picked: input.picked,
      deadline: now,
      userId: user.id,
      now,
    });
    if (!id) throw (await heldByOther(db, order.id, user.id)) ?? (await whyNotInserted(db, order.id, line, null, 0, order.storeId));
    await tellOrder(context, order.id, "substitution-answered", order);
    return { id, message: `${line.name}: removed after the call, the missing units will be refunded` };
  }
  const replacement = await readReplacement(db, order.storeId, line, input.replacementId);
  if (order.paymentMethod !== "COD" && replacement.unitPrice * input.quantity > line.finalPrice * line.missing) {
    throw new Refusal(`The order is paid online: the replacement can cost at most ${formatINR(line.finalPrice * line.missing)}`, 400, {
      fields: { quantity: ["Costs more than was paid"] },
    });
  }
  const id = await insertHeld(context, {
    order,
    line,
    kind: "call",
    status: "accepted",
    replacement,
    quantity: input.quantity,
    picked: input.picked,
    deadline: now,
    userId: user.id,
    now,
  });
  if (!id) throw (await heldByOther(db, order.id, user.id)) ?? (await whyNotInserted(db, order.id, line, replacement, input.quantity, order.storeId));
  await tellOrder(context, order.id, "substitution-answered", order);
  return { id, message: `${line.name}: ${replacement.name} × ${input.quantity} agreed on the phone` };
}

/**
 * The shopper: accepts or declines a pending proposal on their own order. It counts only if its one
 * guarded statement changed the row (still pending and before the deadline): of two answers exactly
 * one applies, and a late one is refused (and the proposal expires). A decline gives the units back
 * in the same batch, under the same guard.
 */
export async function answerSubstitution(context: AppLoadContext, user: { id: string }, input: AnswerInput) {
  const d1 = getD1(context);
  const now = Date.now();
  const guard = `id = ?1 AND status = 'pending' AND deadline > ?2 AND kind = 'proposal' AND order_id IN (SELECT id FROM orders WHERE user_id = ?3)`;
  const status = input.answer === "accept" ? "accepted" : "declined";
  const statements = [
    d1
      .prepare(
        `UPDATE store_stock SET stock = stock + (SELECT quantity FROM order_substitutions WHERE ${guard})
         WHERE ?4 = 'declined' AND EXISTS (SELECT 1 FROM order_substitutions s WHERE s.id = ?1 AND s.store_id = store_stock.store_id AND s.product_id = store_stock.product_id)
           AND EXISTS (SELECT 1 FROM order_substitutions WHERE ${guard})`,
      )
      .bind(input._id, now, user.id, status),
    d1
      .prepare(`UPDATE order_substitutions SET status = ?4, answered_by = ?3, answered_at = ?2 WHERE ${guard} RETURNING order_id, name, quantity`)
      .bind(input._id, now, user.id, status),
  ];
  const [, answered] = await d1.batch<{ order_id: string; name: string; quantity: number }>(statements);
  const row = answered.results[0];
  if (row) {
    await tellOrder(context, row.order_id, "substitution-answered");
    return {
      status,
      orderId: row.order_id,
      message: status === "accepted" ? `You accepted ${row.name} × ${row.quantity}` : "You declined the replacement: the missing item will be refunded",
    };
  }
  // Nothing changed: tell why (read after the guarded statement, never before it).
  const db = getDb(context);
  const sub = await db
    .select({
      status: orderSubstitutions.status,
      deadline: orderSubstitutions.deadline,
      orderId: orderSubstitutions.orderId,
      userId: orders.userId,
      kind: orderSubstitutions.kind,
    })
    .from(orderSubstitutions)
    .innerJoin(orders, eq(orders.id, orderSubstitutions.orderId))
    .where(eq(orderSubstitutions.id, input._id))
    .get();
  if (!sub || sub.userId !== user.id || sub.kind !== "proposal") throw new Refusal(SUBSTITUTION_NOT_FOUND, 404);
  if (sub.status === "pending" || sub.status === "expired") {
    await expireSubstitutions(context, { orderId: sub.orderId });
    throw new Refusal("Too late: the time to answer ran out, so the missing item will be refunded", 409);
  }
  throw new Refusal(
    `This replacement was already ${sub.status === "accepted" || sub.status === "applied" ? "accepted" : sub.status === "void" ? "cancelled with the order" : "declined"}`,
    409,
  );
}

/**
 * An order's substitutions, its due ones expired first (lazily, on read). The read comes first so a
 * page with nothing due makes no write; the expiry itself is the guarded statement, whatever the read saw.
 */
export async function substitutionsOf(context: AppLoadContext, orderId: string): Promise<SubstitutionView[]> {
  const now = Date.now();
  const views = await readSubstitutions(getDb(context), orderId);
  if (!views.some((view) => view.status === "pending" && view.deadline <= now)) return views;
  await expireSubstitutions(context, { orderId, now });
  return readSubstitutions(getDb(context), orderId);
}

async function readSubstitutions(db: Database, orderId: string): Promise<SubstitutionView[]> {
  const rows = await db
    .select({
      id: orderSubstitutions.id,
      orderItemId: orderSubstitutions.orderItemId,
      kind: orderSubstitutions.kind,
      status: orderSubstitutions.status,
      productId: orderSubstitutions.productId,
      name: orderSubstitutions.name,
      quantity: orderSubstitutions.quantity,
      unitPrice: orderSubstitutions.unitPrice,
      price: orderSubstitutions.price,
      discount: orderSubstitutions.discount,
      picked: orderSubstitutions.picked,
      deadline: orderSubstitutions.deadline,
      lineProductId: orderItems.productId,
      lineName: orderItems.name,
      lineQuantity: orderItems.quantity,
      lineUnitPrice: orderItems.unitFinalPrice,
    })
    .from(orderSubstitutions)
    .innerJoin(orderItems, eq(orderItems.id, orderSubstitutions.orderItemId))
    .where(eq(orderSubstitutions.orderId, orderId))
    .orderBy(asc(orderSubstitutions.createdAt), asc(orderSubstitutions.id));
  return rows.map((row) => ({
    id: row.id,
    orderItemId: row.orderItemId,
    kind: row.kind,
    status: row.status,
    line: { productId: row.lineProductId, name: row.lineName, quantity: row.lineQuantity, unitPrice: row.lineUnitPrice },
    picked: row.picked,
    replacement: row.productId
      ? { productId: row.productId, name: row.name, quantity: row.quantity, unitPrice: row.unitPrice, price: row.price, discount: row.discount }
      : null,
    extra: row.productId ? Math.max(0, row.quantity * row.unitPrice - (row.lineQuantity - row.picked) * row.lineUnitPrice) : 0,
    deadline: row.deadline,
  }));
}

/** A substitution in /api (money in rupees, the deadline as ISO and seconds left). */
export function serializeSubstitution(view: SubstitutionView, now = Date.now()) {
  return {
    _id: view.id,
    kind: view.kind,
    status: view.status,
    line: {
      productId: view.line.productId,
      name: view.line.name,
      quantity: view.line.quantity,
      picked: view.picked,
      unitPrice: paiseToRupees(view.line.unitPrice),
    },
    replacement: view.replacement
      ? {
          productId: view.replacement.productId,
          name: view.replacement.name,
          quantity: view.replacement.quantity,
          unitPrice: paiseToRupees(view.replacement.unitPrice),
        }
      : null,
    extra: paiseToRupees(view.extra),
    deadline: new Date(view.deadline).toISOString(),
    secondsLeft: view.status === "pending" ? Math.max(0, Math.ceil((view.deadline - now) / 1000)) : 0,
  };
}

/** What the pick needs: the order's substitutions after expiry, and a fingerprint its batch is guarded by. */
export async function substitutionsForPick(context: AppLoadContext, orderId: string) {
  const views = await substitutionsOf(context, orderId);
  return { views, fingerprint: views.map((v) => `${v.id}:${v.status}`).join(",") };
}
