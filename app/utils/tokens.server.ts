/**
 * /api tokens. Access tokens: 15 minutes, HMAC-SHA256 signed, carrying the user id and the refresh
 * token family they came from (so logout kills them at once). Refresh tokens: random, 30 days,
 * stored hashed, rotated on every use (a reused one is refused), revoked as a family at logout,
 * together with the page session /api/user/login started with them (`sessions.family_id`).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { newId } from "~/lib/ids";
import { randomToken, sha256Hex, signToken, verifyToken } from "./crypto.server";
import { getD1 } from "./db.server";
import { getSettings } from "./env.server";
import { toSessionUser, USER_COLUMNS, type SessionUser } from "./session.server";

export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

interface AccessPayload {
  sub: string;
  fam: string;
  typ: "access";
  exp: number;
}

export async function signAccessToken(context: AppLoadContext, userId: string, familyId: string, now = Date.now()) {
  const { sessionSecret } = getSettings(context.cloudflare.env);
  return signToken({ sub: userId, fam: familyId, typ: "access", exp: now + ACCESS_TOKEN_TTL_MS }, sessionSecret);
}

/** The user behind a valid, unrevoked access token, in one query; null otherwise. */
export async function userFromAccessToken(context: AppLoadContext, token: string): Promise<SessionUser | null> {
  const { sessionSecret } = getSettings(context.cloudflare.env);
  const payload = await verifyToken<AccessPayload>(token, sessionSecret);
  if (!payload || payload.typ !== "access" || typeof payload.sub !== "string" || typeof payload.fam !== "string") return null;
  const row = await getD1(context)
    .prepare(
      `select ${USER_COLUMNS} from users u
        where u.id = ? and u.status = 'Active'
          and exists (select 1 from refresh_tokens r where r.family_id = ? and r.user_id = u.id and r.revoked_at is null)`,
    )
    .bind(payload.sub, payload.fam)
    .first<Parameters<typeof toSessionUser>[0]>();
  return toSessionUser(row);
}

/** Issues a new token pair (a new family, whose id links the page session started with it). */
export async function issueTokens(context: AppLoadContext, userId: string) {
  const id = newId();
  const refreshToken = randomToken();
  await getD1(context)
    .prepare("insert into refresh_tokens (id, token_hash, user_id, family_id, expires_at) values (?, ?, ?, ?, ?)")
    .bind(id, await sha256Hex(refreshToken), userId, id, Date.now() + REFRESH_TOKEN_TTL_MS)
    .run();
  return { accessToken: await signAccessToken(context, userId, id), refreshToken, familyId: id };
}

export type RefreshResult = { ok: true; accessToken: string; refreshToken: string } | { ok: false };

/**
 * Rotates a refresh token: the presented one is marked replaced and a new one issued in the same
 * family. Presenting an already-replaced token (a replay) revokes the whole family.
 */
export async function rotateRefreshToken(context: AppLoadContext, presented: string): Promise<RefreshResult> {
  if (!/^[0-9a-f]{64}$/.test(presented)) return { ok: false };
  const d1 = getD1(context);
  const hash = await sha256Hex(presented);
  const row = await d1
    .prepare(
      `select r.id, r.user_id as userId, r.family_id as familyId, r.expires_at as expiresAt, r.revoked_at as revokedAt,
              r.replaced_by as replacedBy
         from refresh_tokens r join users u on u.id = r.user_id where r.token_hash = ? and u.status = 'Active'`,
    )
    .bind(hash)
    .first<{ id: string; userId: string; familyId: string; expiresAt: number; revokedAt: number | null; replacedBy: string | null }>();
  if (!row || row.revokedAt || row.expiresAt <= Date.now()) return { ok: false };
  if (row.replacedBy) {
    await revokeFamily(context, row.familyId);
    return { ok: false };
  }
  const nextId = newId();
  const nextToken = randomToken();
  const [claimed] = await d1.batch([
    d1.prepare("update refresh_tokens set replaced_by = ? where id = ? and replaced_by is null and revoked_at is null").bind(nextId, row.id),
    d1
      .prepare(
        `insert into refresh_tokens (id, token_hash, user_id, family_id, expires_at)
         select ?, ?, ?, ?, ? where exists (select 1 from refresh_tokens where id = ? and replaced_by = ?)`,
      )
      .bind(nextId, await sha256Hex(nextToken), row.userId, row.familyId, Date.now() + REFRESH_TOKEN_TTL_MS, row.id, nextId),
  ]);
  if (!claimed.meta.changes) return { ok: false };
  return { ok: true, accessToken: await signAccessToken(context, row.userId, row.familyId), refreshToken: nextToken };
}

/** Ends one sign-in: the family's tokens and the page session issued with them, in one batch. */
export async function revokeFamily(context: AppLoadContext, familyId: string) {
  const d1 = getD1(context);
  await d1.batch([
    d1.prepare("update refresh_tokens set revoked_at = ? where family_id = ? and revoked_at is null").bind(Date.now(), familyId),
    d1.prepare("delete from sessions where family_id = ?").bind(familyId),
  ]);
}

/** The family id inside a (valid) access token, for logout. */
export async function accessTokenFamily(context: AppLoadContext, token: string): Promise<string | null> {
  const payload = await verifyToken<AccessPayload>(token, getSettings(context.cloudflare.env).sessionSecret);
  return payload?.typ === "access" ? payload.fam : null;
}
