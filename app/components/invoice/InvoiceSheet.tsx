import type { InvoiceDocument } from "~/lib/invoice/document";
import { invoiceDate, isCreditNote } from "~/lib/invoice/document";
import { formatInvoiceAmount } from "~/lib/money";

/** The invoice as issued, as a printable page (decisions 031, 038); the PDF worker draws the same document. A credit note (decision 044) is the same sheet with its reversed amounts labelled so. */
export function InvoiceSheet({ invoice, pdfHref, backHref }: { invoice: InvoiceDocument; pdfHref: string; backHref: string }) {
  const { lines, totals, intraState } = invoice.maths;
  const credit = isCreditNote(invoice);
  const reversed = (label: string) => (credit ? `${label} reversed` : label);
  const taxColumns = (intraState ? ["CGST", "SGST"] : ["IGST"]).map(reversed);
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
          {invoice.title}
        </h1>
        <dl className="grid grid-cols-[auto_auto] gap-x-3 text-right">
          <dt>{credit ? "Credit note no." : "Invoice no."}</dt>
          <dd className="font-mono font-semibold" data-testid="invoice-number">
            {invoice.number}
          </dd>
          <dt>Date</dt>
          <dd>{invoiceDate(invoice.date)}</dd>
          <dt>Order</dt>
          <dd>{invoice.orderNumber}</dd>
          {invoice.against ? (
            <>
              <dt>Against invoice</dt>
              <dd data-testid="credit-note-against">
                No. {invoice.against.number} dated {invoiceDate(invoice.against.date)}
              </dd>
            </>
          ) : null}
        </dl>
      </header>
      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-label="Seller">
          <h2 className="font-semibold">Sold by</h2>
          <p>{invoice.seller.name}</p>
          <p className="text-neutral-600">{invoice.seller.storeName}</p>
          {invoice.seller.address.map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p>
            State: {invoice.seller.state || "—"} {invoice.seller.stateCode ? `(${invoice.seller.stateCode})` : ""}
          </p>
          <p>
            GSTIN: <span className="font-mono">{invoice.seller.gstin || "not registered"}</span>
          </p>
          <p>
            FSSAI licence no.: <span className="font-mono">{invoice.seller.fssaiLicence || "not given"}</span>
          </p>
        </section>
        <section aria-label="Buyer">
          <h2 className="font-semibold">Billed and shipped to</h2>
          <p>{invoice.buyer.name}</p>
          {invoice.buyer.address.map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p>
            State: {invoice.buyer.state || "—"} {invoice.buyer.stateCode ? `(${invoice.buyer.stateCode})` : ""}
          </p>
          <p>Mobile: {invoice.buyer.mobile}</p>
          <p>Place of supply: {invoice.placeOfSupply}</p>
        </section>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-xs">
          <caption className="sr-only">Invoice lines</caption>
          <thead>
            <tr className="border-b border-neutral-300 text-left">
              <th scope="col">#</th>
              <th scope="col">Item</th>
              <th scope="col">HSN</th>
              <th scope="col" className="text-right">
                Qty
              </th>
              <th scope="col" className="text-right">
                Rate
              </th>
              <th scope="col" className="text-right">
                Discount
              </th>
              <th scope="col" className="text-right">
                {reversed("Taxable value")}
              </th>
              <th scope="col" className="text-right">
                GST
              </th>
              {taxColumns.map((c) => (
                <th key={c} scope="col" className="text-right">
                  {c}
                </th>
              ))}
              <th scope="col" className="text-right">
                {credit ? "Value reversed" : "Total"}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, i) => (
              <tr key={`${i}-${line.name}`} className="border-b border-neutral-100" data-testid="invoice-line">
                <td>{i + 1}</td>
                <td>{line.name}</td>
                <td className="font-mono">{line.hsn || "—"}</td>
                <td className="text-right">{credit && !line.quantity ? "—" : line.quantity}</td>
                <td className="text-right">{credit && !line.quantity ? "—" : formatInvoiceAmount(line.unitPrice)}</td>
                <td className="text-right">{formatInvoiceAmount(line.discount)}</td>
                <td className="text-right">{formatInvoiceAmount(line.taxable)}</td>
                <td className="text-right">{line.gstRate}%</td>
                {intraState ? (
                  <>
                    <td className="text-right">{formatInvoiceAmount(line.cgst)}</td>
                    <td className="text-right">{formatInvoiceAmount(line.sgst)}</td>
                  </>
                ) : (
                  <td className="text-right">{formatInvoiceAmount(line.igst)}</td>
                )}
                <td className="text-right">{formatInvoiceAmount(line.value)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t border-neutral-300 font-semibold">
              <th scope="row" colSpan={5} className="text-left">
                Total
              </th>
              <td className="text-right">{formatInvoiceAmount(totals.discount)}</td>
              <td className="text-right" data-testid="invoice-taxable">
                {formatInvoiceAmount(totals.taxable)}
              </td>
              <td />
              {intraState ? (
                <>
                  <td className="text-right" data-testid="invoice-cgst">
                    {formatInvoiceAmount(totals.cgst)}
                  </td>
                  <td className="text-right" data-testid="invoice-sgst">
                    {formatInvoiceAmount(totals.sgst)}
                  </td>
                </>
              ) : (
                <td className="text-right" data-testid="invoice-igst">
                  {formatInvoiceAmount(totals.igst)}
                </td>
              )}
              <td className="text-right">{formatInvoiceAmount(totals.invoiceValue)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-label="Tax summary">
          <h2 className="font-semibold">Tax summary</h2>
          <ul>
            {totals.byRate.map((r) => (
              <li key={r.rate}>
                GST {r.rate}%: taxable {formatInvoiceAmount(r.taxable)},{" "}
                {intraState
                  ? `CGST ${r.rate / 2}% ${formatInvoiceAmount(r.cgst)} + SGST ${r.rate / 2}% ${formatInvoiceAmount(r.sgst)}`
                  : `IGST ${r.rate}% ${formatInvoiceAmount(r.igst)}`}
              </li>
            ))}
          </ul>
        </section>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
          <dt>{credit ? "Items credited (GST included)" : "Items (GST included)"}</dt>
          <dd className="text-right">{formatInvoiceAmount(totals.gross)}</dd>
          {totals.discount ? (
            <>
              <dt>Discount (coupon)</dt>
              <dd className="text-right" data-testid="invoice-discount">
                −{formatInvoiceAmount(totals.discount)}
              </dd>
            </>
          ) : null}
          <dt className="font-semibold">{credit ? "Value of supply reversed" : "Invoice value"}</dt>
          <dd className="text-right font-semibold" data-testid="invoice-value">
            {formatInvoiceAmount(totals.invoiceValue)}
          </dd>
          {totals.tip ? (
            <>
              <dt>{credit ? "Tip refunded" : "Tip for the delivery partner"} (not a supply of the seller, no GST)</dt>
              <dd className="text-right" data-testid="invoice-tip">
                {formatInvoiceAmount(totals.tip)}
              </dd>
            </>
          ) : null}
          {totals.roundOff ? (
            <>
              <dt>Round off (cash in whole rupees)</dt>
              <dd className="text-right" data-testid="invoice-round-off">
                {totals.roundOff < 0 ? "−" : "+"}
                {formatInvoiceAmount(Math.abs(totals.roundOff))}
              </dd>
            </>
          ) : null}
          <dt className="font-semibold">{credit ? "Amount refunded" : "Amount paid"}</dt>
          <dd className="text-right font-semibold" data-testid="invoice-paid">
            {formatInvoiceAmount(totals.amountPaid)}
          </dd>
        </dl>
      </div>
      <p className="text-xs text-neutral-600">
        {credit ? "Issued under section 34 of the CGST Act for the refund of the supply invoiced above: the taxable value and tax shown are reversed. " : ""}
        Payment: {invoice.paymentMethod}. Prices include GST. Supply made by the seller named above; delivery is free. This is a computer-generated{" "}
        {credit ? "credit note" : "invoice"} and needs no signature.
      </p>
    </article>
  );
}
