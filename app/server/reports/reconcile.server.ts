/**
 * Whether a delivered order's documents and money agree (docs/decisions/050-after-the-order.md,
 * "Refunding a report"): the invoice's amount paid less its credit notes must be what the shopper
 * paid (online, in cash, from the wallet) less what was given back (to the card, to the wallet), to
 * the paisa. Each side is read from its own record: the frozen invoice and notes, the order, the
 * short-pick refunds, the reports' Stripe parts and the wallet's ledger.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, sql } from "drizzle-orm";
import { creditNotes, invoices, orderLineRefunds, orderReports, orders, walletEntries } from "~/db/schema";
import type { InvoiceDocument } from "~/lib/invoice/document";
import { getDb } from "~/server/db/db.server";

/** Paise. */
export interface Reconciliation {
  /** The invoice's amount paid; null while no invoice is issued. */
  invoiced: number | null;
  /** The order's credit notes. */
  credited: number;
  paid: {
    /** What Stripe was charged: the order's total when paid (the pick has since taken its short-line refunds off it), less the wallet's part. */
    online: number;
    /** What the rider collected: a delivered cash order's total less the wallet's part. */
    cash: number;
    /** The ledger's payments for the order, less their reversals. */
    wallet: number;
  };
  refunded: {
    /** Short-pick line refunds and reports' Stripe parts that Stripe made. */
    stripe: number;
    /** The ledger's refunds of the order (reports' wallet parts). */
    wallet: number;
  };
  /** (invoiced − credited) − (paid − refunded): 0 when it reconciles; null without an invoice. */
  difference: number | null;
}

const sum = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** The order's reconciliation, or null for an unknown order. */
export async function reconcileOrder(context: AppLoadContext, orderId: string): Promise<Reconciliation | null> {
  const db = getDb(context);
  const [[order], [invoice], [notes], [lineRefunds], [reports], [wallet]] = await db.batch([
    db
      .select({ total: orders.total, walletPaid: orders.walletPaid, method: orders.paymentMethod, paymentStatus: orders.paymentStatus, status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId)),
    db.select({ document: invoices.document }).from(invoices).where(eq(invoices.orderId, orderId)),
    db.select({ credited: sum(creditNotes.amount) }).from(creditNotes).where(eq(creditNotes.orderId, orderId)),
    db
      .select({
        all: sum(orderLineRefunds.amount),
        refunded: sum(sql`case when ${orderLineRefunds.status} = 'refunded' then ${orderLineRefunds.amount} else 0 end`),
      })
      .from(orderLineRefunds)
      .where(eq(orderLineRefunds.orderId, orderId)),
    db
      .select({ stripe: sum(orderReports.refundStripeAmount) })
      .from(orderReports)
      .where(and(eq(orderReports.orderId, orderId), eq(orderReports.refundStatus, "refunded"))),
    db
      .select({
        paid: sum(sql`case when ${walletEntries.kind} in ('order_payment', 'order_reversal') then -${walletEntries.amount} else 0 end`),
        refunded: sum(sql`case when ${walletEntries.kind} = 'refund' then ${walletEntries.amount} else 0 end`),
      })
      .from(walletEntries)
      .where(eq(walletEntries.orderId, orderId)),
  ]);
  if (!order) return null;
  const online = order.method === "ONLINE" && order.paymentStatus === "PAID" ? order.total + (lineRefunds?.all ?? 0) - order.walletPaid : 0;
  const cash = order.method === "COD" && order.status === "delivered" ? order.total - order.walletPaid : 0;
  const paid = { online, cash, wallet: wallet?.paid ?? 0 };
  const refunded = { stripe: (lineRefunds?.refunded ?? 0) + (reports?.stripe ?? 0), wallet: wallet?.refunded ?? 0 };
  const invoiced = invoice?.document ? (JSON.parse(invoice.document) as InvoiceDocument).maths.totals.amountPaid : null;
  const credited = notes?.credited ?? 0;
  return {
    invoiced,
    credited,
    paid,
    refunded,
    difference: invoiced === null ? null : invoiced - credited - (paid.online + paid.cash + paid.wallet - refunded.stripe - refunded.wallet),
  };
}
