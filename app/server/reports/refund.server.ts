/**
 * Where an approved report's refund goes (docs/decisions/050-after-the-order.md, "Refunding a
 * report"): to the shopper's wallet, or as much as Stripe still holds of the order back to the
 * original online payment (a partial refund under the key `report-<id>`) and the rest to the wallet;
 * then the GST credit note of the whole refund (decision 044).
 *
 * Safe to call any number of times, in parallel too:
 * - ONE guarded UPDATE claims the send (approved, refund pending or failed, no live claim) and, in
 *   the same statement, fixes the Stripe part for good, capped at what Stripe still holds of the
 *   order; a call that does not win the claim does nothing;
 * - Stripe sees the report's own idempotency key with that fixed amount, so a retry (after a
 *   refusal or a lost answer) never pays twice;
 * - ONE batch settles it: the wallet's part (its ledger entry, unique per report) and the report
 *   `refunded`; a refusal marks it `failed` and flags the order for an admin's retry
 *   (`POST /api/order/admin/report-refund`);
 * - the credit note is one per report (its id is the note's refund id).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { BatchItem } from "drizzle-orm/batch";
import { and, asc, eq, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import { creditNotes, orderItems, orderReportLines, orderReports, orders, paymentEvents } from "~/db/schema";
import { computeCreditNote, type CreditRequest } from "~/lib/invoice/credit-note";
import type { InvoiceDocument } from "~/lib/invoice/document";
import { isId } from "~/lib/ids";
import { formatINR } from "~/lib/money";
import { Refusal } from "~/lib/refusal";
import { type Database, getDb } from "~/server/db/db.server";
import { issueCreditNote } from "~/server/orders/credit-notes.server";
import { ensureInvoiceIssued } from "~/server/orders/invoice.server";
import { getStripe } from "~/server/orders/stripe.server";
import { walletEntry } from "~/server/wallet/ledger.server";

/** The start of the attention note a refused report refund leaves on its order. */
const STRIPE_REFUSED = "Stripe refused the refund of a report";
/** The start of the attention note a refund whose credit note could not be issued leaves. */
const NOTE_REFUSED = "The credit note of a report's refund could not be issued";

/**
 * How long a claim holds off other calls. Longer than a Stripe request can take (15 s, one retry);
 * a claim whose call died (the Worker stopped between the claim and the outcome) ends by age, and
 * the next call sends again under the same key.
 */
const CLAIM_MS = 120_000;

/** Stripe's idempotency key of a report's refund. */
const stripeKey = (reportId: string) => `report-${reportId}`;

type ReportToRefund = NonNullable<Awaited<ReturnType<typeof readReport>>>;

async function readReport(db: Database, reportId: string) {
  const [row] = await db
    .select({
      id: orderReports.id,
      orderId: orderReports.orderId,
      userId: orderReports.userId,
      status: orderReports.status,
      approvedAmount: orderReports.approvedAmount,
      refundStatus: orderReports.refundStatus,
      orderNumber: orders.orderId,
      paymentId: orders.paymentId,
    })
    .from(orderReports)
    .innerJoin(orders, eq(orders.id, orderReports.orderId))
    .where(eq(orderReports.id, reportId))
    .limit(1);
  return row ?? null;
}

/**
 * Sends an approved report's refund where it goes, then issues its credit note. Sends nothing for
 * a refund already made (but issues its note if still missing), nor while another call sends it.
 * A Stripe refusal or a note that cannot be issued is recorded on the order (needs attention), not
 * thrown. 400 for a malformed id, 404 for an unknown report, 409 for a report not approved.
 */
export async function sendReportRefund(context: AppLoadContext, reportId: string): Promise<void> {
  if (!isId(reportId)) throw new Refusal("That is not a valid report id", 400);
  const db = getDb(context);
  const report = await readReport(db, reportId);
  if (!report) throw new Refusal("Report not found", 404);
  if (report.status !== "approved" || report.approvedAmount === null || report.refundStatus === "none") {
    throw new Refusal("This report is not approved: there is nothing to refund", 409);
  }
  // The claim decides, whatever was read above: a refund already made (or being made) is not claimed.
  const sent = await sendMoney(context, db, report);
  if (sent === "failed") return;
  if (sent === "busy") {
    const [now] = await db.select({ refundStatus: orderReports.refundStatus }).from(orderReports).where(eq(orderReports.id, report.id)).limit(1);
    if (now?.refundStatus !== "refunded") return;
  }
  await creditNoteOf(context, db, { ...report, approvedAmount: report.approvedAmount });
}

/**
 * The Stripe part, computed by the claiming UPDATE on the report's own row: for a report to the
 * original payment of a paid online order, its approved amount up to what Stripe still holds of the
 * order; otherwise nothing. What Stripe holds: it was charged the order's total as paid, less the
 * wallet's part; the pick's short-line refunds (order_line_refunds) have since taken their share
 * back, and `total` was lowered by exactly those refunds when the order was picked (decision 030),
 * so it is `total − wallet_paid` less the Stripe parts of the order's other reports (sent, being
 * sent or failed and to be retried: each is reserved until it is refunded).
 */
const stripePart = sql<number>`case when "order_reports"."refund_to" = 'original' then coalesce((
  select min("order_reports"."approved_amount", max(0, o."total" - o."wallet_paid" - coalesce((
    select sum(r."refund_stripe_amount") from "order_reports" r where r."order_id" = o."id" and r."id" <> "order_reports"."id"), 0)))
  from "orders" o
  where o."id" = "order_reports"."order_id" and o."payment_method" = 'ONLINE' and o."payment_status" = 'PAID' and o."payment_id" is not null), 0)
else 0 end`;

async function sendMoney(context: AppLoadContext, db: Database, report: ReportToRefund): Promise<"refunded" | "failed" | "busy"> {
  const stripe = getStripe(context);
  const now = Date.now();
  const [claim] = await db
    .update(orderReports)
    .set({
      // Fixed by the first claim: a retry sends the same amount under the same key.
      refundStripeAmount: sql`coalesce(${orderReports.refundStripeAmount}, ${stripe ? stripePart : sql`0`})`,
      refundClaimedAt: now,
    })
    .where(
      and(
        eq(orderReports.id, report.id),
        eq(orderReports.status, "approved"),
        inArray(orderReports.refundStatus, ["pending", "failed"]),
        or(isNull(orderReports.refundClaimedAt), lt(orderReports.refundClaimedAt, now - CLAIM_MS)),
      ),
    )
    .returning({ stripeAmount: orderReports.refundStripeAmount, approvedAmount: orderReports.approvedAmount });
  if (!claim || claim.approvedAmount === null) return "busy";
  const stripeAmount = claim.stripeAmount ?? 0;
  const walletAmount = claim.approvedAmount - stripeAmount;

  let stripeRefundId: string | null = null;
  if (stripeAmount > 0) {
    try {
      if (!stripe || !report.paymentId) throw new Error("online payment is not configured");
      const refund = await stripe.refunds.create(
        { payment_intent: report.paymentId, amount: stripeAmount, metadata: { orderId: report.orderId, orderNumber: report.orderNumber, reportId: report.id } },
        { idempotencyKey: stripeKey(report.id) },
      );
      stripeRefundId = refund.id;
    } catch (error) {
      const reason = (error as Error)?.message ?? "unknown error";
      await db.batch([
        db
          .update(orderReports)
          .set({ refundStatus: "failed", refundClaimedAt: null, updatedAt: Date.now() })
          .where(and(eq(orderReports.id, report.id), inArray(orderReports.refundStatus, ["pending", "failed"]))),
        flagOrder(db, report.orderId, `${STRIPE_REFUSED} (${formatINR(stripeAmount)}: ${reason})`),
      ]);
      return "failed";
    }
  }

  const settle: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    db
      .update(orderReports)
      .set({ refundStatus: "refunded", stripeRefundId, refundClaimedAt: null, updatedAt: Date.now() })
      .where(and(eq(orderReports.id, report.id), inArray(orderReports.refundStatus, ["pending", "failed"]))),
    // A repeat of (refund, report) writes nothing, so the wallet's part is credited once.
    ...(walletAmount > 0 ? [walletEntry(db, { userId: report.userId, amount: walletAmount, kind: "refund", ref: report.id, orderId: report.orderId })] : []),
    ...(stripeRefundId ? [db.insert(paymentEvents).values({ id: stripeRefundId, type: "refund.created", orderId: report.orderId }).onConflictDoNothing()] : []),
    // A retry that went through clears the flag a refusal set, once no report of the order is left failed.
    db
      .update(orders)
      .set({ needsAttention: false, attentionNote: null, version: sql`${orders.version} + 1`, updatedAt: Date.now() })
      .where(
        and(
          eq(orders.id, report.orderId),
          eq(orders.needsAttention, true),
          startsWith(orders.attentionNote, STRIPE_REFUSED),
          sql`not exists (select 1 from ${orderReports} where ${orderReports.orderId} = ${report.orderId} and ${orderReports.refundStatus} = 'failed')`,
        ),
      ),
  ];
  await db.batch(settle);
  return "refunded";
}

/** The order's attention note begins with `prefix` (compared as text: D1 refuses LIKE patterns over 50 bytes). */
const startsWith = (note: typeof orders.attentionNote, prefix: string) => sql`substr(${note}, 1, ${prefix.length}) = ${prefix}`;

function flagOrder(db: Database, orderId: string, note: string) {
  return db
    .update(orders)
    .set({ needsAttention: true, attentionNote: note.slice(0, 300), version: sql`${orders.version} + 1`, updatedAt: Date.now() })
    .where(eq(orders.id, orderId));
}

/**
 * The report's credit note (one per report: its id is the note's refund id), for the whole approved
 * amount, wherever it went. A note that cannot be issued (say, the store has no invoice series)
 * flags the order; calling again issues it.
 */
async function creditNoteOf(context: AppLoadContext, db: Database, report: ReportToRefund & { approvedAmount: number }) {
  const [issued] = await db.select({ id: creditNotes.id }).from(creditNotes).where(eq(creditNotes.refundId, report.id)).limit(1);
  if (issued) return;
  try {
    const lines = await noteLines(context, db, report);
    await issueCreditNote(context, { orderId: report.orderId, refundId: report.id, amount: report.approvedAmount, ...(lines ? { lines } : {}) });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    await flagOrder(db, report.orderId, `${NOTE_REFUSED} (${formatINR(report.approvedAmount)}: ${error.message})`);
    return;
  }
  await db
    .update(orders)
    .set({ needsAttention: false, attentionNote: null, version: sql`${orders.version} + 1`, updatedAt: Date.now() })
    .where(
      and(
        eq(orders.id, report.orderId),
        eq(orders.needsAttention, true),
        startsWith(orders.attentionNote, NOTE_REFUSED),
        sql`not exists (select 1 from "order_reports" r where r."order_id" = ${report.orderId} and r."refund_status" = 'refunded'
          and not exists (select 1 from "credit_notes" c where c."refund_id" = r."id"))`,
      ),
    );
}

/**
 * The invoice lines (index and units) the note reverses: each approved report line's units on the
 * invoice line of its order item (its own units first, then its replacement's, as the invoice lists
 * them). A line approved by amount only (no units) names its reported units, so the amount is
 * shared among the reported lines by the value of their units. Null, for a note pro rata over the
 * whole invoice, when the reported lines cannot take the amount (a coupon took part of their
 * value: the rest would otherwise be credited to the tip) or the lines no longer match the invoice.
 */
async function noteLines(context: AppLoadContext, db: Database, report: ReportToRefund & { approvedAmount: number }): Promise<CreditRequest["lines"] | null> {
  const invoice: InvoiceDocument = await ensureInvoiceIssued(context, report.orderId);
  const [items, reported, earlier] = await db.batch([
    db
      .select({ id: orderItems.id, quantity: orderItems.quantity, picked: orderItems.picked, replaced: orderItems.replacedByQuantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, report.orderId))
      .orderBy(sql`${orderItems}.rowid`),
    db
      .select({
        orderItemId: orderReportLines.orderItemId,
        quantity: orderReportLines.quantity,
        approvedQuantity: orderReportLines.approvedQuantity,
        approvedAmount: orderReportLines.approvedAmount,
      })
      .from(orderReportLines)
      .where(eq(orderReportLines.reportId, report.id))
      .orderBy(asc(orderReportLines.id)),
    db
      .select({ document: creditNotes.document })
      .from(creditNotes)
      .where(and(eq(creditNotes.orderId, report.orderId), ne(creditNotes.refundId, report.id))),
  ]);
  // Where each order item is on the invoice: its supplied units' line, then its replacement's.
  const places = new Map<string, { own: { line: number; units: number } | null; replacement: { line: number; units: number } | null }>();
  let next = 0;
  for (const item of items) {
    const supplied = item.picked ?? item.quantity;
    const own = supplied > 0 ? { line: next++, units: supplied } : null;
    const replacement = item.replaced > 0 ? { line: next++, units: item.replaced } : null;
    places.set(item.id, { own, replacement });
  }
  if (next !== invoice.maths.lines.length) return null;
  const lines: { line: number; quantity: number }[] = [];
  for (const line of reported) {
    const units = line.approvedQuantity ? line.approvedQuantity : (line.approvedAmount ?? 0) > 0 ? line.quantity : 0;
    const place = places.get(line.orderItemId);
    if (!units || !place) continue;
    let left = units;
    for (const part of [place.own, place.replacement]) {
      if (!part || left <= 0) continue;
      const quantity = Math.min(left, part.units);
      lines.push({ line: part.line, quantity });
      left -= quantity;
    }
  }
  if (!lines.length) return null;
  try {
    const earlierMaths = earlier.map((note) => (JSON.parse(note.document) as InvoiceDocument).maths);
    const note = computeCreditNote(invoice.maths, earlierMaths, { amount: report.approvedAmount, lines });
    return note.totals.invoiceValue === report.approvedAmount ? lines : null;
  } catch {
    return null;
  }
}
