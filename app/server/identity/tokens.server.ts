/**
 * /api tokens. Access tokens: 15 minutes, HMAC-SHA256 signed, carrying the user id and the refresh
 * token family they came from (so logout kills them at once). Refresh tokens: random, 30 days,
 * stored hashed, rotated on every use (a reused one is refused), revoked as a family at logout,
 * together with the page session /api/user/login started with them (`sessions.family_id`).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, exists, isNull, sql } from "drizzle-orm";
import { refreshTokens, sessions, users, nowMs } from "~/db/schema";
import { newId } from "~/lib/ids";
import { randomToken, sha256Hex, signToken, verifyToken } from "~/server/platform/crypto.server";
import { getDb } from "~/server/db/db.server";
import { getSettings } from "~/server/platform/env.server";
import { sessionUserColumns, type SessionUser } from "./session.server";

const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;
const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

interface AccessPayload {
  sub: string;
  fam: string;
  typ: "access";
  exp: number;
}

async function signAccessToken(context: AppLoadContext, userId: string, familyId: string, now = Date.now()) {
  const { sessionSecret } = getSettings(context.cloudflare.env);
  return signToken({ sub: userId, fam: familyId, typ: "access", exp: now + ACCESS_TOKEN_TTL_MS }, sessionSecret);
}

/** The user behind a valid, unrevoked access token, in one query; null otherwise. */
export async function userFromAccessToken(context: AppLoadContext, token: string): Promise<SessionUser | null> {
  const { sessionSecret } = getSettings(context.cloudflare.env);
  const payload = await verifyToken<AccessPayload>(token, sessionSecret);
  if (!payload || payload.typ !== "access" || typeof payload.sub !== "string" || typeof payload.fam !== "string") return null;
  const db = getDb(context);
  const liveFamily = db
    .select({ one: sql`1` })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, payload.fam), eq(refreshTokens.userId, users.id), isNull(refreshTokens.revokedAt)));
  const row = await db
    .select(sessionUserColumns)
    .from(users)
    .where(and(eq(users.id, payload.sub), eq(users.status, "Active"), exists(liveFamily)))
    .get();
  return row ?? null;
}

/** Issues a new token pair (a new family, whose id links the page session started with it). */
export async function issueTokens(context: AppLoadContext, userId: string) {
  const id = newId();
  const refreshToken = randomToken();
  await getDb(context)
    .insert(refreshTokens)
    .values({ id, tokenHash: await sha256Hex(refreshToken), userId, familyId: id, expiresAt: Date.now() + REFRESH_TOKEN_TTL_MS });
  return { accessToken: await signAccessToken(context, userId, id), refreshToken, familyId: id };
}

export type RefreshResult = { ok: true; accessToken: string; refreshToken: string } | { ok: false };

/**
 * Rotates a refresh token: the presented one is marked replaced and a new one issued in the same
 * family. Presenting an already-replaced token (a replay) revokes the whole family.
 */
export async function rotateRefreshToken(context: AppLoadContext, presented: string): Promise<RefreshResult> {
  if (!/^[0-9a-f]{64}$/.test(presented)) return { ok: false };
  const db = getDb(context);
  const hash = await sha256Hex(presented);
  const row = await db
    .select({
      id: refreshTokens.id,
      userId: refreshTokens.userId,
      familyId: refreshTokens.familyId,
      expiresAt: refreshTokens.expiresAt,
      revokedAt: refreshTokens.revokedAt,
      replacedBy: refreshTokens.replacedBy,
    })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(and(eq(refreshTokens.tokenHash, hash), eq(users.status, "Active")))
    .get();
  if (!row || row.revokedAt || row.expiresAt <= Date.now()) return { ok: false };
  if (row.replacedBy) {
    await revokeFamily(context, row.familyId);
    return { ok: false };
  }
  const nextId = newId();
  const nextToken = randomToken();
  const nextHash = await sha256Hex(nextToken);
  const [claimed] = await db.batch([
    db
      .update(refreshTokens)
      .set({ replacedBy: nextId })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.replacedBy), isNull(refreshTokens.revokedAt))),
    // The successor is inserted only if this batch's claim above won: it is selected from the
    // presented token's row, which carries `replaced_by = nextId` only then.
    db.insert(refreshTokens).select(
      db
        .select({
          id: sql`${nextId}`.as("id"),
          tokenHash: sql`${nextHash}`.as("token_hash"),
          userId: refreshTokens.userId,
          familyId: refreshTokens.familyId,
          expiresAt: sql`${Date.now() + REFRESH_TOKEN_TTL_MS}`.as("expires_at"),
          revokedAt: sql`null`.as("revoked_at"),
          replacedBy: sql`null`.as("replaced_by"),
          createdAt: nowMs.as("created_at"),
        })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.id, row.id), eq(refreshTokens.replacedBy, nextId))),
    ),
  ]);
  if (!claimed.meta.changes) return { ok: false };
  return { ok: true, accessToken: await signAccessToken(context, row.userId, row.familyId), refreshToken: nextToken };
}

/** Ends one sign-in: the family's tokens and the page session issued with them, in one batch. */
export async function revokeFamily(context: AppLoadContext, familyId: string) {
  const db = getDb(context);
  await db.batch([
    db
      .update(refreshTokens)
      .set({ revokedAt: Date.now() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt))),
    db.delete(sessions).where(eq(sessions.familyId, familyId)),
  ]);
}

/** The family id inside a (valid) access token, for logout. */
export async function accessTokenFamily(context: AppLoadContext, token: string): Promise<string | null> {
  const payload = await verifyToken<AccessPayload>(token, getSettings(context.cloudflare.env).sessionSecret);
  return payload?.typ === "access" ? payload.fam : null;
}
