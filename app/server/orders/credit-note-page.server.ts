/** The credit note's page routes (decision 044): the printable HTML page and its PDF, for the same readers as the invoice. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { isId } from "~/lib/ids";
import { paiseToRupees } from "~/lib/money";
import { Refusal } from "~/lib/refusal";
import { requireUser, type SessionUser } from "~/server/identity/auth.server";
import { readCreditNote, type ReadCreditNote } from "./credit-notes.server";

/** The credit note for a page: guests go to the login page; an unknown note or one the user may not read is 404. */
export async function pageCreditNote(request: Request, context: AppLoadContext, noteId: string | undefined) {
  const user = await requireUser(request, context);
  if (!isId(noteId)) throw new Refusal("Credit note not found", 404);
  const { document, order } = await readCreditNote(context, user, noteId);
  return { creditNote: document, backHref: orderPageFor(user, order) };
}

/** Where "Back to the order" goes for this reader: the shopper's order page, the store's queue, or the admin board. */
function orderPageFor(user: SessionUser, order: { id: string; userId: string; storeId: string }): string {
  if (user.id === order.userId) return `/dashboard/myorders/${order.id}`;
  if (user.role !== "ADMIN") return `/dashboard/stores/${order.storeId}/queue/${order.id}`;
  return `/dashboard/orders?order=${order.id}`;
}

/** A credit note as /api answers it: the frozen document's figures, money in rupees. */
export function serializeCreditNote({ id, document }: ReadCreditNote) {
  const { lines, totals } = document.maths;
  const isoDate = (ms: number) => new Date(ms).toISOString();
  const money = (paise: number) => paiseToRupees(paise);
  const taxes = (of: { taxable: number; cgst: number; sgst: number; igst: number }) => ({
    taxable: money(of.taxable),
    cgst: money(of.cgst),
    sgst: money(of.sgst),
    igst: money(of.igst),
  });
  return {
    _id: id,
    number: document.number,
    date: isoDate(document.date),
    against: document.against ? { number: document.against.number, date: isoDate(document.against.date) } : null,
    intraState: document.maths.intraState,
    lines: lines.map((line) => ({ name: line.name, hsn: line.hsn, gstRate: line.gstRate, quantity: line.quantity, ...taxes(line), value: money(line.value) })),
    ...taxes(totals),
    value: money(totals.invoiceValue),
    tip: money(totals.tip),
    roundOff: money(totals.roundOff ?? 0),
    amount: money(totals.amountPaid),
    pdf: `/api/order/credit-note?_id=${id}`,
  };
}
