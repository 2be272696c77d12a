/**
 * The cart. Signed-in shoppers keep it in D1 (`cart_items`, unique per user and product); guests
 * keep it in a signed cookie that merges into the account cart at login. Quantities never exceed
 * stock. Prices are never stored here: every read joins the live product row and the bill comes
 * from app/lib/pricing.ts.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { isId, newId } from "~/lib/ids";
import { computeBill, discountedPrice, type Bill } from "~/lib/pricing";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "~/lib/schemas/cart";
import { limitFor, stockMessage } from "~/lib/stock-messages";
import { parseCookie, signedCookie } from "./cookies.server";
import { getD1 } from "./db.server";

export interface CartLine {
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
const LINE_COLUMNS = `p.id as productId, p.name, p.unit, p.price, p.discount, p.stock,
  coalesce((select url from product_images pi where pi.product_id = p.id order by pi.position limit 1), '') as image`;

export type LineRow = Omit<CartLine, "finalPrice">;

function toCart(rows: LineRow[]): Cart {
  const lines = rows.map((row) => ({ ...row, finalPrice: discountedPrice(row.price, row.discount) }));
  return { lines, bill: computeBill(lines) };
}

// ---------------------------------------------------------------------------------------------
// Guest cart cookie

function guestCookie(context: AppLoadContext) {
  return signedCookie(context, "__cart", 60 * 60 * 24 * 30);
}

export async function readGuestCart(request: Request, context: AppLoadContext): Promise<GuestCart> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("__cart=")) return [];
  const value = await parseCookie(guestCookie(context), header);
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (entry): entry is [string, number] =>
        Array.isArray(entry) && isId(entry[0]) && Number.isInteger(entry[1]) && entry[1] > 0,
    )
    .slice(0, MAX_GUEST_LINES);
}

export async function commitGuestCart(context: AppLoadContext, cart: GuestCart): Promise<string> {
  const cookie = guestCookie(context);
  return cart.length ? cookie.serialize(cart) : cookie.serialize([], { maxAge: 0 });
}

// ---------------------------------------------------------------------------------------------
// Reads

/** The statement that reads a signed-in shopper's cart lines (batchable with other root queries). */
export function userCartStatement(d1: D1Database, userId: string): D1PreparedStatement {
  return d1
    .prepare(
      `select ci.id as cartItemId, ci.quantity, ${LINE_COLUMNS}
         from cart_items ci join products p on p.id = ci.product_id
        where ci.user_id = ? order by ci.created_at, ci.id`,
    )
    .bind(userId);
}

/** The shopper's pending notes (shown once, like a flash), reached through the session; see `dropShownNotices`. */
export function sessionNoticesStatement(d1: D1Database, tokenHash: string): D1PreparedStatement {
  return d1
    .prepare(
      `select id, message from cart_notices where user_id = (select user_id from sessions where token_hash = ? and expires_at > ?)
        order by created_at, id`,
    )
    .bind(tokenHash, Date.now());
}

export const GUEST_ITEM_GONE = "An item in your cart is no longer available and was removed";

/** The same lines reached through a session token hash, so the root loader can batch it with the user. */
export function sessionCartStatement(d1: D1Database, tokenHash: string): D1PreparedStatement {
  return d1
    .prepare(
      `select ci.id as cartItemId, ci.quantity, ${LINE_COLUMNS}
         from sessions s join cart_items ci on ci.user_id = s.user_id join products p on p.id = ci.product_id
        where s.token_hash = ? and s.expires_at > ? order by ci.created_at, ci.id`,
    )
    .bind(tokenHash, Date.now());
}

export function cartFromRows(rows: LineRow[]): Cart {
  return toCart(rows);
}

export async function loadCart(context: AppLoadContext, owner: CartOwner): Promise<Cart> {
  const d1 = getD1(context);
  if ("userId" in owner) {
    const { results } = await userCartStatement(d1, owner.userId).all<LineRow>();
    return toCart(results);
  }
  if (!owner.guest.length) return toCart([]);
  const ids = owner.guest.map(([id]) => id);
  const { results } = await d1
    .prepare(`select ${LINE_COLUMNS} from products p where p.id in (${ids.map(() => "?").join(",")})`)
    .bind(...ids)
    .all<Omit<LineRow, "cartItemId" | "quantity">>();
  const byId = new Map(results.map((r) => [r.productId, r]));
  // Products deleted since they were added simply drop out of a guest cart.
  return toCart(
    owner.guest.flatMap(([id, quantity]) => {
      const product = byId.get(id);
      return product ? [{ ...product, cartItemId: null, quantity }] : [];
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Changes

export type CartChange =
  | { ok: true; message: string; quantity: number }
  | { ok: false; status: 404 | 409; message: string };

interface ProductStock {
  id: string;
  name: string;
  stock: number;
}

async function productStock(d1: D1Database, productId: string): Promise<ProductStock | null> {
  return d1.prepare("select id, name, stock from products where id = ?").bind(productId).first<ProductStock>();
}

/**
 * A signed-in cart holds at most MAX_CART_LINES products: a new line is inserted only while there is
 * room (decided in the insert itself, so parallel adds cannot overshoot); an existing line may grow.
 * `user` and `product` name the statement's numbered parameters (e.g. "?2").
 */
function roomForLine(user: string, product: string) {
  return `(exists (select 1 from cart_items where user_id = ${user} and product_id = ${product})
    or (select count(*) from cart_items where user_id = ${user}) < ${MAX_CART_LINES})`;
}

export const CART_FULL = `Your cart holds at most ${MAX_CART_LINES} different products: place this order or remove some first`;

async function cartIsFull(d1: D1Database, userId: string, productId: string): Promise<boolean> {
  const row = await d1
    .prepare(`select not ${roomForLine("?1", "?2")} as full`)
    .bind(userId, productId)
    .first<{ full: number }>();
  return Boolean(row?.full);
}

/** Adds one unit (the 'Add' and plus buttons). */
export async function addOne(context: AppLoadContext, owner: CartOwner, productId: string): Promise<CartChange & { guest?: GuestCart }> {
  const d1 = getD1(context);
  if ("userId" in owner) {
    // One statement: insert at 1 or increment, only while the result stays within stock.
    const row = await d1
      .prepare(
        `insert into cart_items (id, user_id, product_id, quantity)
           select ?1, ?2, p.id, 1 from products p where p.id = ?3 and p.stock >= 1 and ${roomForLine("?2", "?3")}
         on conflict (user_id, product_id) do update
           set quantity = quantity + 1, updated_at = unixepoch() * 1000
           where cart_items.quantity + 1 <= min((select stock from products where id = excluded.product_id), ${MAX_LINE_QUANTITY})
         returning quantity`,
      )
      .bind(newId(), owner.userId, productId)
      .first<{ quantity: number }>();
    if (row) return { ok: true, message: "Item added", quantity: row.quantity };
    // The statement decided; these reads only explain why it refused.
    const product = await productStock(d1, productId);
    if (!product) return { ok: false, status: 404, message: "This product is no longer available" };
    if (product.stock >= 1 && (await cartIsFull(d1, owner.userId, productId))) return { ok: false, status: 409, message: CART_FULL };
    return { ok: false, status: 409, message: stockMessage(product) };
  }
  const product = await productStock(d1, productId);
  if (!product) return { ok: false, status: 404, message: "This product is no longer available" };
  const guest = owner.guest.map((e) => [...e] as [string, number]);
  const line = guest.find(([id]) => id === productId);
  const next = (line?.[1] ?? 0) + 1;
  if (next > limitFor(product.stock)) return { ok: false, status: 409, message: stockMessage(product) };
  if (line) line[1] = next;
  else {
    if (guest.length >= MAX_GUEST_LINES) return { ok: false, status: 409, message: "Your cart is full: log in to add more items" };
    guest.push([productId, 1]);
  }
  return { ok: true, message: "Item added", quantity: next, guest };
}

/** Removes one unit; at quantity 1 removes the line (the minus button). */
export async function removeOne(context: AppLoadContext, owner: CartOwner, productId: string): Promise<CartChange & { guest?: GuestCart }> {
  if ("userId" in owner) {
    const d1 = getD1(context);
    // Delete-at-1 first, then decrement-above-1: exactly one of them applies.
    const [deleted, updated] = await d1.batch<{ quantity: number }>([
      d1
        .prepare("delete from cart_items where user_id = ? and product_id = ? and quantity <= 1 returning 0 as quantity")
        .bind(owner.userId, productId),
      d1
        .prepare(
          "update cart_items set quantity = quantity - 1, updated_at = unixepoch() * 1000 where user_id = ? and product_id = ? and quantity > 1 returning quantity",
        )
        .bind(owner.userId, productId),
    ]);
    const row = deleted.results[0] ?? updated.results[0];
    if (!row) return { ok: false, status: 404, message: "This item is not in your cart" };
    return { ok: true, message: "Item remove", quantity: row.quantity };
  }
  const guest = owner.guest.map((e) => [...e] as [string, number]);
  const index = guest.findIndex(([id]) => id === productId);
  if (index === -1) return { ok: false, status: 404, message: "This item is not in your cart" };
  const quantity = guest[index][1] - 1;
  if (quantity <= 0) guest.splice(index, 1);
  else guest[index][1] = quantity;
  return { ok: true, message: "Item remove", quantity: Math.max(0, quantity), guest };
}

/** Removes the whole line. */
export async function removeLine(context: AppLoadContext, owner: CartOwner, productId: string): Promise<CartChange & { guest?: GuestCart }> {
  if ("userId" in owner) {
    const result = await getD1(context)
      .prepare("delete from cart_items where user_id = ? and product_id = ?")
      .bind(owner.userId, productId)
      .run();
    if (!result.meta.changes) return { ok: false, status: 404, message: "This item is not in your cart" };
    return { ok: true, message: "Item remove", quantity: 0 };
  }
  const guest = owner.guest.filter(([id]) => id !== productId);
  if (guest.length === owner.guest.length) return { ok: false, status: 404, message: "This item is not in your cart" };
  return { ok: true, message: "Item remove", quantity: 0, guest };
}

/** PUT /api/cart/update-qty: sets a quantity on the caller's own cart item. */
export async function setQuantity(context: AppLoadContext, userId: string, cartItemId: string, qty: number): Promise<CartChange> {
  const d1 = getD1(context);
  const row = await d1
    .prepare(
      `update cart_items set quantity = ?, updated_at = unixepoch() * 1000
        where id = ? and user_id = ? and ? <= min((select stock from products p where p.id = cart_items.product_id), ${MAX_LINE_QUANTITY})
        returning quantity`,
    )
    .bind(qty, cartItemId, userId, qty)
    .first<{ quantity: number }>();
  if (row) return { ok: true, message: "Cart updated", quantity: row.quantity };
  const item = await d1
    .prepare("select p.id, p.name, p.stock from cart_items ci join products p on p.id = ci.product_id where ci.id = ? and ci.user_id = ?")
    .bind(cartItemId, userId)
    .first<ProductStock>();
  if (!item) return { ok: false, status: 404, message: "Cart item not found" };
  return { ok: false, status: 409, message: stockMessage(item) };
}

/** DELETE /api/cart/delete-cart-item: only the caller's own item. */
export async function deleteCartItem(context: AppLoadContext, userId: string, cartItemId: string): Promise<CartChange> {
  const result = await getD1(context)
    .prepare("delete from cart_items where id = ? and user_id = ?")
    .bind(cartItemId, userId)
    .run();
  if (!result.meta.changes) return { ok: false, status: 404, message: "Cart item not found" };
  return { ok: true, message: "Item remove", quantity: 0 };
}

/**
 * At login: the guest cookie's lines join the account cart (quantities add up, capped by stock),
 * in one batch. Returns the Set-Cookie value that clears the guest cart, or null if there was none.
 */
export async function mergeGuestCart(request: Request, context: AppLoadContext, userId: string): Promise<string | null> {
  const guest = await readGuestCart(request, context);
  if (!guest.length) return null;
  const d1 = getD1(context);
  await d1.batch(guest.map(([productId, quantity]) => addQuantityStatement(d1, userId, productId, quantity)));
  return commitGuestCart(context, []);
}

/**
 * Adds `quantity` of a product to a signed-in cart, capped by stock and the per-line limit; does
 * nothing for a product that is sold out or gone (guest-cart merge, "buy again").
 */
export function addQuantityStatement(d1: D1Database, userId: string, productId: string, quantity: number): D1PreparedStatement {
  return d1
    .prepare(
      `insert into cart_items (id, user_id, product_id, quantity)
         select ?1, ?2, p.id, min(?3, p.stock, ${MAX_LINE_QUANTITY}) from products p where p.id = ?4 and p.stock >= 1 and ${roomForLine("?2", "?4")}
       on conflict (user_id, product_id) do update
         set quantity = min(cart_items.quantity + excluded.quantity,
                            (select stock from products where id = excluded.product_id), ${MAX_LINE_QUANTITY}),
             updated_at = unixepoch() * 1000`,
    )
    .bind(newId(), userId, quantity, productId);
}

/** Signed-in shoppers own a D1 cart; guests the cookie one. */
export async function cartOwnerFor(request: Request, context: AppLoadContext, user: { id: string } | null): Promise<CartOwner> {
  return user ? { userId: user.id } : { guest: await readGuestCart(request, context) };
}
