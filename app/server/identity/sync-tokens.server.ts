/**
 * Integration tokens of a store (decision 024): a chain's system calls `POST /api/store/stock-sync`
 * with `Authorization: Bearer fdst_…` for that store only. An admin creates one on the store's
 * tokens page and sees it once; only its SHA-256 is stored (like refresh tokens). Revoked tokens stay
 * listed (and named by the syncs they made) but open nothing.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { nowMs, storeSyncTokens, stores } from "~/db/schema";
import { newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import { bearerToken, requireApiAdmin } from "./auth.server";
import { getDb } from "~/server/db/db.server";
import { randomToken, sha256Hex } from "~/server/platform/crypto.server";

/** Every integration token starts with this, so it is never mistaken for an access token. */
const SYNC_TOKEN_PREFIX = "fdst_";

const SYNC_TOKEN_PATTERN = /^fdst_[0-9a-f]{64}$/;

/** Who calls a stock sync: an admin (any store) or a store's integration token (its store only). */
export type SyncCaller = { kind: "admin"; userId: string } | { kind: "token"; tokenId: string; storeId: string };

/**
 * The caller of `/api/store/stock-sync`: an integration token (401 when unknown or revoked), else an
 * admin as for any /api admin route (401 / 403).
 */
export async function requireSyncCaller(request: Request, context: AppLoadContext): Promise<SyncCaller> {
  const bearer = bearerToken(request);
  if (bearer?.startsWith(SYNC_TOKEN_PREFIX)) {
    const invalid = new Refusal("This integration token is not valid: it was revoked, or never issued", 401);
    if (!SYNC_TOKEN_PATTERN.test(bearer)) throw invalid;
    const row = await getDb(context)
      .select({ id: storeSyncTokens.id, storeId: storeSyncTokens.storeId })
      .from(storeSyncTokens)
      .where(and(eq(storeSyncTokens.tokenHash, await sha256Hex(bearer)), isNull(storeSyncTokens.revokedAt)))
      .get();
    if (!row) throw invalid;
    return { kind: "token", tokenId: row.id, storeId: row.storeId };
  }
  const user = await requireApiAdmin(request, context);
  return { kind: "admin", userId: user.id };
}

/** A store's tokens, newest first (never the token itself). */
export async function listSyncTokens(context: AppLoadContext, storeId: string) {
  return getDb(context)
    .select({ id: storeSyncTokens.id, label: storeSyncTokens.label, createdAt: storeSyncTokens.createdAt, revokedAt: storeSyncTokens.revokedAt })
    .from(storeSyncTokens)
    .where(eq(storeSyncTokens.storeId, storeId))
    .orderBy(desc(storeSyncTokens.createdAt), desc(storeSyncTokens.id));
}

/** Issues a token for an existing store; returns it (to show once), or null when there is no such store. */
export async function createSyncToken(context: AppLoadContext, storeId: string, label: string, userId: string): Promise<string | null> {
  const token = SYNC_TOKEN_PREFIX + randomToken();
  const db = getDb(context);
  const inserted = await db
    .insert(storeSyncTokens)
    .select(
      db
        .select({
          id: sql<string>`${newId()}`.as("id"),
          storeId: stores.id,
          tokenHash: sql<string>`${await sha256Hex(token)}`.as("token_hash"),
          label: sql<string>`${label}`.as("label"),
          createdBy: sql<string>`${userId}`.as("created_by"),
          createdAt: nowMs.as("created_at"),
          revokedAt: sql<number | null>`null`.as("revoked_at"),
        })
        .from(stores)
        .where(eq(stores.id, storeId)),
    )
    .returning({ id: storeSyncTokens.id });
  return inserted.length ? token : null;
}

/** Revokes one of a store's tokens (once: the first time is kept). */
export async function revokeSyncToken(context: AppLoadContext, storeId: string, tokenId: string) {
  await getDb(context)
    .update(storeSyncTokens)
    .set({ revokedAt: Date.now() })
    .where(and(eq(storeSyncTokens.id, tokenId), eq(storeSyncTokens.storeId, storeId), isNull(storeSyncTokens.revokedAt)));
}
