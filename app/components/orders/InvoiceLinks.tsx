/** "Download invoice" on an order view (decision 031): only once the order is delivered; then each credit note issued against it (decision 044). */
export function InvoiceLinks({ order }: { order: { id: string; status: string; creditNotes?: string | null } }) {
  if (order.status !== "delivered") return null;
  const notes = creditNotesOf(order.creditNotes);
  return (
    <>
      <p className="flex flex-wrap gap-3 text-sm">
        <a href={`/invoice/${order.id}/pdf`} className="rounded-md bg-brand px-3 py-2 font-semibold text-white" download data-testid="download-invoice">
          Download invoice
        </a>
        <a href={`/invoice/${order.id}`} className="rounded-md border border-neutral-300 px-3 py-2">
          Printable invoice
        </a>
      </p>
      {notes.length ? (
        <ul className="grid gap-2 text-sm" aria-label="Credit notes">
          {notes.map((note) => (
            <li key={note.id} className="flex flex-wrap items-center gap-3">
              <span>Credit note {note.number}</span>
              <a href={`/credit-note/${note.id}/pdf`} className="rounded-md border border-neutral-300 px-3 py-2" download data-testid="download-credit-note">
                Download credit note
              </a>
              <a href={`/credit-note/${note.id}`} className="underline">
                Printable credit note
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** The order's `creditNotes` column (JSON `[{ id, number }]`), tolerant of an order read without it. */
function creditNotesOf(json: string | null | undefined): { id: string; number: string }[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((n): n is { id: string; number: string } => typeof n?.id === "string" && typeof n?.number === "string") : [];
  } catch {
    return [];
  }
}
