/**
 * CSV stock import per store (issue 12, decision 020). Two steps, nothing written by the first:
 *
 * 1. Preview: the parsed rows are matched against the catalogue (by id, else by name ignoring ASCII
 *    case) with each product's stock at the store now, in one round trip. Every row gets its product
 *    and new stock, or its error (unknown product, ambiguous name, duplicate, bad stock...). The valid
 *    rows form the plan `[product id, new stock, stock now]`, which the page carries to step 2 with a
 *    signed token naming the store, a fresh import id and the plan's SHA-256.
 * 2. Confirm: the token must verify and match the plan and the store (else 400: tampered), be at most
 *    PREVIEW_TTL_MS old (else 409: stale), and the stock at the store must still be what the preview
 *    showed for every row, every product still existing (else 409: stale, nothing written). Then ONE
 *    batch records the import (its id is the preview's: a second confirm fails on the primary key and
 *    rolls back) and upserts every row's stock.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, exists, not, sql, type SQLWrapper } from "drizzle-orm";
import { products, stockImports, stores, storeStock, nowMs } from "~/db/schema";
import { isId, newId } from "~/lib/ids";
import { stockImportPlanSchema, type StockImportPlan } from "~/lib/schemas/stock-import";
import type { StockCsvRow } from "~/lib/stock-csv";
import { sha256Hex, signToken, verifyToken } from "~/server/platform/crypto.server";
import { getDb } from "~/server/db/db.server";
import { getSettings } from "~/server/platform/env.server";

/** How long a preview may wait for its confirmation. */
const PREVIEW_TTL_MS = 30 * 60 * 1000;

const TOKEN_TYPE = "stock-import";

const importStoreColumns = { id: stores.id, name: stores.name, city: stores.city, active: stores.active };

/** The store an import page is for, or undefined: one round trip. */
export async function storeForImport(context: AppLoadContext, storeId: string) {
  return getDb(context).select(importStoreColumns).from(stores).where(eq(stores.id, storeId)).get();
}

/** SQLite's lower() folds ASCII letters only: names are compared the same way on both sides. */
const asciiLower = (value: string) => value.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** `value in (…)` for a JSON array bound as ONE parameter (D1 allows 100 per statement). */
const inJsonArray = (value: SQLWrapper, items: string[]) => sql`${value} in (select value from json_each(${JSON.stringify(items)}))`;

type PreviewRow = StockCsvRow & {
  match: { id: string; name: string } | null;
  /** The product's stock at the store now (null: no row, i.e. 0). */
  now: number | null;
};

export type StockImportPreview = {
  store: { id: string; name: string; city: string };
  rows: PreviewRow[];
  valid: number;
  /** The plan as JSON and its signed token; absent when no row is valid. */
  confirm: { plan: string; token: string } | null;
};

const ROW_ERRORS = {
  unknown: "No product with this id or name",
  ambiguous: (n: number) => `${n} products have this name: use the product id`,
  duplicate: (line: number) => `Duplicate: line ${line} already sets this product`,
} as const;

/**
 * Matches the rows to products and their stock at the store, and signs the plan of the valid rows.
 * Returns null when there is no such store. One D1 round trip.
 */
export async function previewStockImport(context: AppLoadContext, storeId: string, csvRows: StockCsvRow[]): Promise<StockImportPreview | null> {
  const db = getDb(context);
  const keys = csvRows.filter((r) => !r.error).map((r) => r.product);
  const [[store], candidates] = await db.batch([
    db.select(importStoreColumns).from(stores).where(eq(stores.id, storeId)),
    db
      .select({ id: products.id, name: products.name, now: storeStock.stock })
      .from(products)
      .leftJoin(storeStock, and(eq(storeStock.productId, products.id), eq(storeStock.storeId, storeId)))
      .where(sql`${inJsonArray(products.id, keys.filter(isId))} or ${inJsonArray(sql`lower(${products.name})`, keys.map(asciiLower))}`),
  ]);
  if (!store) return null;

  const byId = new Map(candidates.map((c) => [c.id, c]));
  const byName = new Map<string, typeof candidates>();
  for (const c of candidates) byName.set(asciiLower(c.name), [...(byName.get(asciiLower(c.name)) ?? []), c]);
  const seen = new Map<string, number>();
  const rows = csvRows.map((row): PreviewRow => {
    if (row.error) return { ...row, match: null, now: null };
    const named = byName.get(asciiLower(row.product)) ?? [];
    const found = (isId(row.product) ? byId.get(row.product) : undefined) ?? (named.length === 1 ? named[0] : undefined);
    if (!found) return { ...row, stock: null, match: null, now: null, error: named.length > 1 ? ROW_ERRORS.ambiguous(named.length) : ROW_ERRORS.unknown };
    const match = { id: found.id, name: found.name };
    const earlier = seen.get(found.id);
    if (earlier !== undefined) return { ...row, stock: null, match, now: found.now, error: ROW_ERRORS.duplicate(earlier) };
    seen.set(found.id, row.line);
    return { ...row, match, now: found.now };
  });

  const plan: StockImportPlan = [];
  for (const r of rows) if (r.match && !r.error && r.stock !== null) plan.push([r.match.id, r.stock, r.now]);
  const valid = plan.length;
  const { active: _active, ...storeInfo } = store;
  if (!valid) return { store: storeInfo, rows, valid, confirm: null };
  const planJson = JSON.stringify(plan);
  const token = await signToken(
    { typ: TOKEN_TYPE, i: newId(), s: storeId, n: store.name, h: await sha256Hex(planJson), iat: Date.now(), exp: Date.now() + PREVIEW_TTL_MS },
    getSettings(context.cloudflare.env).sessionSecret,
  );
  return { store: storeInfo, rows, valid, confirm: { plan: planJson, token } };
}

interface ImportToken {
  typ: string;
  i: string;
  s: string;
  /** The store's name, for the confirmation message. */
  n: string;
  h: string;
  iat: number;
  exp: number;
}

export type ConfirmOutcome = { status: "applied"; rows: number; storeName: string } | { status: "tampered" | "stale" | "expired" | "already-applied" };

/**
 * Applies a confirmed preview in ONE batch, or nothing. Never trusts the plan: it must hash to the
 * token's, and the token must verify and name this store.
 */
export async function confirmStockImport(
  context: AppLoadContext,
  storeId: string,
  { token, plan: planJson }: { token: string; plan: string },
  userId: string,
): Promise<ConfirmOutcome> {
  const secret = getSettings(context.cloudflare.env).sessionSecret;
  // The token is checked without its expiry first, to tell a stale preview from a forged one.
  const payload = await verifyToken<ImportToken>(token, secret, 0);
  if (!payload || payload.typ !== TOKEN_TYPE || payload.s !== storeId || !isId(payload.i)) return { status: "tampered" };
  if (payload.h !== (await sha256Hex(planJson))) return { status: "tampered" };
  if (payload.exp <= Date.now()) return { status: "expired" };
  let plan: StockImportPlan;
  try {
    plan = stockImportPlanSchema.parse(JSON.parse(planJson));
  } catch {
    return { status: "tampered" };
  }

  const db = getDb(context);
  const planParam = JSON.stringify(plan);
  const planRows = sql`json_each(${planParam})`;
  const planProduct = sql`json_extract(value, '$[0]')`;
  // A planned product that is gone, or whose stock at the store is no longer what the preview showed.
  const changedSincePreview = sql`exists (select 1 from ${planRows}
    where not exists (select 1 from ${products} where ${products.id} = ${planProduct})
       or (select ${storeStock.stock} from ${storeStock} where ${storeStock.storeId} = ${storeId} and ${storeStock.productId} = ${planProduct})
          is not json_extract(value, '$[2]'))`;
  // Recorded by this very request (a recorded import with another nonce is an earlier confirm).
  const nonce = newId();
  const recorded = db
    .select({ one: sql`1` })
    .from(stockImports)
    .where(and(eq(stockImports.id, payload.i), eq(stockImports.nonce, nonce)));
  try {
    const [inserted] = await db.batch([
      db
        .insert(stockImports)
        .select(
          db
            .select({
              id: sql<string>`${payload.i}`.as("id"),
              storeId: stores.id,
              rows: sql<number>`${plan.length}`.as("rows"),
              appliedBy: sql<string>`${userId}`.as("applied_by"),
              nonce: sql<string>`${nonce}`.as("nonce"),
              createdAt: nowMs.as("created_at"),
            })
            .from(stores)
            .where(and(eq(stores.id, storeId), not(changedSincePreview))),
        )
        .returning({ id: stockImports.id }),
      db
        .insert(storeStock)
        .select(
          db
            .select({
              storeId: sql<string>`${storeId}`.as("store_id"),
              productId: products.id,
              // From a { product id: stock } object: no correlated subquery (insert … select names columns unqualified).
              stock:
                sql<number>`json_extract(${JSON.stringify(Object.fromEntries(plan.map(([id, stock]) => [id, stock])))}, '$."' || ${products.id} || '"')`.as(
                  "stock",
                ),
            })
            .from(products)
            .where(
              and(
                inJsonArray(
                  products.id,
                  plan.map(([id]) => id),
                ),
                exists(recorded),
              ),
            ),
        )
        .onConflictDoUpdate({ target: [storeStock.storeId, storeStock.productId], set: { stock: sql`excluded.${sql.identifier(storeStock.stock.name)}` } }),
    ]);
    if (!inserted.length) return { status: "stale" };
  } catch (error) {
    if (/stock_imports\.id|UNIQUE constraint failed: stock_imports/i.test(String((error as { cause?: unknown })?.cause ?? error)))
      return { status: "already-applied" };
    throw error;
  }
  return { status: "applied", rows: plan.length, storeName: String(payload.n) };
}
