import { Form, Link } from "@remix-run/react";

interface StockPreviewRow {
  line: number;
  product: string;
  name: string | null;
  stock: number | null;
  now: number | null;
  /** The shelf location the row sets; null: left as it is. */
  bin: string | null;
  error: string | null;
}

export interface StockPreviewPage {
  importId: string;
  rows: number;
  valid: number;
  /** Valid rows that set a shelf location. */
  bins: number;
  errors: number;
  /** 0-based. */
  page: number;
  pages: number;
  errorsOnly: boolean;
  pageRows: StockPreviewRow[];
  confirmed: {
    applied: number;
    unchanged: number;
    notApplied: { line: number; name: string | null; stock: number | null; now: number | null; current: number | null; kind: string }[];
  } | null;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/**
 * Step 2 of a store's CSV stock import: the preview kept server-side, 100 rows a page (all rows or
 * only the errors), with plain links between pages, and the confirm button (nothing is applied
 * before it is pressed). Once confirmed: what was applied, and the rows changed since the preview.
 */
export function StockImportPreview({ storeName, preview }: { storeName: string; preview: StockPreviewPage }) {
  const { importId, valid, bins, errors, page, pages, errorsOnly, pageRows, confirmed } = preview;
  const href = (p: number, onlyErrors = errorsOnly) => `?import=${importId}&page=${p + 1}${onlyErrors ? "&show=errors" : ""}`;
  return (
    <section aria-labelledby="preview-title" className="grid gap-3">
      <h2 id="preview-title" className="text-base font-semibold">
        Preview: {plural(valid, "product", "products")} to update at {storeName}
        {bins ? `, ${plural(bins, "shelf location", "shelf locations")} to set` : ""}
        {errors ? `, ${plural(errors, "row", "rows")} with errors (skipped)` : ""}
      </h2>
      {confirmed ? (
        <div role="status" className="grid gap-2 rounded-lg border border-green-700 bg-green-50 p-3 text-sm">
          <p className="font-medium">
            Imported: {plural(confirmed.applied, "product", "products")} updated, {confirmed.unchanged.toLocaleString("en-US")} already right
            {confirmed.notApplied.length ? `, ${plural(confirmed.notApplied.length, "row", "rows")} not applied` : ""}.
          </p>
          {confirmed.notApplied.length ? (
            <>
              <p>These rows changed since the preview (a sale, another import), so they kept the stock they have now:</p>
              <ul className="list-disc pl-5">
                {confirmed.notApplied.map((row) => (
                  <li key={row.line}>
                    Line {row.line}, {row.name ?? "a product"}:{" "}
                    {row.kind === "unknown"
                      ? "the product was deleted"
                      : `${row.now ?? 0} at the preview, ${row.current ?? 0} now (the CSV said ${row.stock ?? 0})`}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
      <nav aria-label="Preview rows" className="flex flex-wrap items-center gap-3 text-sm">
        {errorsOnly ? (
          <Link to={href(0, false)}>Show all rows</Link>
        ) : errors ? (
          <Link to={href(0, true)}>Show only the {plural(errors, "row", "rows")} with errors</Link>
        ) : null}
        <span>
          Page {page + 1} of {pages}
        </span>
        {page > 0 ? (
          <Link to={href(page - 1)} rel="prev">
            Previous page
          </Link>
        ) : null}
        {page + 1 < pages ? (
          <Link to={href(page + 1)} rel="next">
            Next page
          </Link>
        ) : null}
      </nav>
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
            <th scope="col" className="p-2">
              Shelf location
            </th>
          </tr>
        </thead>
        <tbody>
          {pageRows.map((row) => (
            <tr key={row.line} className={`border-b border-neutral-100 ${row.error ? "bg-red-50" : ""}`}>
              <td className="p-2">{row.line}</td>
              <td className="break-all p-2">{row.product || "—"}</td>
              <td className="p-2">{row.name ?? "—"}</td>
              <td className="p-2">{row.name ? (row.now ?? 0) : "—"}</td>
              <td className={`p-2 ${row.error ? "text-red-700" : "font-medium"}`}>{row.error ?? row.stock}</td>
              <td className="p-2">{row.error ? "—" : (row.bin ?? <span className="text-neutral-600">unchanged</span>)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {confirmed ? null : valid ? (
        <Form method="post" action={`?import=${importId}`} className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="importId" value={importId} />
          <button type="submit" name="intent" value="confirm" className="rounded bg-green-700 px-4 py-2 text-white hover:bg-green-800">
            Confirm import of {plural(valid, "product", "products")}
          </button>
          <p className="text-sm text-neutral-700">
            Rows with errors are skipped. A row whose stock changes before you confirm (a sale) is not applied and is listed; its shelf location is still set.
          </p>
        </Form>
      ) : (
        <p className="text-sm text-red-700">No row can be imported: fix the CSV and preview again.</p>
      )}
    </section>
  );
}
