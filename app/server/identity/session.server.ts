/**
 * Page sessions (ARCHITECTURE.md "Accounts and sessions"): an HttpOnly, SameSite=Lax cookie (Secure
 * in production) holds an opaque random token; D1 stores only its SHA-256, so logout and password
 * reset revoke it. A guest request costs no D1 round trip; a signed-in one is a single join.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { newId } from "~/lib/ids";
import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { type Role, refreshTokens, sessions, storeStaff, users } from "~/db/schema";
import { parseCookie, signedCookie } from "~/server/platform/cookies.server";
import { randomToken, sha256Hex } from "~/server/platform/crypto.server";
import { type Database, getDb } from "~/server/db/db.server";

const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

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
  /** The dark store this user is staff of (decision 027), or null. */
  staffStoreId: string | null;
}

/** {@link SessionUser}'s columns, for Drizzle selects whose `from` or join is `users`. */
export const sessionUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  avatar: users.avatar,
  mobile: users.mobile,
  role: users.role,
  verifyEmail: users.verifyEmail,
  lastLoginDate: users.lastLoginDate,
  status: users.status,
  /** The dark store this user is staff of (decision 027), or null. */
  staffStoreId: sql<string | null>`(select ${storeStaff.storeId} from ${storeStaff} where ${storeStaff.userId} = ${users.id})`.as("staff_store_id"),
};

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
  const db = getDb(context);
  await db.batch([
    db.insert(sessions).values({ id: newId(), tokenHash: await sha256Hex(token), userId, expiresAt: now + SESSION_TTL_MS, familyId }),
    db.update(users).set({ lastLoginDate: now }).where(eq(users.id, userId)),
    // Housekeeping: drop this user's expired sessions.
    db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now))),
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
    const db = getDb(context);
    const sessionFamily = db.select({ familyId: sessions.familyId }).from(sessions).where(eq(sessions.tokenHash, hash));
    await db.batch([
      db
        .update(refreshTokens)
        .set({ revokedAt: Date.now() })
        .where(and(eq(refreshTokens.familyId, sessionFamily), isNull(refreshTokens.revokedAt))),
      db.delete(sessions).where(eq(sessions.tokenHash, hash)),
    ]);
  }
  return sessionCookie(context).serialize("", { maxAge: 0 });
}
