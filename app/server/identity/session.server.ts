/**
 * Page sessions (ARCHITECTURE.md "Accounts and sessions"): Remix's session storage with D1 as the
 * store (`createSessionStorage`). The HttpOnly, SameSite=Lax cookie (Secure in production) holds the
 * session id, an opaque random token; D1 stores only its SHA-256, so logout and password reset
 * revoke it and a leaked table opens no session. A guest request costs no D1 round trip; a
 * signed-in one reads the user through the same cookie in a single join (`sessionUserStatement`),
 * batched with the cart, rather than through `getSession` (a second round trip, and the user's role
 * and status must be read fresh anyway).
 */
import { createSessionStorage, type AppLoadContext } from "@remix-run/cloudflare";
import { newId } from "~/lib/ids";
import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { type Role, type StaffRole, refreshTokens, sessions, storeStaff, users } from "~/db/schema";
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
  /** What they do at that store (decision 041), or null when they are not staff. */
  staffRole: StaffRole | null;
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
  staffRole: sql<StaffRole | null>`(select ${storeStaff.role} from ${storeStaff} where ${storeStaff.userId} = ${users.id})`.as("staff_role"),
};

function sessionCookie(context: AppLoadContext) {
  return signedCookie(context, "__session", SESSION_TTL_MS / 1000);
}

/** The raw session token from the signed cookie, or null. No D1 access. */
export async function readSessionToken(request: Request, context: AppLoadContext): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("__session=")) return null;
  const value = await parseCookie(sessionCookie(context), header);
  return isSessionId(value) ? value : null;
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
  return idHash(await readSessionToken(request, context));
}

/** What a session row carries: the account, and the /api token family issued with it. */
export interface SessionData {
  userId: string;
  /** The refresh-token family issued by the same /api/user/login: logging out of either ends both. */
  familyId: string | null;
}

/** A session id as `randomToken` makes them; a tampered cookie can read as anything (`{}`, a number). */
function isSessionId(value: unknown): value is string {
  return typeof value === "string" && /^[0-9a-f]{64}$/.test(value);
}

/** The SHA-256 a session id is stored under, or null for anything that is not a session id. */
async function idHash(id: unknown): Promise<string | null> {
  return isSessionId(id) ? sha256Hex(id) : null;
}

/** The page session storage: the signed `__session` cookie holds the id, the `sessions` row the data. */
export function sessionStorage(context: AppLoadContext) {
  const db = getDb(context);
  const expiry = (expires: Date | undefined) => expires?.getTime() ?? Date.now() + SESSION_TTL_MS;
  return createSessionStorage<SessionData>({
    cookie: sessionCookie(context),
    async createData(data, expires) {
      if (!data.userId) throw new Error("A page session is only ever started for a signed-in user");
      const token = randomToken();
      const now = Date.now();
      // A session starts at a login: the login date and the housekeeping go in the same round trip.
      await db.batch([
        db
          .insert(sessions)
          .values({ id: newId(), tokenHash: await sha256Hex(token), userId: data.userId, expiresAt: expiry(expires), familyId: data.familyId ?? null }),
        db.update(users).set({ lastLoginDate: now }).where(eq(users.id, data.userId)),
        db.delete(sessions).where(and(eq(sessions.userId, data.userId), lte(sessions.expiresAt, now))),
      ]);
      return token;
    },
    async readData(id) {
      const hash = await idHash(id);
      if (!hash) return null;
      const row = await db
        .select({ userId: sessions.userId, familyId: sessions.familyId })
        .from(sessions)
        .where(and(eq(sessions.tokenHash, hash), gt(sessions.expiresAt, Date.now())))
        .get();
      return row ?? null;
    },
    async updateData(id, _data, expires) {
      // A session's account and token family never change: only its expiry can be renewed.
      const hash = await idHash(id);
      if (hash)
        await db
          .update(sessions)
          .set({ expiresAt: expiry(expires) })
          .where(eq(sessions.tokenHash, hash));
    },
    async deleteData(id) {
      // The session row goes, and the /api tokens issued with it are revoked, in one batch.
      const hash = await idHash(id);
      if (!hash) return;
      const sessionFamily = db.select({ familyId: sessions.familyId }).from(sessions).where(eq(sessions.tokenHash, hash));
      await db.batch([
        db
          .update(refreshTokens)
          .set({ revokedAt: Date.now() })
          .where(and(eq(refreshTokens.familyId, sessionFamily), isNull(refreshTokens.revokedAt))),
        db.delete(sessions).where(eq(sessions.tokenHash, hash)),
      ]);
    },
  });
}

/**
 * Starts a session for the user; returns the Set-Cookie header value. `familyId` links it to the
 * refresh-token family issued by the same /api/user/login, so logging out of either ends both.
 */
export async function createSession(context: AppLoadContext, userId: string, familyId: string | null = null): Promise<string> {
  const storage = sessionStorage(context);
  const session = await storage.getSession();
  session.set("userId", userId);
  session.set("familyId", familyId);
  return storage.commitSession(session);
}

/** Ends the request's session (its row and its tokens, if any); returns the Set-Cookie header that clears the cookie. */
export async function destroySession(request: Request, context: AppLoadContext): Promise<string> {
  const storage = sessionStorage(context);
  return storage.destroySession(await storage.getSession(request.headers.get("Cookie")));
}
