import { Fragment } from "react";
import { CONTENT_WIDTH, describeDocument, type LayoutColumn, type PrintedDocument } from "~/lib/invoice/layout";

/** Every cell wraps inside its column (a long name breaks, even inside a word), amounts align right. */
function cellClass(column: LayoutColumn): string {
  return [column.align === "right" ? "text-right" : "", column.mono ? "font-mono" : "", "[overflow-wrap:anywhere]"].filter(Boolean).join(" ");
}

/**
 * The document as issued, as a printable page (decisions 031, 038, 045): it renders the one
 * description the PDF worker draws too (app/lib/invoice/layout.ts), so both print the same cells.
 */
export function InvoiceSheet({ invoice, pdfHref, backHref }: { invoice: PrintedDocument; pdfHref: string; backHref: string }) {
  const layout = describeDocument(invoice);
  const { table } = layout;
  return (
    <article className="invoice-sheet mx-auto grid max-w-4xl gap-4 rounded-lg border border-neutral-200 bg-white p-4 text-sm" aria-labelledby="invoice-title">
      <div className="print-hidden flex flex-wrap gap-3">
        <a href={pdfHref} className="rounded-md bg-brand px-3 py-2 font-semibold text-white" download>
          Download PDF
        </a>
        <a href={backHref} className="rounded-md border border-neutral-300 px-3 py-2">
          Back to the order
        </a>
        <span className="self-center text-xs text-neutral-500">Print this page for a paper copy.</span>
      </div>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <h1 id="invoice-title" className="text-xl font-bold">
          {layout.title}
        </h1>
        <dl className="grid grid-cols-[auto_auto] gap-x-3 text-right">
          {layout.headerRows.map((row) => (
            <Fragment key={row.label}>
              <dt>{row.label}</dt>
              <dd className={row.mono ? "font-mono font-semibold" : undefined} data-testid={row.testId}>
                {row.value}
              </dd>
            </Fragment>
          ))}
        </dl>
      </header>
      <div className="grid gap-4 sm:grid-cols-2">
        {layout.parties.map((party) => (
          <section key={party.heading} aria-label={party.ariaLabel} className="min-w-0 [overflow-wrap:anywhere]">
            <h2 className="font-semibold">{party.heading}</h2>
            {party.lines.map((line, i) => (
              <p key={i} className={line.muted ? "text-neutral-600" : undefined}>
                {line.value === undefined ? (
                  line.text
                ) : (
                  <>
                    {line.text}
                    <span className={line.mono ? "font-mono" : undefined}>{line.value}</span>
                  </>
                )}
              </p>
            ))}
          </section>
        ))}
      </div>
      <div className="overflow-x-auto">
        <table className="w-full table-fixed border-collapse text-xs">
          <caption className="sr-only">{table.caption}</caption>
          <colgroup>
            {table.columns.map((column) => (
              <col key={column.title} style={{ width: `${((100 * column.width) / CONTENT_WIDTH).toFixed(2)}%` }} />
            ))}
          </colgroup>
          <thead>
            <tr className="border-b border-neutral-300 text-left">
              {table.columns.map((column) => (
                <th key={column.title} scope="col" className={column.align === "right" ? "text-right" : undefined}>
                  {column.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.body.map((row, i) => (
              <tr key={i} className="border-b border-neutral-100 align-top" data-testid="invoice-line">
                {row.cells.map((cell, c) => (
                  <td key={c} className={cellClass(table.columns[c]!)}>
                    {cell.text}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            {table.foot.map((row, i) => (
              <tr key={i} className="border-t border-neutral-300 font-semibold">
                {row.cells.map((cell, c) =>
                  cell.header ? (
                    <th key={c} scope="row" colSpan={cell.span} className="text-left">
                      {cell.text}
                    </th>
                  ) : cell.text ? (
                    <td key={c} className="text-right" data-testid={cell.testId}>
                      {cell.text}
                    </td>
                  ) : (
                    <td key={c} />
                  ),
                )}
              </tr>
            ))}
          </tfoot>
        </table>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-label={layout.taxSummary.heading}>
          <h2 className="font-semibold">{layout.taxSummary.heading}</h2>
          <ul>
            {layout.taxSummary.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
          {layout.summary.map((row) => (
            <Fragment key={row.label}>
              <dt className={row.strong ? "font-semibold" : undefined}>{row.note ? `${row.label} ${row.note}` : row.label}</dt>
              <dd className={row.strong ? "text-right font-semibold" : "text-right"} data-testid={row.testId}>
                {row.value}
              </dd>
            </Fragment>
          ))}
        </dl>
      </div>
      {layout.notes.map((note) => (
        <p key={note} className="text-xs text-neutral-600">
          {note}
        </p>
      ))}
    </article>
  );
}
