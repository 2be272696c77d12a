/** Account changes shared by the pages and /api/user/*. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import * as z from "zod";
import { addresses, cartItems, orders, users, nowMs } from "~/db/schema";
import { newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import { confirmCurrentPassword } from "./auth.server";
import { type Database, getDb } from "~/server/db/db.server";
import { hashPassword } from "./password.server";
import { sendMail } from "./mail.server";
import { takeSlots } from "~/server/db/rate-counters.server";
import { sessionUserColumns, type SessionUser } from "./session.server";

/** What registration answers, whether or not the email already had an account (decision 021). */
export const REGISTERED = "User register successfully";

/** At most this many "someone tried to register with your email" mails per email per hour. */
const TAKEN_MAILS_PER_HOUR = 3;

/** The user as the registration answer shows it (the /api's `data`). */
export type RegisteredUser = ReturnType<typeof serializeUser>;

/**
 * Registration always makes a USER; role, status and verify_email never come from a request.
 *
 * An email that already has an account gets the same answer as a new one (decision 021): nothing
 * is written, the answer shows the account a registration would have made (a fresh id that belongs
 * to no row, the name and email sent, a new account's defaults), and the owner of the existing
 * account is mailed after the answer. The password is hashed either way, so both take the same
 * work. Registration never signs anyone in: the caller answers the same way whichever happened.
 */
export async function registerUser(context: AppLoadContext, input: { name: string; email: string; password: string }): Promise<RegisteredUser> {
  const id = newId();
  const passwordHash = await hashPassword(input.password);
  // An email with an account already makes the insert do nothing (its unique index decides).
  const [user] = await getDb(context)
    .insert(users)
    .values({ id, name: input.name, email: input.email, passwordHash })
    .onConflictDoNothing({ target: users.email })
    .returning(sessionUserColumns);
  if (user) return serializeUser(user, NO_LINKS);
  tellOwnerOfTakenEmail(context, input.email);
  const unsaved: SessionUser = {
    id,
    name: input.name,
    email: input.email,
    avatar: "",
    mobile: "",
    role: "USER",
    verifyEmail: false,
    lastLoginDate: null,
    status: "Active",
    staffStoreId: null,
    staffRole: null,
  };
  return serializeUser(unsaved, NO_LINKS);
}

/**
 * Mails the owner of `email` that someone tried to register with it, after the answer
 * (`waitUntil`), so the answer takes no longer than a new account's; at most
 * TAKEN_MAILS_PER_HOUR per email (counted in D1), so the form cannot be used to flood a mailbox.
 */
function tellOwnerOfTakenEmail(context: AppLoadContext, email: string) {
  const done = (async () => {
    const refused = await takeSlots(context, [{ key: `register-taken:${email}`, max: TAKEN_MAILS_PER_HOUR, windowMs: 60 * 60 * 1000 }]);
    if (refused) return;
    const owner = await getDb(context).select({ name: users.name }).from(users).where(eq(users.email, email)).get();
    if (!owner) return;
    await sendMail(context, {
      to: email,
      subject: "Someone tried to register with your email at FreshDash",
      text:
        `Hi ${owner.name},\n\nSomeone, perhaps you, just tried to create a new FreshDash account with this email address. ` +
        "It already has an account, so no new account was made and nothing about yours changed.\n\n" +
        "If it was you: log in with your password, or choose 'Forgot password ?' on the login page to set a new one.\n" +
        "If it was not you: you can ignore this message.",
    });
  })().catch((error) => console.error("could not mail the owner of a taken email", error));
  context.cloudflare.ctx?.waitUntil?.(done);
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
  // The update itself refuses an email another account holds; the ids the /api answer carries and
  // whether the account exists are read in the same round trip.
  const [[updated], [links], [exists]] = await db.batch([
    db
      .update(users)
      .set({ name: input.name, email: input.email, mobile: input.mobile, updatedAt: nowMs })
      .where(and(eq(users.id, userId), sql`not exists (select 1 from ${users} other where other.email = ${input.email} and other.id <> ${userId})`))
      .returning(sessionUserColumns),
    userLinksQuery(db, userId),
    db.select({ id: users.id }).from(users).where(eq(users.id, userId)),
  ]);
  if (updated) return { user: updated, links: toUserLinks(links) };
  if (!exists) throw new Refusal("Account not found", 404);
  throw new Refusal("Another account uses this email", 409, { fields: { email: ["Another account uses this email"] } });
}

export async function setAvatar(context: AppLoadContext, userId: string, url: string) {
  await getDb(context).update(users).set({ avatar: url, updatedAt: nowMs }).where(eq(users.id, userId));
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
const NO_LINKS: UserLinks = { address_details: [], shopping_cart: [], orderHistory: [] };

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
