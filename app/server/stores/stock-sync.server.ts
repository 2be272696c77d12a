/**
 * The bulk stock engine (decision 024), shared by `POST /api/store/stock-sync` and
 * the confirm step of the CSV import.
 *
 * Rows are applied in chunks of CHUNK_ROWS, each chunk ONE D1 batch (atomic), every statement of it
 * set-based over `json_each(?)` (one bound JSON parameter: D1 allows 100 per statement):
 *   1. the chunk's marker `stock_sync_chunks (sync, chunk)` with its counts: its primary key refuses
 *      a chunk applied before (a retry, or a copy of the request running at the same time), and the
 *      whole batch then rolls back;
 *   2. the rows not applied (unknown product, compare-and-set conflict, below zero) with the stock then;
 *   3. one upsert of every row to apply;
 *   4. one upsert of the shelf locations (`bin`) of the rows that name a known product,
 *      whatever their stock's outcome (a bin is where the product is, not how many there are).
 * All three read the stock in the same batch, so what is reported is what was decided, and a sale
 * (a delta in its own batch) is never overwritten by a value read before it.
 *
 * The sync's row `stock_syncs (store, idempotency key)` is made first (insert … on conflict do
 * nothing): the same key again finds it, skips the chunks already applied and answers from what the
 * chunks recorded, so a retry after any failure, or two copies at once, apply each row once and give
 * the same answer. The same key with another body is 422.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, lt, sql, type SQL } from "drizzle-orm";
import { productBins, products, stockSyncChunks, stockSyncIssues, stockSyncs, stores, storeStock, nowMs } from "~/db/schema";
import { isId, newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import type { StockSyncBody } from "~/lib/schemas/stock-sync";
import { getDb } from "~/server/db/db.server";
import { sha256Hex } from "~/server/platform/crypto.server";
import { claimRestocks, flagRestocks, type ClaimedRestocks } from "./stock-writes.server";

/**
 * Rows per chunk (one batch each). Measured at 20,000 rows (decision 024): 1,000 → 20 batches,
 * 2,500 → 8, 5,000 → 4; 2,500 keeps a 20,000-row sync within 30 D1 queries (the free plan allows 50
 * per request) and each batch well under D1's 30 s statement limit.
 */
const CHUNK_ROWS = 2500;

/**
 * How long an `Idempotency-Key` is remembered (decision 024): a store's next sync deletes its syncs
 * older than this (their chunk and issue rows cascade). A retry within it applies nothing twice; the
 * same key after it is a new sync.
 */
const SYNC_KEY_TTL_MS = 7 * 86_400_000;

type SyncRowReason = "unknown" | "duplicate" | "conflict" | "below-zero";

interface SyncRowError {
  /** The row's position in `rows` (0-based). */
  index: number;
  productId: string;
  /** The row's barcode, when it named its product by barcode. */
  barcode?: string;
  reason: SyncRowReason;
  message: string;
  /** The stock at the store when the row was refused (conflict, below zero). */
  stock?: number;
}

export interface SyncAnswer {
  /** Rows written. */
  applied: number;
  /** Rows that already said what the store had (nothing written). */
  unchanged: number;
  /** Compare-and-set rows refused because the stock was no longer `expected`. */
  conflicts: number;
  /** Every row not applied, in row order (conflicts included, with the stock now). */
  errors: SyncRowError[];
  /** Shelf locations written (rows with a `bin` naming a known product, whatever their stock's outcome). */
  bins: number;
}

export interface SyncRequest {
  storeId: string;
  body: StockSyncBody;
  /** The caller's Idempotency-Key (scoped to the store); none: the sync is new. */
  key: string | null;
  source: "api" | "csv";
  userId?: string | null;
  tokenId?: string | null;
}

/** A planned row: [index in the body, product id, stock or delta, expected stock or null, shelf location or null]. */
type Planned = [number, string, number, number | null, string | null];

const MESSAGES = {
  unknown: "No product with this id",
  unknownBarcode: "No product with this barcode",
  duplicate: (first: number) => `Duplicate: row ${first} already names this product (nothing applied for this row)`,
  conflict: (now: number, expected: number) => `The stock here is ${now} now, not the expected ${expected}: not applied`,
  belowZero: (now: number, delta: number) => `The stock here is ${now}: ${delta} would take it below 0, so it was not applied`,
};

/**
 * The product ids of the rows that name their product by barcode (one read); a code no product has
 * is left out. Which product a code names is read before the chunks, like an id typed by the chain:
 * a product deleted since is then an unknown row of its chunk.
 */
async function productsByBarcode(context: AppLoadContext, body: StockSyncBody): Promise<Map<string, string>> {
  const codes = [...new Set(body.rows.flatMap((row) => (row.barcode ? [row.barcode] : [])))];
  if (!codes.length) return new Map();
  const rows = await getDb(context)
    .select({ id: products.id, barcode: products.barcode })
    .from(products)
    .where(sql`${products.barcode} in (select value from json_each(${JSON.stringify(codes)}))`);
  return new Map(rows.map((row) => [row.barcode!, row.id]));
}

/** The rows to send to D1 and the errors decided from the body alone (duplicates, malformed ids, unknown barcodes). */
function plan(body: StockSyncBody, byBarcode: Map<string, string>): { planned: Planned[]; early: SyncRowError[] } {
  const planned: Planned[] = [];
  const early: SyncRowError[] = [];
  const first = new Map<string, number>();
  body.rows.forEach((row, index) => {
    const { barcode } = row;
    if (barcode !== undefined && !byBarcode.has(barcode)) {
      return void early.push({ index, productId: "", barcode, reason: "unknown", message: MESSAGES.unknownBarcode });
    }
    const productId = barcode !== undefined ? byBarcode.get(barcode)! : row.productId!;
    if (!isId(productId)) return void early.push({ index, productId, reason: "unknown", message: MESSAGES.unknown });
    const earlier = first.get(productId);
    if (earlier !== undefined) return void early.push({ index, productId, reason: "duplicate", message: MESSAGES.duplicate(earlier) });
    first.set(productId, index);
    if ("delta" in row) planned.push([index, productId, row.delta, null, row.bin ?? null]);
    else planned.push([index, productId, row.stock, row.expected ?? null, row.bin ?? null]);
  });
  return { planned, early };
}

/**
 * The outcome of every row of a chunk against the stock now, as a CTE `x (idx, pid, cur, nxt,
 * outcome)`: the three statements of a chunk's batch each start with it. Raw SQL over schema names:
 * Drizzle's builder cannot express this select (decision 019 allows `sql` fragments built from
 * schema columns).
 */
function outcomes(storeId: string, mode: "set" | "delta", chunkJson: string): SQL {
  const next = mode === "set" ? sql`v` : sql`cur + v`;
  return sql`with r as (
      select json_extract(value, '$[0]') as idx, json_extract(value, '$[1]') as pid,
             json_extract(value, '$[2]') as v, json_extract(value, '$[3]') as exp
      from json_each(${chunkJson})
    ), c as (
      select r.*,
        exists (select 1 from ${products} where ${products.id} = r.pid) as known,
        coalesce((select ${storeStock.stock} from ${storeStock} where ${storeStock.storeId} = ${storeId} and ${storeStock.productId} = r.pid), 0) as cur
      from r
    ), x as (
      select idx, pid, cur, ${next} as nxt,
        case
          when not known then 'unknown'
          when exp is not null and cur <> exp then 'conflict'
          when ${next} < 0 then 'below-zero'
          when ${next} = cur then 'unchanged'
          else 'apply'
        end as outcome
      from c
    )`;
}

/**
 * The four statements of one chunk (see the header), in order. Each is `insert into t (every
 * column of t) with … select …`: the outcomes CTE lives inside the insert's select.
 */
function chunkStatements(context: AppLoadContext, syncId: string, chunk: number, storeId: string, mode: "set" | "delta", rows: Planned[]) {
  const db = getDb(context);
  const json = JSON.stringify(rows);
  const x = () => outcomes(storeId, mode, json);
  return [
    db
      .insert(stockSyncChunks)
      .select(sql`${x()} select ${syncId}, ${chunk}, coalesce(sum(outcome = 'apply'), 0), coalesce(sum(outcome = 'unchanged'), 0) from x`),
    db.insert(stockSyncIssues).select(
      sql`${x()} select ${syncId}, idx, pid, outcome, case when outcome = 'unknown' then null else cur end from x
        where outcome in ('unknown', 'conflict', 'below-zero')`,
    ),
    db
      .insert(storeStock)
      .select(sql`${x()} select ${storeId}, pid, nxt from x where outcome = 'apply'`)
      .onConflictDoUpdate({ target: [storeStock.storeId, storeStock.productId], set: { stock: sql`excluded.${sql.identifier(storeStock.stock.name)}` } }),
    // Known products only: `product_bins_product_exists` would abort the batch for an unknown one.
    db
      .insert(productBins)
      .select(
        sql`select ${storeId}, json_extract(value, '$[1]'), json_extract(value, '$[4]') from json_each(${json})
          where json_extract(value, '$[4]') is not null and exists (select 1 from ${products} where ${products.id} = json_extract(value, '$[1]'))`,
      )
      .onConflictDoUpdate({ target: [productBins.storeId, productBins.productId], set: { bin: sql`excluded.${sql.identifier(productBins.bin.name)}` } }),
  ] as const;
}

/**
 * Whether a chunk's marker is recorded. The marker's primary key refuses a second batch of the same
 * chunk, which then rolls back whole: a marker there after a failed batch means another attempt
 * applied the chunk.
 */
async function chunkApplied(context: AppLoadContext, syncId: string, chunk: number): Promise<boolean> {
  const row = await getDb(context)
    .select({ chunk: stockSyncChunks.chunk })
    .from(stockSyncChunks)
    .where(and(eq(stockSyncChunks.syncId, syncId), eq(stockSyncChunks.chunk, chunk)))
    .get();
  return Boolean(row);
}

/**
 * Applies a sync (or finds the one already made with this key) and answers what happened to every
 * row. Throws a Refusal: 404 (no such store), 422 (the key was used with another body).
 */
export async function runStockSync(context: AppLoadContext, request: SyncRequest): Promise<SyncAnswer> {
  const { storeId, body } = request;
  const db = getDb(context);
  const { planned, early } = plan(body, await productsByBarcode(context, body));
  const bodyHash = await sha256Hex(JSON.stringify({ mode: body.mode, rows: body.rows }));
  const key = request.key ?? `auto:${newId()}`;
  const chunks: Planned[][] = [];
  for (let start = 0; start < planned.length; start += CHUNK_ROWS) chunks.push(planned.slice(start, start + CHUNK_ROWS));

  const bySyncKey = and(eq(stockSyncs.storeId, storeId), eq(stockSyncs.idempotencyKey, key));
  const [, , [sync], done] = await db.batch([
    db.delete(stockSyncs).where(and(eq(stockSyncs.storeId, storeId), lt(stockSyncs.createdAt, Date.now() - SYNC_KEY_TTL_MS))),
    db
      .insert(stockSyncs)
      .select(
        db
          .select({
            id: sql<string>`${newId()}`.as("id"),
            storeId: stores.id,
            idempotencyKey: sql<string>`${key}`.as("idempotency_key"),
            bodyHash: sql<string>`${bodyHash}`.as("body_hash"),
            mode: sql<"set" | "delta">`${body.mode}`.as("mode"),
            source: sql<"api" | "csv">`${request.source}`.as("source"),
            rows: sql<number>`${body.rows.length}`.as("rows"),
            chunks: sql<number>`${chunks.length}`.as("chunks"),
            userId: sql<string | null>`${request.userId ?? null}`.as("user_id"),
            tokenId: sql<string | null>`${request.tokenId ?? null}`.as("token_id"),
            createdAt: nowMs.as("created_at"),
          })
          .from(stores)
          .where(eq(stores.id, storeId)),
      )
      .onConflictDoNothing(),
    db.select({ id: stockSyncs.id, bodyHash: stockSyncs.bodyHash }).from(stockSyncs).where(bySyncKey),
    db.select({ chunk: stockSyncChunks.chunk }).from(stockSyncChunks).innerJoin(stockSyncs, eq(stockSyncs.id, stockSyncChunks.syncId)).where(bySyncKey),
  ]);
  if (!sync) throw new Refusal("No such store", 404);
  if (sync.bodyHash !== bodyHash) throw new Refusal("This Idempotency-Key was already used with another body: send the same body again, or use a new key", 422);

  const applied = new Set(done.map((d) => d.chunk));
  for (const [index, rows] of chunks.entries()) {
    if (applied.has(index)) continue;
    try {
      // Claims the restocks the chunk recorded ("Notify me"), handed on after the answer.
      const results = await db.batch([...chunkStatements(context, sync.id, index, storeId, body.mode, rows), claimRestocks(db)]);
      flagRestocks(context, results[results.length - 1] as ClaimedRestocks);
    } catch (error) {
      // Another copy of this request applied the chunk since the read above: its batch decided.
      if (!(await chunkApplied(context, sync.id, index))) throw error;
    }
  }
  return answerOf(context, sync.id, body, early);
}

/** The sync's answer, from what its chunks recorded (the same for the first request and every retry). */
async function answerOf(context: AppLoadContext, syncId: string, body: StockSyncBody, early: SyncRowError[]): Promise<SyncAnswer> {
  const db = getDb(context);
  const [[counts], issues] = await db.batch([
    db
      .select({
        applied: sql<number>`coalesce(sum(${stockSyncChunks.applied}), 0)`.mapWith(Number),
        unchanged: sql<number>`coalesce(sum(${stockSyncChunks.unchanged}), 0)`.mapWith(Number),
      })
      .from(stockSyncChunks)
      .where(eq(stockSyncChunks.syncId, syncId)),
    db
      .select({ index: stockSyncIssues.rowIndex, productId: stockSyncIssues.productId, kind: stockSyncIssues.kind, stock: stockSyncIssues.stock })
      .from(stockSyncIssues)
      .where(eq(stockSyncIssues.syncId, syncId))
      .orderBy(asc(stockSyncIssues.rowIndex)),
  ]);
  const recorded = issues.map((issue): SyncRowError => {
    const row = body.rows[issue.index];
    const now = issue.stock ?? 0;
    if (issue.kind === "conflict") {
      const expected = row && "expected" in row ? (row.expected ?? 0) : 0;
      return { index: issue.index, productId: issue.productId, reason: "conflict", message: MESSAGES.conflict(now, expected), stock: now };
    }
    if (issue.kind === "below-zero") {
      const delta = row && "delta" in row ? row.delta : 0;
      return { index: issue.index, productId: issue.productId, reason: "below-zero", message: MESSAGES.belowZero(now, delta), stock: now };
    }
    return { index: issue.index, productId: issue.productId, reason: "unknown", message: MESSAGES.unknown };
  });
  const errors = [...early, ...recorded]
    .map((error) => {
      const barcode = body.rows[error.index]?.barcode;
      return barcode && !error.barcode ? { ...error, barcode } : error;
    })
    .sort((a, b) => a.index - b.index);
  const noBin = new Set(errors.filter((e) => e.reason === "unknown" || e.reason === "duplicate").map((e) => e.index));
  return {
    bins: body.rows.filter((row, index) => row.bin && !noBin.has(index)).length,
    applied: counts?.applied ?? 0,
    unchanged: counts?.unchanged ?? 0,
    conflicts: recorded.filter((e) => e.reason === "conflict").length,
    errors,
  };
}
