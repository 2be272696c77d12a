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
): Promise<SessionUser> {
  if (input.email !== user.email) await confirmCurrentPassword(request, context, user.email, input.currentPassword);
  const userId = user.id;
  try {
    const row = await getD1(context)
      .prepare(
        `update users set name = ?, email = ?, mobile = ?, updated_at = unixepoch() * 1000 where id = ?
         returning id, name, email, avatar, mobile, role, verify_email as verifyEmail, last_login_date as lastLoginDate, status`,
      )
      .bind(input.name, input.email, input.mobile, userId)
      .first<Parameters<typeof toSessionUser>[0]>();
    if (!row) throw new ApiError("Account not found", 404);
    return toSessionUser(row)!;
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

/** The spec's User object (section 3) for /api; never the password hash. */
export function serializeUser(user: SessionUser) {
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
    address_details: [] as string[],
    shopping_cart: [] as string[],
    orderHistory: [] as string[],
  };
}
