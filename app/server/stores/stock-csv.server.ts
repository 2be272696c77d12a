/**
 * A store's stock CSV read into checked rows by the documents worker, behind the INVOICE_PDF
 * service binding (decision 049): csv-parse (14 KB gzip) is for the admins' imports only, and every
 * storefront request loads the storefront worker's whole script (≤ 400 KB gzip).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { Refusal } from "~/lib/refusal";
import type { StockCsvResult } from "~/lib/stock-csv";

const UNAVAILABLE = "The CSV cannot be read just now: try again in a minute";

/** The rows of the text, or the one error that refuses it (app/lib/stock-csv-parse.ts). */
export async function parseStockCsv(context: AppLoadContext, text: string): Promise<StockCsvResult> {
  const documents = context.cloudflare.env.INVOICE_PDF;
  if (!documents) throw new Refusal(UNAVAILABLE, 503);
  const res = await documents.fetch("https://documents/stock-csv", { method: "POST", headers: { "Content-Type": "text/csv; charset=utf-8" }, body: text });
  if (!res.ok) throw new Refusal(UNAVAILABLE, 503);
  return (await res.json()) as StockCsvResult;
}
