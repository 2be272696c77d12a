/**
 * The CSV stock import of a store (`/dashboard/stores/:storeId/stock`, decision 020): the upload
 * form (a file or pasted text) and the confirm form (the signed preview).
 */
import * as z from "zod";
import { ID_PATTERN } from "~/lib/ids";
import { MAX_STOCK, STOCK_CSV_ERRORS, STOCK_CSV_MAX_BYTES, STOCK_CSV_MAX_ROWS } from "~/lib/stock-csv";

const NEED_CSV = "Paste the CSV or choose a file";

/** Step 1: a file, or text pasted into the box (a file wins when both are sent). */
export const stockCsvFormSchema = z
  .object({
    csv: z.string().max(STOCK_CSV_MAX_BYTES, STOCK_CSV_ERRORS.tooLarge).optional(),
    file: z.instanceof(File).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.file && value.file.size > STOCK_CSV_MAX_BYTES) ctx.addIssue({ code: "custom", path: ["file"], message: STOCK_CSV_ERRORS.tooLarge });
    if (!value.file && !value.csv?.trim()) ctx.addIssue({ code: "custom", path: ["csv"], message: NEED_CSV });
  });

/** Step 2: the preview as the server signed it (`token`) and the rows it covers (`plan`). */
export const stockImportConfirmSchema = z.object({
  token: z.string().min(1).max(2048),
  // A plan row is at most ~50 characters: the limit leaves room and stops nothing honest.
  plan: z
    .string()
    .min(2)
    .max(STOCK_CSV_MAX_ROWS * 64),
});

/** What the confirm step applies: [product id, new stock, stock when previewed (null: no row)]. */
export const stockImportPlanSchema = z
  .array(z.tuple([z.string().regex(ID_PATTERN), z.number().int().min(0).max(MAX_STOCK), z.number().int().min(0).nullable()]))
  .min(1)
  .max(STOCK_CSV_MAX_ROWS);

export type StockImportPlan = z.infer<typeof stockImportPlanSchema>;
