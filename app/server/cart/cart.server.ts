/**
 * The cart. Signed-in shoppers keep it in D1 (`cart_items`, unique per user and product); guests
 * keep it in a signed cookie that merges into the account cart at login. Quantities never exceed
 * stock. Prices are never stored here: every read joins the live product row and the bill comes
 * from app/lib/pricing.ts.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, count, eq, exists, gt, gte, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { cartItems, cartNotices, products, sessions, nowMs } from "~/db/schema";
import { isId, newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import { computeBill, discountedPrice, type Bill } from "~/lib/pricing";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "~/lib/schemas/cart";
import { limitFor, stockMessage } from "~/lib/stock-messages";
import { parseCookie, signedCookie } from "~/server/platform/cookies.server";
import { type Database, getDb } from "~/server/db/db.server";
import { withSharedBatch } from "~/server/db/shared-batch.server";
import { firstImageUrl } from "~/server/catalogue/product-columns.server";
import { pageStockStore, stockAt, type StockStore } from "~/server/stores/store-stock.server";

interface CartLine {
  /** The cart_items id (null for a guest's cookie cart). */
  cartItemId: string | null;
  productId: string;
  name: string;
  unit: string;
  image: string;
  /** List price per unit, paise. */
  price: number;
  discount: number;
  /** Discounted price per unit, paise. */
  finalPrice: number;
  stock: number;
  quantity: number;
}

export interface Cart {
  lines: CartLine[];
  bill: Bill;
}

export type CartOwner = { userId: string } | { guest: GuestCart };
/** productId → quantity, in the order added. */
export type GuestCart = [string, number][];

const MAX_GUEST_LINES = 40;

function toCart(rows: Omit<CartLine, "finalPrice">[]): Cart {
  const lines = rows.map((row) => ({ ...row, finalPrice: discountedPrice(row.price, row.discount) }));
  return { lines, bill: computeBill(lines) };
}

// ---------------------------------------------------------------------------------------------
// Guest cart cookie

function guestCookie(context: AppLoadContext) {
  return signedCookie(context, "__cart", 60 * 60 * 24 * 30);
}

async function readGuestCart(request: Request, context: AppLoadContext): Promise<GuestCart> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("__cart=")) return [];
  const value = await parseCookie(guestCookie(context), header);
  if (!Array.isArray(value)) return [];
  return value
    .filter((entry): entry is [string, number] => Array.isArray(entry) && isId(entry[0]) && Number.isInteger(entry[1]) && entry[1] > 0)
    .slice(0, MAX_GUEST_LINES);
}

export async function commitGuestCart(context: AppLoadContext, cart: GuestCart): Promise<string> {
  const cookie = guestCookie(context);
  return cart.length ? cookie.serialize(cart) : cookie.serialize([], { maxAge: 0 });
}

// ---------------------------------------------------------------------------------------------
// Reads

/**
 * What a cart line reads of the live product. The product id goes under a name of its own: a
 * `db.batch` returns D1 rows keyed by column name, where it would collide with `cart_items.id`.
 */
const productLineColumns = (store: StockStore) => ({
  productId: sql<string>`${products.id}`.as("productId"),
  name: products.name,
  unit: products.unit,
  price: products.price,
  discount: products.discount,
  stock: stockAt(store).as("stock"),
  image: firstImageUrl,
});

/** A cart line with the product's stock at the shopper's store (decision 020). */
const lineColumns = (store: StockStore) => ({ cartItemId: cartItems.id, quantity: cartItems.quantity, ...productLineColumns(store) });
const lineOrder = [asc(cartItems.createdAt), asc(cartItems.id)];

/** A signed-in shopper's cart lines (batchable with other root queries). */
function userCartQuery(db: Database, userId: string, store: StockStore) {
  return db
    .select(lineColumns(store))
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(...lineOrder);
}

export type LineRow = Awaited<ReturnType<typeof userCartQuery>>[number];

/** The user of a live session, as a subquery (no round trip of its own). */
const sessionUserId = (db: Database, tokenHash: string) =>
  db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, Date.now())));

/** The shopper's pending notes (shown once, like a flash), reached through the session; see `dropShownNotices`. */
export function sessionNoticesStatement(db: Database, tokenHash: string) {
  return db
    .select({ id: cartNotices.id, message: cartNotices.message })
    .from(cartNotices)
    .where(eq(cartNotices.userId, sql`(${sessionUserId(db, tokenHash)})`))
    .orderBy(asc(cartNotices.createdAt), asc(cartNotices.id));
}

export const GUEST_ITEM_GONE = "An item in your cart is no longer available and was removed";

/** The same lines reached through a session token hash, so the root loader can batch it with the user. */
export function sessionCartStatement(db: Database, tokenHash: string, store: StockStore) {
  return db
    .select(lineColumns(store))
    .from(sessions)
    .innerJoin(cartItems, eq(cartItems.userId, sessions.userId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, Date.now())))
    .orderBy(...lineOrder);
}

export function cartFromRows(rows: LineRow[]): Cart {
  return toCart(rows);
}

export async function loadCart(context: AppLoadContext, owner: CartOwner, store: StockStore): Promise<Cart> {
  const db = getDb(context);
  if ("userId" in owner) return toCart(await userCartQuery(db, owner.userId, store));
  if (!owner.guest.length) return toCart([]);
  return guestCartFromRows(owner.guest, await guestCartQuery(db, owner.guest, store));
}

/** The live products of a guest's cookie cart (a statement for a batch). */
function guestCartQuery(db: Database, guest: GuestCart, store: StockStore) {
  return db
    .select(productLineColumns(store))
    .from(products)
    .where(
      inArray(
        products.id,
        guest.map(([id]) => id),
      ),
    );
}

function guestCartFromRows(guest: GuestCart, rows: Awaited<ReturnType<typeof guestCartQuery>>): Cart {
  const byId = new Map(rows.map((r) => [r.productId, r]));
  // Products deleted since they were added simply drop out of a guest cart.
  return toCart(
    guest.flatMap(([id, quantity]) => {
      const product = byId.get(id);
      return product ? [{ ...product, cartItemId: null, quantity }] : [];
    }),
  );
}

/**
 * A guest's cookie cart with its live products, read once per request (memoised like the visitor)
 * and in the request's shared batch: the root loader (header) and the cart page share it, and it
 * goes to D1 with the visitor's read, so a guest's cart page keeps its 2 round trips.
 */
export function getGuestCart(request: Request, context: AppLoadContext): Promise<{ guest: GuestCart; cart: Cart }> {
  const read = () =>
    withSharedBatch(context, async (batch) => {
      const guest = await readGuestCart(request, context);
      if (!guest.length) return { guest, cart: toCart([]) };
      const [rows] = await batch([guestCartQuery(getDb(context), guest, await pageStockStore(request, context))]);
      return { guest, cart: guestCartFromRows(guest, rows) };
    });
  if (!context.memo) return read();
  return (context.memo.guestCart ??= read()) as Promise<{ guest: GuestCart; cart: Cart }>;
}

// ---------------------------------------------------------------------------------------------
// Changes

/** What a change did; a change that cannot be made throws a Refusal (404, 409). */
export interface CartChange {
  message: string;
  quantity: number;
}

const stockColumns = (store: StockStore) => ({ id: products.id, name: products.name, stock: stockAt(store).as("stock") });

interface ProductStock {
  id: string;
  name: string;
  stock: number;
}

async function productStock(db: Database, productId: string, store: StockStore): Promise<ProductStock | null> {
  return (await db.select(stockColumns(store)).from(products).where(eq(products.id, productId)).get()) ?? null;
}

/**
 * A signed-in cart holds at most MAX_CART_LINES products: a new line is inserted only while there is
 * room (decided in the insert itself, so parallel adds cannot overshoot); an existing line may grow.
 */
function roomForLine(db: Database, userId: string, productId: string) {
  const line = db
    .select({ one: sql`1` })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
  const lines = db.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId));
  return or(exists(line), sql`(${lines}) < ${MAX_CART_LINES}`);
}

export const CART_FULL = `Your cart holds at most ${MAX_CART_LINES} different products: place this order or remove some first`;

/** Why {@link roomForLine} refused: the cart already has MAX_CART_LINES lines and none of this product. */
async function cartIsFull(db: Database, userId: string, productId: string): Promise<boolean> {
  const row = await db
    .select({ lines: count(), hasLine: sql<number>`coalesce(max(${cartItems.productId} = ${productId}), 0)` })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .get();
  return !row?.hasLine && (row?.lines ?? 0) >= MAX_CART_LINES;
}

/** `excluded.<column>` of an upsert: the value the refused insert carried. */
const excluded = (column: SQLiteColumn) => sql`excluded.${sql.identifier(column.name)}`;
/** The stock, at the shopper's store, of the product an upsert tried to insert a line for. */
const excludedProductStock = (store: StockStore) => stockAt(store, excluded(cartItems.productId));

/**
 * A new cart line for `productId` as an `insert … select` row (every cart_items column, in table
 * order), selected only while the product is in stock and the cart has room for the line.
 */
function newLineFromProduct(db: Database, userId: string, productId: string, quantity: SQL, store: StockStore) {
  return db
    .select({
      id: sql`${newId()}`.as("id"),
      userId: sql`${userId}`.as("user_id"),
      productId: products.id,
      quantity: quantity.as("quantity"),
      createdAt: nowMs.as("created_at"),
      updatedAt: nowMs.as("updated_at"),
    })
    .from(products)
    .where(and(eq(products.id, productId), gte(stockAt(store), 1), roomForLine(db, userId, productId)));
}

/** Adds one unit (the 'Add' and plus buttons), within the stock of the shopper's store. */
export async function addOne(context: AppLoadContext, owner: CartOwner, productId: string, store: StockStore): Promise<CartChange & { guest?: GuestCart }> {
  const db = getDb(context);
  if ("userId" in owner) {
    // One statement: insert at 1 or increment, only while the result stays within stock.
    const [row] = await db
      .insert(cartItems)
      .select(newLineFromProduct(db, owner.userId, productId, sql`1`, store))
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId],
        set: { quantity: sql`${cartItems.quantity} + 1`, updatedAt: nowMs },
        setWhere: sql`${cartItems.quantity} + 1 <= min(${excludedProductStock(store)}, ${MAX_LINE_QUANTITY})`,
      })
      .returning({ quantity: cartItems.quantity });
    if (row) return { message: "Item added", quantity: row.quantity };
    // The statement decided; these reads only explain why it refused.
    const product = await productStock(db, productId, store);
    if (!product) throw new Refusal("This product is no longer available", 404);
    if (product.stock >= 1 && (await cartIsFull(db, owner.userId, productId))) throw new Refusal(CART_FULL, 409);
    throw new Refusal(stockMessage(product), 409);
  }
  const product = await productStock(db, productId, store);
  if (!product) throw new Refusal("This product is no longer available", 404);
  const guest = owner.guest.map((e) => [...e] as [string, number]);
  const line = guest.find(([id]) => id === productId);
  const next = (line?.[1] ?? 0) + 1;
  if (next > limitFor(product.stock)) throw new Refusal(stockMessage(product), 409);
  if (line) line[1] = next;
  else {
    if (guest.length >= MAX_GUEST_LINES) throw new Refusal("Your cart is full: log in to add more items", 409);
    guest.push([productId, 1]);
  }
  return { message: "Item added", quantity: next, guest };
}

const ownLine = (userId: string, productId: string) => and(eq(cartItems.userId, userId), eq(cartItems.productId, productId));

/** Removes one unit; at quantity 1 removes the line (the minus button). */
export async function removeOne(context: AppLoadContext, owner: CartOwner, productId: string): Promise<CartChange & { guest?: GuestCart }> {
  if ("userId" in owner) {
    const db = getDb(context);
    // Delete-at-1 first, then decrement-above-1: exactly one of them applies.
    const [deleted, updated] = await db.batch([
      db
        .delete(cartItems)
        .where(and(ownLine(owner.userId, productId), lte(cartItems.quantity, 1)))
        .returning({ quantity: sql<number>`0` }),
      db
        .update(cartItems)
        .set({ quantity: sql`${cartItems.quantity} - 1`, updatedAt: nowMs })
        .where(and(ownLine(owner.userId, productId), gt(cartItems.quantity, 1)))
        .returning({ quantity: cartItems.quantity }),
    ]);
    const row = deleted[0] ?? updated[0];
    if (!row) throw new Refusal("This item is not in your cart", 404);
    return { message: "Item remove", quantity: row.quantity };
  }
  const guest = owner.guest.map((e) => [...e] as [string, number]);
  const index = guest.findIndex(([id]) => id === productId);
  if (index === -1) throw new Refusal("This item is not in your cart", 404);
  const quantity = guest[index][1] - 1;
  if (quantity <= 0) guest.splice(index, 1);
  else guest[index][1] = quantity;
  return { message: "Item remove", quantity: Math.max(0, quantity), guest };
}

/** Removes the whole line. */
export async function removeLine(context: AppLoadContext, owner: CartOwner, productId: string): Promise<CartChange & { guest?: GuestCart }> {
  if ("userId" in owner) {
    const result = await getDb(context).delete(cartItems).where(ownLine(owner.userId, productId));
    if (!result.meta.changes) throw new Refusal("This item is not in your cart", 404);
    return { message: "Item remove", quantity: 0 };
  }
  const guest = owner.guest.filter(([id]) => id !== productId);
  if (guest.length === owner.guest.length) throw new Refusal("This item is not in your cart", 404);
  return { message: "Item remove", quantity: 0, guest };
}

const ownItem = (userId: string, cartItemId: string) => and(eq(cartItems.id, cartItemId), eq(cartItems.userId, userId));

/** PUT /api/cart/update-qty: sets a quantity on the caller's own cart item, within its store's stock. */
export async function setQuantity(context: AppLoadContext, userId: string, cartItemId: string, qty: number, store: StockStore): Promise<CartChange> {
  const db = getDb(context);
  const [row] = await db
    .update(cartItems)
    .set({ quantity: qty, updatedAt: nowMs })
    .where(and(ownItem(userId, cartItemId), sql`${qty} <= min(${stockAt(store, cartItems.productId)}, ${MAX_LINE_QUANTITY})`))
    .returning({ quantity: cartItems.quantity });
  if (row) return { message: "Cart updated", quantity: row.quantity };
  const item = await db
    .select(stockColumns(store))
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(ownItem(userId, cartItemId))
    .get();
  if (!item) throw new Refusal("Cart item not found", 404);
  throw new Refusal(stockMessage(item), 409);
}

/** DELETE /api/cart/delete-cart-item: only the caller's own item. */
export async function deleteCartItem(context: AppLoadContext, userId: string, cartItemId: string): Promise<CartChange> {
  const result = await getDb(context).delete(cartItems).where(ownItem(userId, cartItemId));
  if (!result.meta.changes) throw new Refusal("Cart item not found", 404);
  return { message: "Item remove", quantity: 0 };
}

/**
 * At login: the guest cookie's lines join the account cart (quantities add up, capped by stock),
 * in one batch. Returns the Set-Cookie value that clears the guest cart, or null if there was none.
 */
export async function mergeGuestCart(request: Request, context: AppLoadContext, userId: string): Promise<string | null> {
  const guest = await readGuestCart(request, context);
  if (!guest.length) return null;
  const db = getDb(context);
  const store = await pageStockStore(request, context);
  const [first, ...rest] = guest.map(([productId, quantity]) => addQuantityStatement(db, userId, productId, quantity, store));
  await db.batch([first, ...rest]);
  return commitGuestCart(context, []);
}

/**
 * Adds `quantity` of a product to a signed-in cart, capped by stock and the per-line limit; does
 * nothing for a product that is sold out or gone (guest-cart merge, "buy again").
 */
export function addQuantityStatement(db: Database, userId: string, productId: string, quantity: number, store: StockStore) {
  return db
    .insert(cartItems)
    .select(newLineFromProduct(db, userId, productId, sql`min(${quantity}, ${stockAt(store)}, ${MAX_LINE_QUANTITY})`, store))
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId],
      set: {
        quantity: sql`min(${cartItems.quantity} + ${excluded(cartItems.quantity)}, ${excludedProductStock(store)}, ${MAX_LINE_QUANTITY})`,
        updatedAt: nowMs,
      },
    });
}

/** Signed-in shoppers own a D1 cart; guests the cookie one. */
export async function cartOwnerFor(request: Request, context: AppLoadContext, user: { id: string } | null): Promise<CartOwner> {
  return user ? { userId: user.id } : { guest: await readGuestCart(request, context) };
}
