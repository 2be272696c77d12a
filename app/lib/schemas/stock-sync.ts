/**
 * `POST /api/store/stock-sync` (decision 024): a store's stock in bulk, as a chain's systems send it.
 *
 * - mode "set" (the default): rows `{ productId, stock, expected? }`. With `expected` a row is a
 *   compare-and-set (applied only while the stock there is still `expected`, no row counting as 0);
 *   without it the row's stock is written whatever the stock is (the chain's own count wins).
 * - mode "delta": rows `{ productId, delta }`, applied as stock + delta; a row that would go below 0
 *   is reported and not applied.
 * - either mode: a row names its product by `productId` or by `barcode` (EAN-13 or UPC-A, decision
 *   042), one of the two;
 * - either mode: a row may carry `bin`, the product's shelf location at the store: written
 *   for every row naming a known product, whatever happens to its stock; empty or left out: unchanged.
 */
import * as z from "zod";
import { barcodeSchema } from "~/lib/barcode";
import { ID_PATTERN } from "~/lib/ids";
import { shelfLocationSchema } from "~/lib/shelf-location";
import { MAX_STOCK } from "~/lib/stock-csv";

/** The most rows one sync may carry: a whole store of a chain. */
const STOCK_SYNC_MAX_ROWS = 20_000;
/** The largest body: 20,000 rows of `{"productId":"…","stock":100000,"expected":100000}` are ~1.4 MB. */
export const STOCK_SYNC_MAX_BYTES = 4 * 1024 * 1024;

const productId = z.string().min(1, "productId is required").max(64, "productId is at most 64 characters");
const stock = z.number().int().min(0).max(MAX_STOCK);

/** The product's shelf location at the store (decision 027); left out or empty: the bin stays as it is. */
const bin = shelfLocationSchema.transform((value) => value || undefined).optional();

/** A row names its product once: by id, or by the barcode on its pack. */
const named = <T extends z.ZodType<{ productId?: string; barcode?: string }>>(row: T) =>
  row.refine((r) => (r.productId === undefined) !== (r.barcode === undefined), "Each row names its product by productId or by barcode (one of the two)");

const setRow = named(
  z.object({ productId: productId.optional(), barcode: barcodeSchema.optional(), stock, expected: z.number().int().min(0).optional(), bin }),
);
const deltaRow = named(
  z.object({ productId: productId.optional(), barcode: barcodeSchema.optional(), delta: z.number().int().min(-MAX_STOCK).max(MAX_STOCK), bin }),
);

const rows = <T extends z.ZodType>(row: T) =>
  z.array(row).min(1, "Send at least one row").max(STOCK_SYNC_MAX_ROWS, `At most ${STOCK_SYNC_MAX_ROWS} rows per sync: split the store into several syncs`);

const storeId = z.string().regex(ID_PATTERN, "storeId is a store's id (24 hex characters)");

const stockSyncBodySchema = z.discriminatedUnion("mode", [
  z.object({ storeId, mode: z.literal("set"), rows: rows(setRow) }),
  z.object({ storeId, mode: z.literal("delta"), rows: rows(deltaRow) }),
]);

/** The body as sent: `mode` may be left out (it is then "set"). */
export const stockSyncRequestSchema = z.preprocess(
  (value) => (value && typeof value === "object" && !Array.isArray(value) && !("mode" in value) ? { ...value, mode: "set" } : value),
  stockSyncBodySchema,
);

export type StockSyncBody = z.output<typeof stockSyncBodySchema>;

/** An `Idempotency-Key`: 1 to 255 visible ASCII characters (a UUID, a batch number...). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
