/** "Download invoice" on an order view (decision 031): only once the order is delivered. */
export function InvoiceLinks({ order }: { order: { id: string; status: string } }) {
  if (order.status !== "delivered") return null;
  return (
    <p className="flex flex-wrap gap-3 text-sm">
      <a href={`/invoice/${order.id}/pdf`} className="rounded-md bg-brand px-3 py-2 font-semibold text-white" download data-testid="download-invoice">
        Download invoice
      </a>
      <a href={`/invoice/${order.id}`} className="rounded-md border border-neutral-300 px-3 py-2">
        Printable invoice
      </a>
    </p>
  );
}
