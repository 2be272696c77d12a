/**
 * Coupons (docs/decisions/030-coupons-and-tips.md): the admin's coupons with their uses,
 * and the verdict on a code for a cart (`judgeCoupon` from the server's own prices and counts).
 *
 * A use is an order that carries the coupon and is not cancelled; `coupons.uses` counts them. The
 * verdicts here are advisory (for the page's message): the order's batch takes the use with one
 * conditional update of the coupon (`takeCouponUse`), and that is what decides. A cancelled order
 * gives its use back (the `coupons_use_returned` trigger, migrations/0029).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { categories, coupons, orders, productCategories, products, stores } from "~/db/schema";
import { type CouponLine, type CouponRow, type CouponVerdict, describeOffer, judgeCoupon } from "~/lib/coupon-rules";
import { newId } from "~/lib/ids";
import { discountedPrice } from "~/lib/pricing";
import { Refusal } from "~/lib/refusal";
import type { CouponInput } from "~/lib/schemas/coupon";
import type { OrderLineInput } from "~/lib/schemas/order";
import { type Database, getDb } from "~/server/db/db.server";
import { storeIdSql, type StockStore } from "~/server/stores/store-stock.server";
import { paiseToRupees } from "~/lib/money";

const couponColumns = {
  id: coupons.id,
  code: coupons.code,
  type: coupons.type,
  value: coupons.value,
  minOrder: coupons.minOrder,
  maxDiscount: coupons.maxDiscount,
  startsAt: coupons.startsAt,
  endsAt: coupons.endsAt,
  totalUses: coupons.totalUses,
  perShopper: coupons.perShopper,
  firstOrderOnly: coupons.firstOrderOnly,
  categories: coupons.categories,
  stores: coupons.stores,
  active: coupons.active,
  updatedAt: coupons.updatedAt,
};

// ---------------------------------------------------------------------------------------------
// Admin

export type CouponListRow = CouponRow & { uses: number; createdAt: number; offer: string };

/** Every coupon, newest first, with its uses so far (orders not cancelled). */
export async function listCoupons(context: AppLoadContext): Promise<CouponListRow[]> {
  const rows = await getDb(context)
    .select({ ...couponColumns, createdAt: coupons.createdAt, uses: coupons.uses })
    .from(coupons)
    .orderBy(desc(coupons.createdAt), asc(coupons.code))
    .limit(500);
  return rows.map((row) => ({ ...row, offer: describeOffer(row) }));
}

export async function readCouponById(context: AppLoadContext, id: string): Promise<CouponRow | null> {
  const row = await getDb(context).select(couponColumns).from(coupons).where(eq(coupons.id, id)).get();
  return row ?? null;
}

const codeTaken = (code: string) =>
  new Refusal(`A coupon with the code ${code} already exists: choose another code`, 409, { fields: { code: ["That code is taken"] } });

/** Creates a coupon; a code another coupon holds is refused (the insert that did nothing says so). */
export async function createCoupon(context: AppLoadContext, input: CouponInput): Promise<{ id: string; code: string }> {
  const id = newId();
  const created = await getDb(context)
    .insert(coupons)
    .values({ id, ...input })
    .onConflictDoNothing({ target: coupons.code })
    .returning({ id: coupons.id });
  if (!created.length) throw codeTaken(input.code);
  return { id, code: input.code };
}

/**
 * Changes a coupon's terms, unless another coupon holds the new code (decided in the update itself).
 * Placed orders keep what they were charged: they store their own discount and code.
 */
export async function updateCoupon(context: AppLoadContext, id: string, input: CouponInput): Promise<{ id: string; code: string }> {
  const db = getDb(context);
  const [updated, found] = await db.batch([
    db
      .update(coupons)
      .set({ ...input, updatedAt: Date.now() })
      .where(and(eq(coupons.id, id), sql`not exists (select 1 from ${coupons} other where other.code = ${input.code} and other.id <> ${id})`))
      .returning({ id: coupons.id }),
    db.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, id)),
  ]);
  if (updated.length) return { id, code: input.code };
  if (!found.length) throw new Refusal("Coupon not found", 404);
  throw codeTaken(input.code);
}

/** Deletes a coupon; orders that used it keep its code and discount (their `coupon_id` is set null). */
export async function deleteCoupon(context: AppLoadContext, id: string): Promise<{ code: string }> {
  const rows = await getDb(context).delete(coupons).where(eq(coupons.id, id)).returning({ code: coupons.code });
  if (!rows[0]) throw new Refusal("Coupon not found", 404);
  return rows[0];
}

// ---------------------------------------------------------------------------------------------
// Judging a code for a cart

/** The cart as a coupon sees it: each line's value at today's prices and its product's categories. */
async function couponLines(db: Database, lines: readonly OrderLineInput[]): Promise<CouponLine[]> {
  if (!lines.length) return [];
  const ids = JSON.stringify(lines.map((line) => line.productId));
  const inList = sql`(select value from json_each(${ids}))`;
  const [rows, cats] = await db.batch([
    db.select({ id: products.id, price: products.price, discount: products.discount }).from(products).where(inArray(products.id, inList)),
    db
      .select({ productId: productCategories.productId, categoryId: productCategories.categoryId })
      .from(productCategories)
      .where(inArray(productCategories.productId, inList)),
  ]);
  return pricedCouponLines(lines, rows, cats);
}

/** The same from rows already read (the order's plan reads them in its own batch). */
export function pricedCouponLines(
  lines: readonly OrderLineInput[],
  rows: readonly { id: string; price: number; discount: number }[],
  cats: readonly { productId: string; categoryId: string }[],
): CouponLine[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return lines.flatMap((line) => {
    const product = byId.get(line.productId);
    if (!product) return [];
    return [
      {
        amount: discountedPrice(product.price, product.discount) * line.quantity,
        categoryIds: cats.filter((c) => c.productId === line.productId).map((c) => c.categoryId),
      },
    ];
  });
}

/** The categories of some products, for `pricedCouponLines` (a query for the caller's batch). */
export function categoriesQuery(db: Database, productIds: readonly string[]) {
  return db
    .select({ productId: productCategories.productId, categoryId: productCategories.categoryId })
    .from(productCategories)
    .where(inArray(productCategories.productId, sql`(select value from json_each(${JSON.stringify(productIds)}))`));
}

function couponByCodeQuery(db: Database, code: string) {
  return db.select(couponColumns).from(coupons).where(eq(coupons.code, code.toUpperCase()));
}

/** A coupon's uses: in total (its counter), the shopper's, and the shopper's orders (null for a guest). */
function usesQuery(db: Database, code: string, userId: string | null) {
  const couponId = sql`(select ${coupons.id} from ${coupons} where ${coupons.code} = ${code.toUpperCase()})`;
  return db
    .select({
      total: sql<number>`coalesce((select ${coupons.uses} from ${coupons} where ${coupons.code} = ${code.toUpperCase()}), 0)`,
      mine: userId
        ? sql<number>`(select count(*) from ${orders} where ${orders.couponId} = ${couponId} and ${orders.userId} = ${userId} and ${orders.status} <> 'cancelled')`
        : sql<null>`null`,
      myOrders: userId ? sql<number>`(select count(*) from ${orders} where ${orders.userId} = ${userId} and ${orders.status} <> 'cancelled')` : sql<null>`null`,
    })
    .from(sql`(select 1)`);
}

export type JudgedCoupon = { coupon: CouponRow; verdict: CouponVerdict };

/** Reads a code and the shopper's uses (one batch) and judges it for the cart; an unknown code throws 404. */
export async function judgeCode(
  db: Database,
  input: { code: string; userId: string | null; lines: readonly CouponLine[]; storeId: string | null; now?: number },
): Promise<JudgedCoupon> {
  const [found, uses] = await db.batch([couponByCodeQuery(db, input.code), usesQuery(db, input.code, input.userId)]);
  const coupon = found[0];
  if (!coupon) throw new Refusal(`${input.code.toUpperCase()} is not a valid coupon code`, 404, { fields: { code: ["Unknown code"] } });
  const verdict = judgeCoupon(coupon, {
    lines: input.lines,
    storeId: input.storeId,
    uses: uses[0] ?? { total: 0, mine: null, myOrders: null },
    now: input.now ?? Date.now(),
  });
  return { coupon, verdict };
}

/** Judges a code for a cart and refuses (422, the reason in the shopper's words) when it does not apply. */
export async function applyCode(
  context: AppLoadContext,
  input: { code: string; userId: string | null; lines: readonly OrderLineInput[]; storeId: string | null; now?: number },
): Promise<{ code: string; discount: number; message: string }> {
  const db = getDb(context);
  const lines = await couponLines(db, input.lines);
  const { coupon, verdict } = await judgeCode(db, { ...input, lines });
  if (!verdict.ok) throw new Refusal(verdict.reason, 422, { fields: { code: [verdict.reason] } });
  return { code: coupon.code, discount: verdict.discount, message: `${coupon.code} applied: ${describeOffer(coupon)}` };
}

export type AvailableOffer = { code: string; offer: string; endsAt: number; applies: boolean; discount: number; reason: string | null };

/** At most this many live offers are listed. */
const OFFERS_MAX = 20;

/** A coupon's uses (selected from `coupons`): in total (its counter) and by `userId` (their orders carrying it, not cancelled). */
const usesOf = (userId: string | null) => ({
  total: sql<number>`${coupons.uses}`.as("total"),
  // The coupon's id nested in its own fragment: in a select from one table Drizzle writes a bare
  // column as "id", which inside the subquery would name the order's id (decision 019).
  mine: (userId
    ? sql<number>`(select count(*) from ${orders} where ${orders.couponId} = ${sql`${coupons.id}`} and ${orders.userId} = ${userId} and ${orders.status} <> 'cancelled')`
    : sql<null>`null`
  ).as("mine"),
});

/** What the coupon box is judged for: the code the shopper applied, who they are, the cart's products, the store. */
export interface CouponBoxInput {
  code: string | null;
  userId: string | null;
  productIds: readonly string[];
  store: StockStore;
  now: number;
}

/**
 * Every read the coupon box needs, as statements for one batch (a page adds its own to it): the
 * store's id (resolved in SQL) and the shopper's orders, the cart's products' categories, the
 * applied code's coupon with its uses, and the live offers with theirs. {@link judgeCouponBox}
 * judges them with the same rules as {@link judgeCode} and {@link availableOffers} did one by one.
 */
export function couponBoxQueries(db: Database, input: CouponBoxInput) {
  const { userId, now } = input;
  const uses = usesOf(userId);
  return [
    db
      .select({
        storeId: sql<string | null>`${storeIdSql(input.store)}`.as("store_id"),
        myOrders: (userId
          ? sql<number>`(select count(*) from ${orders} where ${orders.userId} = ${userId} and ${orders.status} <> 'cancelled')`
          : sql<null>`null`
        ).as("my_orders"),
      })
      .from(sql`(select 1)`),
    categoriesQuery(db, input.productIds),
    // A code is 3–20 characters: the empty code (none applied) matches no coupon.
    db
      .select({ ...couponColumns, ...uses })
      .from(coupons)
      .where(eq(coupons.code, (input.code ?? "").toUpperCase())),
    db
      .select({ ...couponColumns, ...uses })
      .from(coupons)
      .where(and(eq(coupons.active, true), lte(coupons.startsAt, now), gt(coupons.endsAt, now)))
      .orderBy(asc(coupons.endsAt), asc(coupons.code))
      .limit(OFFERS_MAX),
  ] as const;
}

type CouponBoxRows = BatchResponse<ReturnType<typeof couponBoxQueries>>;

/** The coupon box as a page shows it: the applied code, its discount or why it does not apply, and the live offers. */
export interface JudgedCouponBox {
  storeId: string | null;
  code: string | null;
  discount: number;
  reason: string | null;
  offers: AvailableOffer[];
}

/**
 * Judges the applied code and every live offer for the cart from {@link couponBoxQueries}' rows.
 * `products`: the cart's products with today's prices (the cart read them). Never throws for a code
 * that does not apply: an unknown one gives the 404's words as its reason.
 */
export function judgeCouponBox(
  [meta, cats, found, live]: CouponBoxRows,
  input: CouponBoxInput & { lines: readonly OrderLineInput[]; products: readonly { id: string; price: number; discount: number }[] },
): JudgedCouponBox {
  const storeId = meta[0]?.storeId ?? null;
  const myOrders = input.userId ? Number(meta[0]?.myOrders ?? 0) : null;
  const lines = pricedCouponLines(input.lines, input.products, cats);
  const judge = (coupon: CouponRow & { total: number; mine: number | null }) =>
    judgeCoupon(coupon, {
      lines,
      storeId,
      now: input.now,
      uses: { total: Number(coupon.total), mine: input.userId ? Number(coupon.mine ?? 0) : null, myOrders },
    });
  let discount = 0;
  let reason: string | null = null;
  if (input.code) {
    const coupon = found[0];
    const verdict = coupon ? judge(coupon) : ({ ok: false, reason: `${input.code.toUpperCase()} is not a valid coupon code` } as const);
    if (verdict.ok) discount = verdict.discount;
    else reason = verdict.reason;
  }
  const offers = live.map((coupon): AvailableOffer => {
    const verdict = judge(coupon);
    return {
      code: coupon.code,
      offer: describeOffer(coupon),
      endsAt: coupon.endsAt,
      applies: verdict.ok,
      discount: verdict.ok ? verdict.discount : 0,
      reason: verdict.ok ? null : verdict.reason,
    };
  });
  return { storeId, code: input.code, discount, reason, offers };
}

/**
 * Whether the coupon may take one more use by `userId` at `now` (an SQL condition on the `coupons`
 * row, for an update or a select of it): unchanged since the plan judged it (`updated_at`), live,
 * with room in its counter and in the shopper's own uses, and the first-order rule holds.
 */
export function couponRoomSql(coupon: { updatedAt: number }, userId: string, now: number) {
  return sql`(${coupons.updatedAt} = ${coupon.updatedAt} and ${coupons.active} = 1 and ${coupons.startsAt} <= ${now} and ${coupons.endsAt} > ${now}
    and (${coupons.totalUses} is null or ${coupons.uses} < ${coupons.totalUses})
    and (${coupons.perShopper} is null or (select count(*) from ${orders} o where o.coupon_id = ${coupons.id} and o.user_id = ${userId} and o.status <> 'cancelled') < ${coupons.perShopper})
    and (${coupons.firstOrderOnly} = 0 or not exists (select 1 from ${orders} o where o.user_id = ${userId} and o.status <> 'cancelled')))`;
}

/**
 * The order batch's guard on its coupon (decision 030): takes one use in one conditional update, or
 * sets the counter to NULL when there is no room (`couponRoomSql`), which NOT NULL refuses, so D1
 * rolls the whole batch back. D1 runs batches one after another, so a 1-use coupon admits exactly
 * one order. Returns the coupon's uses after this one; a coupon deleted since the plan matches no
 * row, and the order's `coupon_id` reference refuses the batch instead.
 */
export function takeCouponUse(db: Database, coupon: { id: string; updatedAt: number }, userId: string, now: number) {
  return db
    .update(coupons)
    .set({ uses: sql`case when ${couponRoomSql(coupon, userId, now)} then ${coupons.uses} + 1 end` })
    .where(eq(coupons.id, coupon.id))
    .returning({ uses: coupons.uses });
}

/** The id of the store a cart's stock is read from (null: no store serves the chosen pincode). */
export async function cartStoreId(context: AppLoadContext, store: StockStore): Promise<string | null> {
  const row = await getDb(context)
    .select({ id: sql<string | null>`${storeIdSql(store)}` })
    .from(sql`(select 1)`)
    .get();
  return row?.id ?? null;
}

/** A coupon in the /api shape: `_id`, money in rupees, times as ISO text, as the body's fields. */
export function serializeCoupon(coupon: CouponRow & { uses?: number }) {
  return {
    _id: coupon.id,
    code: coupon.code,
    type: coupon.type,
    value: coupon.type === "percent" ? coupon.value : paiseToRupees(coupon.value),
    minOrder: paiseToRupees(coupon.minOrder),
    maxDiscount: coupon.maxDiscount === null ? null : paiseToRupees(coupon.maxDiscount),
    startsAt: new Date(coupon.startsAt).toISOString(),
    endsAt: new Date(coupon.endsAt).toISOString(),
    totalUses: coupon.totalUses,
    perShopper: coupon.perShopper,
    firstOrderOnly: coupon.firstOrderOnly,
    categories: coupon.categories,
    stores: coupon.stores,
    active: coupon.active,
    ...(coupon.uses !== undefined ? { uses: coupon.uses } : {}),
    offer: describeOffer(coupon),
  };
}

/** What a coupon may be scoped to: every category and store, by name (the admin form's choices). */
export async function couponScopeChoices(context: AppLoadContext) {
  const db = getDb(context);
  const [categoryRows, storeRows] = await db.batch([
    db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.name)),
    db.select({ id: stores.id, name: stores.name }).from(stores).orderBy(asc(stores.name)),
  ]);
  return { categories: categoryRows, stores: storeRows };
}
