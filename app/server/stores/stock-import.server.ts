/**
 * CSV stock import per store (decisions 020 and 024): a whole store (20,000 rows) in two steps.
 *
 * 1. Preview: the parsed rows are matched against the catalogue (by id, else by barcode (decision
 *    042: EAN-13 or UPC-A with a valid check digit), else by name ignoring ASCII case) with each product's stock at the store now (one round trip), and the preview is kept in
 *    D1, `stock_import_previews` + one `stock_import_rows` row per CSV row (a second round trip, one
 *    batch). The page shows it 100 rows at a time, all rows or only the errors. Nothing else is written.
 * 2. Confirm: the preview's valid rows go through the bulk engine (`runStockSync`) as compare-and-set
 *    rows, each expecting the stock the preview showed: a row whose stock changed since (a sale, another
 *    import) is reported and not applied, every other row applies. A row's shelf location (the CSV's
 *    optional third column) is written with it, even when its stock is not (decision 027). The idempotency key is the
 *    preview's id, so confirming twice (or 10 times at once) applies it once and answers alike.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, gte, isNotNull, lt, sql, type SQLWrapper } from "drizzle-orm";
import { products, stockImportPreviews, stockImportRows, stockSyncChunks, stockSyncIssues, stockSyncs, stores, storeStock } from "~/db/schema";
import { normalizeBarcode } from "~/lib/barcode";
import { isId, newId } from "~/lib/ids";
import type { StockCsvRow } from "~/lib/stock-csv";
import { getDb } from "~/server/db/db.server";
import { runStockSync, type SyncAnswer } from "./stock-sync.server";

/** How long a preview may wait for its confirmation; older previews are deleted by the next preview. */
const PREVIEW_TTL_MS = 24 * 60 * 60 * 1000;
/** Rows per page of a preview. */
const PREVIEW_PAGE_ROWS = 100;
/** Rows per insert statement when the preview is written (one bound JSON parameter each). */
const WRITE_CHUNK_ROWS = 2500;

const importStoreColumns = { id: stores.id, name: stores.name, city: stores.city, active: stores.active };

/** The store an import page is for, or undefined: one round trip. */
export async function storeForImport(context: AppLoadContext, storeId: string) {
  return getDb(context).select(importStoreColumns).from(stores).where(eq(stores.id, storeId)).get();
}

/** SQLite's lower() folds ASCII letters only: names are compared the same way on both sides. */
const asciiLower = (value: string) => value.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** `value in (…)` for a JSON array bound as ONE parameter (D1 allows 100 per statement). */
const inJsonArray = (value: SQLWrapper, items: string[]) => sql`${value} in (select value from json_each(${JSON.stringify(items)}))`;

/** A row as the preview keeps it. */
type PreviewRow = StockCsvRow & {
  match: { id: string; name: string } | null;
  /** The product's stock at the store now (null: no row, i.e. 0). */
  now: number | null;
};

const ROW_ERRORS = {
  unknown: "No product with this id, barcode or name",
  ambiguous: (n: number) => `${n} products have this name: use the product id`,
  duplicate: (line: number) => `Duplicate: line ${line} already sets this product`,
} as const;

/**
 * Matches the rows to products and their stock at the store, and keeps the preview in D1. Returns its
 * id, or null when there is no such store. Two D1 round trips (a read, then one batch of writes).
 */
export async function previewStockImport(context: AppLoadContext, storeId: string, csvRows: StockCsvRow[], userId: string): Promise<string | null> {
  const db = getDb(context);
  const keys = csvRows.filter((r) => !r.error).map((r) => r.product);
  const codes = keys.flatMap((key) => normalizeBarcode(key) ?? []);
  const [[store], candidates] = await db.batch([
    db.select(importStoreColumns).from(stores).where(eq(stores.id, storeId)),
    db
      .select({ id: products.id, name: products.name, barcode: products.barcode, now: storeStock.stock })
      .from(products)
      .leftJoin(storeStock, and(eq(storeStock.productId, products.id), eq(storeStock.storeId, storeId)))
      .where(
        sql`${inJsonArray(products.id, keys.filter(isId))} or ${inJsonArray(products.barcode, codes)} or ${inJsonArray(sql`lower(${products.name})`, keys.map(asciiLower))}`,
      ),
  ]);
  if (!store) return null;

  const byId = new Map(candidates.map((c) => [c.id, c]));
  const byBarcode = new Map(candidates.flatMap((c) => (c.barcode ? [[c.barcode, c] as const] : [])));
  const byName = new Map<string, typeof candidates>();
  for (const c of candidates) byName.set(asciiLower(c.name), [...(byName.get(asciiLower(c.name)) ?? []), c]);
  const seen = new Map<string, number>();
  const rows = csvRows.map((row): PreviewRow => {
    if (row.error) return { ...row, match: null, now: null };
    const named = byName.get(asciiLower(row.product)) ?? [];
    const code = normalizeBarcode(row.product);
    const found =
      (isId(row.product) ? byId.get(row.product) : undefined) ?? (code ? byBarcode.get(code) : undefined) ?? (named.length === 1 ? named[0] : undefined);
    if (!found) return { ...row, stock: null, match: null, now: null, error: named.length > 1 ? ROW_ERRORS.ambiguous(named.length) : ROW_ERRORS.unknown };
    const match = { id: found.id, name: found.name };
    const earlier = seen.get(found.id);
    if (earlier !== undefined) return { ...row, stock: null, match, now: found.now, error: ROW_ERRORS.duplicate(earlier) };
    seen.set(found.id, row.line);
    return { ...row, match, now: found.now };
  });

  // [seq, line, product as written, product id, name, stock, now, error, error seq, valid seq, bin] (the table's column order)
  let errors = 0;
  let valid = 0;
  let bins = 0;
  const stored = rows.map((r, seq) => {
    const ok = r.match && !r.error && r.stock !== null;
    if (ok && r.bin) bins++;
    return [
      seq,
      r.line,
      r.product,
      r.match?.id ?? null,
      r.match?.name ?? null,
      r.stock,
      r.now,
      r.error,
      ok ? null : errors++,
      ok ? valid++ : null,
      r.error ? null : r.bin,
    ];
  });
  const id = newId();
  const field = (i: number) => sql.raw(`json_extract(value, '$[${i}]')`);
  const writes = [];
  for (let start = 0; start < stored.length; start += WRITE_CHUNK_ROWS) {
    const json = JSON.stringify(stored.slice(start, start + WRITE_CHUNK_ROWS));
    writes.push(
      db
        .insert(stockImportRows)
        .select(
          sql`select ${id}, ${field(0)}, ${field(1)}, ${field(2)}, ${field(3)}, ${field(4)}, ${field(5)}, ${field(6)}, ${field(7)}, ${field(8)}, ${field(9)}, ${field(10)} from json_each(${json})`,
        ),
    );
  }
  await db.batch([
    // Previews are kept for PREVIEW_TTL_MS: the next preview (any store) deletes older ones and their rows.
    db.delete(stockImportPreviews).where(lt(stockImportPreviews.createdAt, Date.now() - PREVIEW_TTL_MS)),
    db.insert(stockImportPreviews).values({ id, storeId, createdBy: userId, rows: rows.length, valid, bins }),
    ...writes,
  ]);
  return id;
}

/** The idempotency key of a preview's confirmation (the preview's id: it applies once). */
const confirmKey = (importId: string) => `csv:${importId}`;

/**
 * One page of a preview (`errorsOnly`: of its rows with an error), with its confirmation's outcome
 * once confirmed. Null when there is no such preview for this store (or it expired). One round trip.
 */
export async function readPreviewPage(context: AppLoadContext, storeId: string, importId: string, { page, errorsOnly }: { page: number; errorsOnly: boolean }) {
  const db = getDb(context);
  const from = page * PREVIEW_PAGE_ROWS;
  const seqColumn = errorsOnly ? stockImportRows.errorSeq : stockImportRows.seq;
  const syncOf = and(eq(stockSyncs.storeId, storeId), eq(stockSyncs.idempotencyKey, confirmKey(importId)));
  const [[preview], rows, [outcome], issues] = await db.batch([
    db
      .select({ rows: stockImportPreviews.rows, valid: stockImportPreviews.valid, bins: stockImportPreviews.bins, createdAt: stockImportPreviews.createdAt })
      .from(stockImportPreviews)
      .where(
        and(eq(stockImportPreviews.id, importId), eq(stockImportPreviews.storeId, storeId), gte(stockImportPreviews.createdAt, Date.now() - PREVIEW_TTL_MS)),
      ),
    db
      .select({
        line: stockImportRows.line,
        product: stockImportRows.product,
        productId: stockImportRows.productId,
        name: stockImportRows.name,
        stock: stockImportRows.stock,
        now: stockImportRows.now,
        bin: stockImportRows.bin,
        error: stockImportRows.error,
      })
      .from(stockImportRows)
      .where(and(eq(stockImportRows.importId, importId), gte(seqColumn, from), lt(seqColumn, from + PREVIEW_PAGE_ROWS)))
      .orderBy(asc(seqColumn)),
    db
      .select({
        applied: sql<number>`coalesce(sum(${stockSyncChunks.applied}), 0)`.mapWith(Number),
        unchanged: sql<number>`coalesce(sum(${stockSyncChunks.unchanged}), 0)`.mapWith(Number),
        createdAt: stockSyncs.createdAt,
      })
      .from(stockSyncs)
      .leftJoin(stockSyncChunks, eq(stockSyncChunks.syncId, stockSyncs.id))
      .where(syncOf)
      .groupBy(stockSyncs.id),
    // The rows not applied at confirmation (changed since the preview, or the product gone), first 500.
    db
      // Both tables have a `stock` column: D1's batch answers objects keyed by name, so one is aliased.
      .select({
        line: stockImportRows.line,
        name: stockImportRows.name,
        stock: stockImportRows.stock,
        now: stockImportRows.now,
        current: sql<number | null>`${stockSyncIssues.stock}`.as("current_stock"),
        kind: stockSyncIssues.kind,
      })
      .from(stockSyncIssues)
      .innerJoin(stockSyncs, eq(stockSyncs.id, stockSyncIssues.syncId))
      .innerJoin(stockImportRows, and(eq(stockImportRows.importId, importId), eq(stockImportRows.validSeq, stockSyncIssues.rowIndex)))
      .where(syncOf)
      .orderBy(asc(stockSyncIssues.rowIndex))
      .limit(500),
  ]);
  if (!preview) return null;
  const errors = preview.rows - preview.valid;
  const total = errorsOnly ? errors : preview.rows;
  return {
    importId,
    rows: preview.rows,
    valid: preview.valid,
    bins: preview.bins,
    errors,
    page,
    pages: Math.max(1, Math.ceil(total / PREVIEW_PAGE_ROWS)),
    errorsOnly,
    pageRows: rows,
    confirmed: outcome ? { applied: outcome.applied, unchanged: outcome.unchanged, notApplied: issues } : null,
  };
}

export type ConfirmOutcome = { status: "applied"; answer: SyncAnswer } | { status: "gone" | "empty" };

/**
 * Applies a preview's valid rows as compare-and-set rows through the bulk engine (decision 024), once
 * per preview. Two round trips plus one per 2,500 rows.
 */
export async function confirmStockImport(context: AppLoadContext, storeId: string, importId: string, userId: string): Promise<ConfirmOutcome> {
  const db = getDb(context);
  const [[preview], rows] = await db.batch([
    db
      .select({ id: stockImportPreviews.id })
      .from(stockImportPreviews)
      .where(
        and(eq(stockImportPreviews.id, importId), eq(stockImportPreviews.storeId, storeId), gte(stockImportPreviews.createdAt, Date.now() - PREVIEW_TTL_MS)),
      ),
    db
      .select({ productId: stockImportRows.productId, stock: stockImportRows.stock, now: stockImportRows.now, bin: stockImportRows.bin })
      .from(stockImportRows)
      .where(and(eq(stockImportRows.importId, importId), isNotNull(stockImportRows.validSeq)))
      .orderBy(asc(stockImportRows.validSeq)),
  ]);
  if (!preview) return { status: "gone" };
  const planned = rows.flatMap((r) =>
    r.productId && r.stock !== null ? [{ productId: r.productId, stock: r.stock, expected: r.now ?? 0, ...(r.bin ? { bin: r.bin } : {}) }] : [],
  );
  if (!planned.length) return { status: "empty" };
  const answer = await runStockSync(context, {
    storeId,
    body: { storeId, mode: "set", rows: planned },
    key: confirmKey(importId),
    source: "csv",
    userId,
  });
  return { status: "applied", answer };
}
