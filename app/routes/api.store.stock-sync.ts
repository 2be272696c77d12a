import { Refusal } from "~/lib/refusal";
import { IDEMPOTENCY_KEY_PATTERN, STOCK_SYNC_MAX_BYTES, stockSyncRequestSchema } from "~/lib/schemas/stock-sync";
import { apiAction } from "~/server/api/api-route.server";
import { apiSuccess, methodNotAllowed, readJson } from "~/server/http/api.server";
import { runStockSync } from "~/server/stores/stock-sync.server";
import { requireSyncCaller } from "~/server/identity/sync-tokens.server";

/**
 * POST /api/store/stock-sync `{ storeId, mode?: "set" | "delta", rows }` (decision 024): up to
 * 20,000 rows of a store's stock, atomically per chunk. Callers: an admin, or the store's own
 * integration token (`Authorization: Bearer fdst_…`; another store's is 403, a revoked one 401).
 * `Idempotency-Key` (required in "delta" mode, optional in "set"): the same key and body again
 * answers the first sync's outcome without applying it again; with another body, 422.
 *
 * A row may carry `bin`, the product's shelf location at the store (decision 027): set for
 * every row naming a known product, whatever happens to its stock; left out or empty: unchanged.
 *
 * data: `{ applied, unchanged, conflicts, bins, errors: [{ index, productId, reason, message, stock? }] }`.
 */
export const loader = () => methodNotAllowed("POST");

export const action = apiAction({ method: "POST", auth: "anyone" }, async ({ request, context }) => {
  const caller = await requireSyncCaller(request, context);
  const body = await readJson(request, stockSyncRequestSchema, { maxBytes: STOCK_SYNC_MAX_BYTES });
  if (caller.kind === "token" && caller.storeId !== body.storeId) throw new Refusal("This integration token is for another store", 403);
  const key = request.headers.get("Idempotency-Key");
  if (key !== null && !IDEMPOTENCY_KEY_PATTERN.test(key)) throw new Refusal("Idempotency-Key is 1 to 255 visible ASCII characters", 400);
  if (key === null && body.mode === "delta") throw new Refusal("A delta sync needs an Idempotency-Key header, so that a retry cannot apply it twice", 400);
  const answer = await runStockSync(context, {
    storeId: body.storeId,
    body,
    // Namespaced, so no caller's key can be a CSV confirmation's (`csv:<preview id>`).
    key: key === null ? null : `api:${key}`,
    source: "api",
    userId: caller.kind === "admin" ? caller.userId : null,
    tokenId: caller.kind === "token" ? caller.tokenId : null,
  });
  const refused = answer.errors.length;
  return apiSuccess(answer, {
    message: `Stock sync: ${answer.applied} applied, ${answer.unchanged} unchanged${refused ? `, ${refused} not applied (see errors)` : ""}${answer.bins ? `, ${answer.bins} shelf locations set` : ""}`,
  });
});
