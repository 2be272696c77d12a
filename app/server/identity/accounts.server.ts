/** Account changes shared by the pages and /api/user/*. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import * as z from "zod";
import { addresses, cartItems, orders, users } from "~/db/schema";
import { newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import { confirmCurrentPassword } from "./auth.server";
import { type Database, failedOn, getDb } from "~/server/db/db.server";
import { hashPassword } from "./password.server";
import { sessionUserColumns, type SessionUser } from "./session.server";

const EMAIL_TAKEN = "This email is already registered: log in instead";

/** D1 refused a second account with this email. */
const isEmailTaken = (error: unknown) => failedOn(error, /UNIQUE constraint failed: users\.email/i);

/** Registration always makes a USER; role, status and verify_email never come from a request. */
export async function registerUser(
  context: AppLoadContext,
  input: { name: string; email: string; password: string },
): Promise<SessionUser> {
  try {
    const [user] = await getDb(context)
      .insert(users)
      .values({ id: newId(), name: input.name, email: input.email, passwordHash: await hashPassword(input.password) })
      .returning(sessionUserColumns);
    return user;
  } catch (error) {
    if (isEmailTaken(error)) throw new Refusal(EMAIL_TAKEN, 409, { fields: { email: [EMAIL_TAKEN] } });
    throw error;
  }
}

/**
 * Name and mobile change freely; a new email needs the current password (checked under the login
 * limits), so a stolen access token or session cannot move the account to another mailbox.
 */
export async function updateProfile(
  request: Request,
  context: AppLoadContext,
  user: SessionUser,
  input: { name: string; email: string; mobile: string; currentPassword?: string },
): Promise<{ user: SessionUser; links: UserLinks }> {
  if (input.email !== user.email) await confirmCurrentPassword(request, context, user.email, input.currentPassword);
  const userId = user.id;
  const db = getDb(context);
  try {
    // The ids the /api answer carries are read in the same round trip as the update.
    const [[updated], [links]] = await db.batch([
      db
        .update(users)
        .set({ name: input.name, email: input.email, mobile: input.mobile, updatedAt: sql`(unixepoch() * 1000)` })
        .where(eq(users.id, userId))
        .returning(sessionUserColumns),
      userLinksQuery(db, userId),
    ]);
    if (!updated) throw new Refusal("Account not found", 404);
    return { user: updated, links: toUserLinks(links) };
  } catch (error) {
    if (isEmailTaken(error)) {
      throw new Refusal("Another account uses this email", 409, { fields: { email: ["Another account uses this email"] } });
    }
    throw error;
  }
}

export async function setAvatar(context: AppLoadContext, userId: string, url: string) {
  await getDb(context).update(users).set({ avatar: url, updatedAt: sql`(unixepoch() * 1000)` }).where(eq(users.id, userId));
}

/**
 * What the original server kept as id lists on the user document (`address_details`,
 * `shopping_cart`, `orderHistory`): here the ids of the shopper's saved (not removed) addresses,
 * cart lines and orders (newest first), as the `_id`s `/api/address/get`, `/api/cart/get` and
 * `/api/order/details?_id=` use.
 */
export interface UserLinks {
  address_details: string[];
  shopping_cart: string[];
  orderHistory: string[];
}

/** A user with nothing yet (just registered). */
export const NO_LINKS: UserLinks = { address_details: [], shopping_cart: [], orderHistory: [] };

/** The ids of `idColumn`'s rows matching `where`, in `order`, as one JSON array text (`[]` when none). */
function idsArray(idColumn: SQLiteColumn, where: SQL | undefined, order: SQL[]) {
  return sql<string>`(select json_group_array(${sql.identifier(idColumn.name)}) from (select ${idColumn} from ${idColumn.table} where ${where} order by ${sql.join(order, sql`, `)}))`;
}

/**
 * One statement, so it can ride in a batch with whatever else the request reads or writes: the
 * user's row carries the three id lists (no row when the account is gone, read as {@link NO_LINKS}).
 */
function userLinksQuery(db: Database, userId: string) {
  return db
    .select({
      addresses: idsArray(addresses.id, and(eq(addresses.userId, userId), eq(addresses.status, true)), [asc(sql`${addresses}.rowid`)]),
      cart: idsArray(cartItems.id, eq(cartItems.userId, userId), [asc(sql`${cartItems}.rowid`)]),
      orders: idsArray(orders.id, eq(orders.userId, userId), [desc(orders.createdAt), desc(orders.id)]),
    })
    .from(users)
    .where(eq(users.id, userId));
}

const idList = z.array(z.string());

function toUserLinks(row: { addresses: string; cart: string; orders: string } | undefined): UserLinks {
  if (!row) return NO_LINKS;
  return {
    address_details: idList.parse(JSON.parse(row.addresses)),
    shopping_cart: idList.parse(JSON.parse(row.cart)),
    orderHistory: idList.parse(JSON.parse(row.orders)),
  };
}

export async function loadUserLinks(context: AppLoadContext, userId: string): Promise<UserLinks> {
  return toUserLinks(await userLinksQuery(getDb(context), userId).get());
}

/** The spec's User object (section 3) for /api; never the password hash. */
export function serializeUser(user: SessionUser, links: UserLinks) {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    avatar: user.avatar,
    mobile: user.mobile,
    verify_email: user.verifyEmail,
    last_login_date: user.lastLoginDate ? new Date(user.lastLoginDate).toISOString() : null,
    status: user.status,
    role: user.role,
    ...links,
  };
}
