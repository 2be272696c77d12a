/**
 * GST credit notes (decision 044): every refund after an order's invoice is issued gets one, in its
 * own consecutive series per (seller GSTIN, series, financial year), against the invoice (number and
 * date), reversing taxable value and tax per line as the invoice split them. Like the invoice it is
 * frozen at issue: everything it prints is written once to `credit_notes.document` and only that is
 * read back. One note per refund: the refund's id is a unique key, and the issue is one batch.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, notExists, sql } from "drizzle-orm";
import { creditNotes, creditNoteSeriesCounters, invoices, orders, stores } from "~/db/schema";
import { computeCreditNote, CreditRefused, type CreditRequest } from "~/lib/invoice/credit-note";
import type { InvoiceDocument } from "~/lib/invoice/document";
import { financialYear, financialYearCode } from "~/lib/invoice/maths";
import { newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import { type Database, getDb } from "~/server/db/db.server";
import type { SessionUser } from "~/server/identity/auth.server";
import { worksAt } from "~/server/identity/store-access.server";
import { ensureInvoiceIssued } from "./invoice.server";

const NOT_FOUND = "Credit note not found";
const ORDER_NOT_FOUND = "Order not found";

/**
 * How many times an issue is recomputed when another refund's note of the same order was written
 * between its read and its batch (each batch is decided on the notes it read).
 */
const ATTEMPTS = 40;

export interface IssuedCreditNote {
  id: string;
  number: string;
  amount: number;
  /** False when the refund already had its note (a retry): that note is returned. */
  created: boolean;
}

export interface CreditNoteFor extends CreditRequest {
  orderId: string;
  /** The refund's own id (Stripe's refund id, a wallet entry's id…): one credit note per refund. */
  refundId: string;
}

async function noteOfRefund(db: Database, refundId: string) {
  const [row] = await db
    .select({ id: creditNotes.id, number: creditNotes.number, amount: creditNotes.amount, orderId: creditNotes.orderId })
    .from(creditNotes)
    .where(eq(creditNotes.refundId, refundId))
    .limit(1);
  return row ?? null;
}

/**
 * Issues the credit note of one refund made after delivery: `amount` paise back to the shopper,
 * for `lines` of the invoice (index and quantity) or, without them, pro rata over what is left of
 * the invoice. Issues the invoice first if nobody has opened it yet. Idempotent per `refundId`:
 * a retry or parallel calls give the one note. 409 when the order has no invoice (not delivered)
 * or the refund is more than what is left to credit; 404 for an unknown order.
 *
 * Each attempt is ONE batch (D1 runs it atomically and alone), guarded by "no note for this refund
 * yet" and "the order still has the notes this one was computed after": (1) bumps the counter of
 * (GSTIN, series, financial year), (2) writes the note with the counter's value as its number. A
 * batch whose guard failed changed nothing and the note is recomputed; the unique index on
 * `refund_id` and on (GSTIN, year, number) are the last guards.
 */
export async function issueCreditNote(context: AppLoadContext, input: CreditNoteFor): Promise<IssuedCreditNote> {
  const { orderId, refundId } = input;
  if (typeof refundId !== "string" || refundId.length < 1 || refundId.length > 100) throw new Refusal("A refund id is 1 to 100 characters", 400);
  const db = getDb(context);
  const done = async (created: boolean) => {
    const note = await noteOfRefund(db, refundId);
    if (!note) return null;
    if (note.orderId !== orderId) throw new Refusal("This refund already has a credit note on another order", 409);
    if (note.amount !== input.amount) throw new Refusal(`This refund already has its credit note ${note.number}, for another amount`, 409);
    return { id: note.id, number: note.number, amount: note.amount, created };
  };
  const existing = await done(false);
  if (existing) return existing;
  const invoice = await ensureInvoiceIssued(context, orderId);
  const [record] = await db
    .select({ storeId: invoices.storeId, gstin: invoices.gstin, series: invoices.series })
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .limit(1);
  if (!record) throw new Refusal("The invoice could not be issued: try again", 409);
  // A backfilled invoice's series was the old 4-character one; its notes take the store's new code.
  const series = record.series.length <= 3 ? record.series : await storeSeries(db, record.storeId);

  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const earlier = await db.select({ document: creditNotes.document }).from(creditNotes).where(eq(creditNotes.orderId, orderId));
    const retried = await done(false);
    if (retried) return retried;
    let maths: InvoiceDocument["maths"];
    try {
      maths = computeCreditNote(
        invoice.maths,
        earlier.map((note) => (JSON.parse(note.document) as InvoiceDocument).maths),
        input,
      );
    } catch (error) {
      if (error instanceof CreditRefused) throw new Refusal(error.message, error.status);
      throw error;
    }
    const date = Date.now();
    const fy = financialYear(date);
    const document: InvoiceDocument = {
      ...invoice,
      kind: "credit-note",
      title: "Credit note",
      number: "",
      date,
      against: { number: invoice.number, date: invoice.date },
      maths,
    };
    const unissued = and(
      notExists(
        db
          .select({ one: sql`1` })
          .from(creditNotes)
          .where(eq(creditNotes.refundId, refundId)),
      ),
      sql`(select count(*) from ${creditNotes} where ${creditNotes.orderId} = ${orderId}) = ${earlier.length}`,
    );
    const counter = and(eq(creditNoteSeriesCounters.gstin, record.gstin), eq(creditNoteSeriesCounters.series, series), eq(creditNoteSeriesCounters.fy, fy));
    const number = sql<string>`${series} || '/C' || ${financialYearCode(fy)} || '/' || printf('%06d', ${creditNoteSeriesCounters.last})`;
    const [, written] = await db.batch([
      db
        .insert(creditNoteSeriesCounters)
        .select(
          db
            .select({
              gstin: sql<string>`${record.gstin}`.as(creditNoteSeriesCounters.gstin.name),
              series: sql<string>`${series}`.as(creditNoteSeriesCounters.series.name),
              fy: sql<number>`${fy}`.as(creditNoteSeriesCounters.fy.name),
              last: sql<number>`1`.as(creditNoteSeriesCounters.last.name),
            })
            .from(orders)
            .where(and(eq(orders.id, orderId), unissued)),
        )
        .onConflictDoUpdate({
          target: [creditNoteSeriesCounters.gstin, creditNoteSeriesCounters.series, creditNoteSeriesCounters.fy],
          set: { last: sql`${creditNoteSeriesCounters.last} + 1` },
        }),
      db
        .insert(creditNotes)
        .select(
          db
            .select({
              id: sql<string>`${newId()}`.as(creditNotes.id.name),
              refundId: sql<string>`${refundId}`.as(creditNotes.refundId.name),
              orderId: sql<string>`${orderId}`.as(creditNotes.orderId.name),
              storeId: sql<string>`${record.storeId}`.as(creditNotes.storeId.name),
              gstin: sql<string>`${record.gstin}`.as(creditNotes.gstin.name),
              series: sql<string>`${series}`.as(creditNotes.series.name),
              fy: sql<number>`${fy}`.as(creditNotes.fy.name),
              seq: sql<number>`${creditNoteSeriesCounters.last}`.as(creditNotes.seq.name),
              number: sql<string>`${number}`.as(creditNotes.number.name),
              amount: sql<number>`${input.amount}`.as(creditNotes.amount.name),
              document: sql<string>`json_set(${JSON.stringify(document)}, '$.number', ${number})`.as(creditNotes.document.name),
              issuedAt: sql<number>`${date}`.as(creditNotes.issuedAt.name),
            })
            .from(creditNoteSeriesCounters)
            .where(and(counter, unissued)),
        )
        .returning({ id: creditNotes.id }),
    ]);
    const note = await done(written.length > 0);
    if (note) return note;
  }
  throw new Refusal("The credit note could not be issued while other refunds of this order were being credited: try again", 409);
}

async function storeSeries(db: Database, storeId: string): Promise<string> {
  const [row] = await db.select({ series: stores.invoiceSeries }).from(stores).where(eq(stores.id, storeId)).limit(1);
  if (!row?.series) throw new Refusal("This store has no invoice series yet: an admin sets it on the store form", 409);
  return row.series;
}

/** Who may read an order's credit notes: as its invoice (decision 031), its shopper, admins and the serving store's staff. */
function mayRead(user: Pick<SessionUser, "id" | "role" | "staffStoreId"> | null, order: { userId: string; storeId: string | null }): boolean {
  if (!user) return false;
  return user.id === order.userId || worksAt(user, order.storeId);
}

export interface ReadCreditNote {
  id: string;
  document: InvoiceDocument;
  order: { id: string; orderId: string; userId: string; storeId: string };
}

// Every column its own name: a batched select maps its rows by name.
const noteColumns = {
  id: creditNotes.id,
  document: creditNotes.document,
  orderId: creditNotes.orderId,
  orderNumber: sql<string>`${orders.orderId}`.as("order_number"),
  userId: orders.userId,
  storeId: creditNotes.storeId,
  orderStoreId: sql<string | null>`${orders.storeId}`.as("order_store_id"),
};

function asNote(row: { id: string; document: string; orderId: string; orderNumber: string; userId: string; storeId: string }): ReadCreditNote {
  return {
    id: row.id,
    document: JSON.parse(row.document) as InvoiceDocument,
    order: { id: row.orderId, orderId: row.orderNumber, userId: row.userId, storeId: row.storeId },
  };
}

/** One credit note as `user` may read it: 404 for an unknown note or a reader who may not read it. */
export async function readCreditNote(context: AppLoadContext, user: SessionUser | null, noteId: string): Promise<ReadCreditNote> {
  const [row] = await getDb(context)
    .select(noteColumns)
    .from(creditNotes)
    .innerJoin(orders, eq(orders.id, creditNotes.orderId))
    .where(eq(creditNotes.id, noteId))
    .limit(1);
  if (!row || !mayRead(user, { userId: row.userId, storeId: row.orderStoreId })) throw new Refusal(NOT_FOUND, 404);
  return asNote(row);
}

/** An order's credit notes, oldest first, as `user` may read them: 404 for an unknown order or a reader who may not read it. */
export async function readCreditNotes(context: AppLoadContext, user: SessionUser | null, orderId: string): Promise<ReadCreditNote[]> {
  const db = getDb(context);
  const [[order], rows] = await db.batch([
    db.select({ userId: orders.userId, storeId: orders.storeId }).from(orders).where(eq(orders.id, orderId)).limit(1),
    db
      .select(noteColumns)
      .from(creditNotes)
      .innerJoin(orders, eq(orders.id, creditNotes.orderId))
      .where(eq(creditNotes.orderId, orderId))
      .orderBy(asc(creditNotes.seq)),
  ]);
  if (!order || !mayRead(user, order)) throw new Refusal(ORDER_NOT_FOUND, 404);
  return rows.map(asNote);
}

/**
 * The credit note as a PDF, drawn by the invoice worker (INVOICE_PDF, decision 031) from the
 * frozen document. 503 when the binding is missing (`npm run dev`).
 */
export async function creditNotePdf(context: AppLoadContext, document: InvoiceDocument): Promise<Response> {
  const renderer = context.cloudflare.env.INVOICE_PDF;
  if (!renderer) throw new Refusal("Credit note PDFs are not available here: open the printable credit note instead", 503);
  const rendered = await renderer.fetch("https://invoice-pdf.internal/render", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(document),
  });
  if (!rendered.ok) throw new Refusal("The credit note PDF could not be made: try again, or open the printable credit note", 502);
  return new Response(rendered.body, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="credit-note-${document.number.replace(/\//g, "-")}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
