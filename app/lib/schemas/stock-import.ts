/**
 * The CSV stock import of a store (`/dashboard/stores/:storeId/stock`, decision 020): the upload
 * form (a file or pasted text), the preview page's query and the confirm form (the preview's id).
 */
import * as z from "zod";
import { ID_PATTERN } from "~/lib/ids";
import { STOCK_CSV_ERRORS, STOCK_CSV_MAX_BYTES } from "~/lib/stock-csv";

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

/** Step 2: the preview to apply (kept server-side, named by its id). */
export const stockImportConfirmSchema = z.object({ importId: z.string().regex(ID_PATTERN) });

/** The preview page's query: `?import=<id>&page=<n>&show=errors`. */
export const stockImportPageSchema = z.object({
  import: z.string().regex(ID_PATTERN),
  page: z.coerce.number().int().min(1).max(1000).catch(1),
  show: z.enum(["all", "errors"]).catch("all"),
});
