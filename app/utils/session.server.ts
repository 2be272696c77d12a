/**
 * Page sessions (ARCHITECTURE.md "Accounts and sessions"): an HttpOnly, SameSite=Lax cookie (Secure
 * in production) holds an opaque random token; D1 stores only its SHA-256, so logout and password
 * reset revoke it. A guest request costs no D1 round trip; a signed-in one is a single join.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { newId } from "~/lib/ids";
import { and, eq, gt } from "drizzle-orm";
import { type Role, sessions, users } from "~/db/schema";
import { parseCookie, signedCookie } from "./cookies.server";
import { randomToken, sha256Hex } from "./crypto.server";
import { type Database, getD1 } from "./db.server";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The signed-in user as pages and /api see it (never the password hash). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  avatar: string;
  mobile: string;
  role: Role;
  verifyEmail: boolean;
  lastLoginDate: number | null;
  status: string;
}

export const USER_COLUMNS = `u.id, u.name, u.email, u.avatar, u.mobile, u.role, u.verify_email as verifyEmail,
  u.last_login_date as lastLoginDate, u.status`;

type UserRow = Omit<SessionUser, "verifyEmail"> & { verifyEmail: number };

/** {@link SessionUser}'s columns, for Drizzle selects whose `from` or join is `users`. */
const sessionUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  avatar: users.avatar,
  mobile: users.mobile,
  role: users.role,
  verifyEmail: users.verifyEmail,
  lastLoginDate: users.lastLoginDate,
  status: users.status,
};

export function toSessionUser(row: UserRow | null | undefined): SessionUser | null {
  return row ? { ...row, verifyEmail: Boolean(row.verifyEmail) } : null;
}

function sessionCookie(context: AppLoadContext) {
  return signedCookie(context, "__session", SESSION_TTL_MS / 1000);
}

/** The raw session token from the signed cookie, or null. No D1 access. */
export async function readSessionToken(request: Request, context: AppLoadContext): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("__session=")) return null;
  const value = await parseCookie(sessionCookie(context), header);
  return typeof value === "string" && /^[0-9a-f]{64}$/.test(value) ? value : null;
}

/**
 * The statement that turns a session token hash into its user (one join). Exposed so the root
 * loader can put it in the same `batch()` as the cart.
 */
export function sessionUserStatement(db: Database, tokenHash: string) {
  return db
    .select(sessionUserColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, Date.now()), eq(users.status, "Active")));
}

export async function sessionTokenHash(request: Request, context: AppLoadContext): Promise<string | null> {
  const token = await readSessionToken(request, context);
  return token ? sha256Hex(token) : null;
}

/**
 * Starts a session for the user; returns the Set-Cookie header value. `familyId` links it to the
 * refresh-token family issued by the same /api/user/login, so logging out of either ends both.
 */
export async function createSession(context: AppLoadContext, userId: string, familyId: string | null = null): Promise<string> {
  const token = randomToken();
  const now = Date.now();
  const d1 = getD1(context);
  await d1.batch([
    d1
      .prepare("insert into sessions (id, token_hash, user_id, expires_at, family_id) values (?, ?, ?, ?, ?)")
      .bind(newId(), await sha256Hex(token), userId, now + SESSION_TTL_MS, familyId),
    d1.prepare("update users set last_login_date = ? where id = ?").bind(now, userId),
    // Housekeeping: drop this user's expired sessions.
    d1.prepare("delete from sessions where user_id = ? and expires_at <= ?").bind(userId, now),
  ]);
  return sessionCookie(context).serialize(token);
}

/**
 * Deletes the session row (if any) and revokes the tokens issued with it, in one batch; returns the
 * Set-Cookie header that clears the cookie.
 */
export async function destroySession(request: Request, context: AppLoadContext): Promise<string> {
  const hash = await sessionTokenHash(request, context);
  if (hash) {
    const d1 = getD1(context);
    await d1.batch([
      d1
        .prepare(
          `update refresh_tokens set revoked_at = ?
            where family_id = (select family_id from sessions where token_hash = ?) and revoked_at is null`,
        )
        .bind(Date.now(), hash),
      d1.prepare("delete from sessions where token_hash = ?").bind(hash),
    ]);
  }
  return sessionCookie(context).serialize("", { maxAge: 0 });
}
