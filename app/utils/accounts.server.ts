/** Account changes shared by the pages and /api/user/*. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { newId } from "~/lib/ids";
import { ApiError } from "./api.server";
import { confirmCurrentPassword } from "./auth.server";
import { getD1 } from "./db.server";
import { hashPassword } from "./password.server";
import { toSessionUser, USER_COLUMNS, type SessionUser } from "./session.server";

export const EMAIL_TAKEN = "This email is already registered: log in instead";

/** Registration always makes a USER; role, status and verify_email never come from a request. */
export async function registerUser(
  context: AppLoadContext,
  input: { name: string; email: string; password: string },
): Promise<SessionUser> {
  const d1 = getD1(context);
  const id = newId();
  try {
    const row = await d1
      .prepare(
        `insert into users (id, name, email, password_hash) values (?, ?, ?, ?)
         returning id, name, email, avatar, mobile, role, verify_email as verifyEmail, last_login_date as lastLoginDate, status`,
      )
      .bind(id, input.name, input.email, await hashPassword(input.password))
      .first<Parameters<typeof toSessionUser>[0]>();
    return toSessionUser(row)!;
  } catch (error) {
    if (/UNIQUE constraint failed: users\.email/i.test(String((error as Error)?.message))) throw new ApiError(EMAIL_TAKEN, 409, { email: [EMAIL_TAKEN] });
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
  const d1 = getD1(context);
  try {
    // The ids the /api answer carries are read in the same round trip as the update.
    const [updated, links] = await d1.batch([
      d1
        .prepare(
          `update users set name = ?, email = ?, mobile = ?, updated_at = unixepoch() * 1000 where id = ?
           returning id, name, email, avatar, mobile, role, verify_email as verifyEmail, last_login_date as lastLoginDate, status`,
        )
        .bind(input.name, input.email, input.mobile, userId),
      userLinksStatement(d1, userId),
    ]);
    const row = updated.results[0] as Parameters<typeof toSessionUser>[0] | undefined;
    if (!row) throw new ApiError("Account not found", 404);
    return { user: toSessionUser(row)!, links: toUserLinks(links.results[0] as UserLinksRow | undefined) };
  } catch (error) {
    if (/UNIQUE constraint failed: users\.email/i.test(String((error as Error)?.message))) {
      throw new ApiError("Another account uses this email", 409, { email: ["Another account uses this email"] });
    }
    throw error;
  }
}

export async function setAvatar(context: AppLoadContext, userId: string, url: string) {
  await getD1(context).prepare("update users set avatar = ?, updated_at = unixepoch() * 1000 where id = ?").bind(url, userId).run();
}

export async function getUserById(context: AppLoadContext, id: string): Promise<SessionUser | null> {
  return toSessionUser(
    await getD1(context).prepare(`select ${USER_COLUMNS} from users u where u.id = ?`).bind(id).first<Parameters<typeof toSessionUser>[0]>(),
  );
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

type UserLinksRow = { addresses: string; cart: string; orders: string };

/** One statement, so it can ride in a batch with whatever else the request reads or writes. */
export function userLinksStatement(d1: D1Database, userId: string): D1PreparedStatement {
  return d1
    .prepare(
      `select
         (select json_group_array(id) from (select id from addresses where user_id = ?1 and status = 1 order by rowid)) as addresses,
         (select json_group_array(id) from (select id from cart_items where user_id = ?1 order by rowid)) as cart,
         (select json_group_array(id) from (select id from orders where user_id = ?1 order by created_at desc, id desc)) as orders`,
    )
    .bind(userId);
}

function toUserLinks(row: UserLinksRow | undefined): UserLinks {
  if (!row) return NO_LINKS;
  return {
    address_details: JSON.parse(row.addresses) as string[],
    shopping_cart: JSON.parse(row.cart) as string[],
    orderHistory: JSON.parse(row.orders) as string[],
  };
}

export async function loadUserLinks(context: AppLoadContext, userId: string): Promise<UserLinks> {
  return toUserLinks((await userLinksStatement(getD1(context), userId).first<UserLinksRow>()) ?? undefined);
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
