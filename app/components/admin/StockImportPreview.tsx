import { Form } from "@remix-run/react";

export interface StockPreviewRow {
  line: number;
  product: string;
  stock: number | null;
  error: string | null;
  match: { id: string; name: string } | null;
  now: number | null;
}

/**
 * Step 2 of a store's CSV stock import: every row with its product and new stock, or its error,
 * and the confirm button carrying the signed preview (nothing is applied before it is pressed).
 */
export function StockImportPreview({
  storeName,
  rows,
  valid,
  confirm,
}: {
  storeName: string;
  rows: StockPreviewRow[];
  valid: number;
  confirm: { plan: string; token: string } | null;
}) {
  const errors = rows.length - valid;
  return (
    <section aria-labelledby="preview-title" className="grid gap-3">
      <h2 id="preview-title" className="text-base font-semibold">
        Preview: {valid} {valid === 1 ? "product" : "products"} to update at {storeName}
        {errors ? `, ${errors} ${errors === 1 ? "row" : "rows"} with errors (skipped)` : ""}
      </h2>
      <table className="w-full bg-white text-left text-sm shadow-sm">
        <thead>
          <tr className="border-b border-neutral-200">
            <th scope="col" className="p-2">
              Line
            </th>
            <th scope="col" className="p-2">
              In the CSV
            </th>
            <th scope="col" className="p-2">
              Product
            </th>
            <th scope="col" className="p-2">
              Stock now
            </th>
            <th scope="col" className="p-2">
              New stock or error
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.line} className={`border-b border-neutral-100 ${row.error ? "bg-red-50" : ""}`}>
              <td className="p-2">{row.line}</td>
              <td className="break-all p-2">{row.product || "—"}</td>
              <td className="p-2">{row.match?.name ?? "—"}</td>
              <td className="p-2">{row.match ? (row.now ?? 0) : "—"}</td>
              <td className={`p-2 ${row.error ? "text-red-700" : "font-medium"}`}>{row.error ?? row.stock}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {confirm ? (
        <Form method="post" className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="token" value={confirm.token} />
          <input type="hidden" name="plan" value={confirm.plan} />
          <button type="submit" name="intent" value="confirm" className="rounded bg-green-700 px-4 py-2 text-white hover:bg-green-800">
            Confirm import of {valid} {valid === 1 ? "product" : "products"}
          </button>
          <p className="text-sm text-neutral-700">Rows with errors are skipped. Fix the CSV and preview again to include them.</p>
        </Form>
      ) : (
        <p className="text-sm text-red-700">No row can be imported: fix the CSV and preview again.</p>
      )}
    </section>
  );
}
