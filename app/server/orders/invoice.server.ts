/**
 * The GST invoice of a delivered order (decisions 031 and 038): who may read it, and the invoice as
 * issued. The first time anyone allowed asks for it, it is issued: its number is taken from its
 * series and everything it prints is written to `invoices` in one batch; from then on the pages, the
 * PDF worker and /api read that record and nothing else, so later edits to the store, products,
 * addresses or the order never change it.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, isNull, notExists, sql } from "drizzle-orm";
import { invoices, invoiceSeriesCounters, orderItems, orders, orderStatusHistory, products, stores, users } from "~/db/schema";
import { invoiceTitle, paymentModes, type InvoiceDocument } from "~/lib/invoice/document";
import { formatInvoiceAmount } from "~/lib/money";
import { stateCode, isIntraState, stateName } from "~/lib/invoice/gst";
import { doorLine } from "~/lib/delivery-address";
import { type PlaceLookup, placeLookup } from "~/server/addresses/pincode-lookup.server";
import { orderRoundOff } from "~/lib/pricing";
import { computeInvoice, financialYear, financialYearCode, type InvoiceLineInput } from "~/lib/invoice/maths";
import { Refusal } from "~/lib/refusal";
import { type Database, getDb } from "~/server/db/db.server";
import type { SessionUser } from "~/server/identity/auth.server";
import { worksAt } from "~/server/identity/store-access.server";

const NOT_FOUND = "Order not found";

/** The GST rate of a line whose product was deleted before its invoice was issued (the most common grocery slab). */
const UNKNOWN_PRODUCT_GST_RATE = 5;

/** Who may read an order's invoice: its shopper, admins, and the staff of the store that served it. */
function mayReadInvoice(user: Pick<SessionUser, "id" | "role" | "staffStoreId"> | null, order: { userId: string; storeId: string | null }): boolean {
  if (!user) return false;
  return user.id === order.userId || worksAt(user, order.storeId);
}

const orderColumns = {
  id: orders.id,
  orderId: orders.orderId,
  userId: orders.userId,
  storeId: orders.storeId,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  total: orders.total,
  subTotal: orders.subTotal,
  discount: orders.discount,
  tip: orders.tip,
  walletPaid: orders.walletPaid,
  deliveryAddress: orders.deliveryAddress,
  buyerName: users.name,
};

type InvoiceOrder = NonNullable<Awaited<ReturnType<typeof readOrder>>>;

async function readOrder(db: Database, orderId: string) {
  const [order] = await db.select(orderColumns).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(eq(orders.id, orderId)).limit(1);
  return order ?? null;
}

async function readRecord(db: Database, orderId: string) {
  const [record] = await db.select({ number: invoices.number, document: invoices.document }).from(invoices).where(eq(invoices.orderId, orderId)).limit(1);
  return record ?? null;
}

/** When the order was delivered (its latest `delivered` history row): the invoice's date of supply. */
async function deliveredAt(db: Database, orderId: string): Promise<number> {
  const [row] = await db
    .select({ at: orderStatusHistory.createdAt })
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.status, "delivered")))
    .orderBy(desc(orderStatusHistory.createdAt))
    .limit(1);
  return row?.at ?? Date.now();
}

/** A line's HSN code and rate: frozen on the line by an older issue (decision 031), else the product's today. */
const lineHsn = (
  frozen: typeof orderItems.hsnCode | typeof orderItems.replacedByHsnCode,
  product: typeof orderItems.productId | typeof orderItems.replacedByProductId,
) => sql<string | null>`coalesce(${frozen}, (select ${products.hsnCode} from ${products} where ${products.id} = ${product}))`;
const lineRate = (
  frozen: typeof orderItems.gstRate | typeof orderItems.replacedByGstRate,
  product: typeof orderItems.productId | typeof orderItems.replacedByProductId,
) => sql<number | null>`coalesce(${frozen}, (select ${products.gstRate} from ${products} where ${products.id} = ${product}))`;

/**
 * The invoice as it would be issued now, from today's store, products, buyer and order (number
 * left blank), with the store's series code and GSTIN it is numbered under.
 */
async function draftDocument(db: Database, places: PlaceLookup, order: InvoiceOrder & { storeId: string }, date: number) {
  const [[store], items] = await db.batch([
    db
      .select({
        name: stores.name,
        legalName: stores.legalName,
        address: stores.address,
        city: stores.city,
        state: stores.state,
        gstin: stores.gstin,
        series: stores.invoiceSeries,
        fssaiLicence: stores.fssaiLicence,
      })
      .from(stores)
      .where(eq(stores.id, order.storeId)),
    db
      .select({
        name: orderItems.name,
        quantity: orderItems.quantity,
        picked: orderItems.picked,
        unitFinalPrice: orderItems.unitFinalPrice,
        hsnCode: lineHsn(orderItems.hsnCode, orderItems.productId),
        gstRate: lineRate(orderItems.gstRate, orderItems.productId),
        replacedByName: orderItems.replacedByName,
        replacedByQuantity: orderItems.replacedByQuantity,
        replacedByUnitPrice: orderItems.replacedByUnitPrice,
        replacedByHsnCode: lineHsn(orderItems.replacedByHsnCode, orderItems.replacedByProductId),
        replacedByGstRate: lineRate(orderItems.replacedByGstRate, orderItems.replacedByProductId),
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(sql`${orderItems}.rowid`),
  ]);
  if (!store) throw new Refusal(NOT_FOUND, 404);
  const lines = suppliedLines(items);
  const address = order.deliveryAddress ?? {};
  // The place of supply: the delivery address's state, as decision 031 reads it.
  // The place of supply is the delivery pincode's state (decision 035's table), whatever state was
  // typed: an old address's "Karnatka" on 560038 is still Karnataka. The typed state is the fallback
  // only for a pincode the table does not know.
  const place = address.pincode ? await places(String(address.pincode)) : null;
  const deliveryState = place?.state ?? address.state ?? "";
  // The coupon's discount as it stands after any short pick (decision 030) and the rider's tip.
  // A cash order's total is in whole rupees: its round off makes the amount paid what was collected.
  const { discount, tip } = order;
  const roundOff = orderRoundOff(order);
  const maths = computeInvoice({ lines, discount, tip, roundOff, intraState: isIntraState(store.state, deliveryState) });
  const buyerCode = place?.stateCode ?? stateCode(deliveryState) ?? "";
  const document: InvoiceDocument = {
    title: invoiceTitle(maths.lines),
    number: "",
    date,
    orderNumber: order.orderId,
    paymentMethod: paymentModes(order, (paise) => `INR ${formatInvoiceAmount(paise)}`),
    seller: {
      name: store.legalName || store.name,
      storeName: store.name,
      address: [store.address, store.city].filter(Boolean),
      state: store.state,
      stateCode: stateCode(store.state) ?? "",
      gstin: store.gstin,
      fssaiLicence: store.fssaiLicence,
    },
    buyer: {
      name: order.buyerName,
      address: [doorLine(address), [address.city, address.pincode].filter(Boolean).join(" "), address.country].filter((line): line is string => Boolean(line)),
      state: deliveryState,
      stateCode: buyerCode,
      gstin: "",
      mobile: address.mobile ?? "",
    },
    placeOfSupply: buyerCode ? `${stateName(buyerCode)} (${buyerCode})` : deliveryState,
    maths,
  };
  return { document, series: store.series, gstin: store.gstin };
}

/**
 * Issues a delivered order's invoice, once: ONE batch (D1 runs a batch atomically and alone) that
 * (1) bumps the counter of (GSTIN, series, financial year), in an upsert that only fires while the
 * order is delivered and has no invoice, (2) writes the invoice record (number from the counter's
 * new value, the document with that number) under the same condition. A second caller's batch
 * finds the record and changes nothing, so 20 parallel first opens of 20 orders give 1..20 in the
 * series, and of one order one number. The unique index (gstin, fy, number) is the last guard.
 */
async function issueInvoice(db: Database, places: PlaceLookup, order: InvoiceOrder & { storeId: string }): Promise<void> {
  const date = await deliveredAt(db, order.id);
  const fy = financialYear(date);
  const { document, series, gstin } = await draftDocument(db, places, order, date);
  if (!series) throw new Refusal("This store has no invoice series yet: an admin sets it on the store form", 409);
  const unissued = and(
    eq(orders.id, order.id),
    eq(orders.status, "delivered"),
    notExists(
      db
        .select({ one: sql`1` })
        .from(invoices)
        .where(eq(invoices.orderId, order.id)),
    ),
  );
  const counter = and(eq(invoiceSeriesCounters.gstin, gstin), eq(invoiceSeriesCounters.series, series), eq(invoiceSeriesCounters.fy, fy));
  const number = sql<string>`${series} || '/' || ${financialYearCode(fy)} || '/' || printf('%07d', ${invoiceSeriesCounters.last})`;
  await db.batch([
    db
      .insert(invoiceSeriesCounters)
      .select(
        db
          .select({
            gstin: sql<string>`${gstin}`.as(invoiceSeriesCounters.gstin.name),
            series: sql<string>`${series}`.as(invoiceSeriesCounters.series.name),
            fy: sql<number>`${fy}`.as(invoiceSeriesCounters.fy.name),
            last: sql<number>`1`.as(invoiceSeriesCounters.last.name),
          })
          .from(orders)
          .where(unissued),
      )
      .onConflictDoUpdate({
        target: [invoiceSeriesCounters.gstin, invoiceSeriesCounters.series, invoiceSeriesCounters.fy],
        set: { last: sql`${invoiceSeriesCounters.last} + 1` },
      }),
    db.insert(invoices).select(
      db
        .select({
          orderId: sql<string>`${order.id}`.as(invoices.orderId.name),
          storeId: sql<string>`${order.storeId}`.as(invoices.storeId.name),
          gstin: sql<string>`${gstin}`.as(invoices.gstin.name),
          series: sql<string>`${series}`.as(invoices.series.name),
          fy: sql<number>`${fy}`.as(invoices.fy.name),
          seq: sql<number>`${invoiceSeriesCounters.last}`.as(invoices.seq.name),
          number: sql<string>`${number}`.as(invoices.number.name),
          document: sql<string>`json_set(${JSON.stringify(document)}, '$.number', ${number})`.as(invoices.document.name),
          backfilled: sql<boolean>`0`.as(invoices.backfilled.name),
          issuedAt: sql<number>`(unixepoch() * 1000)`.as(invoices.issuedAt.name),
        })
        .from(invoiceSeriesCounters)
        .where(and(counter, sql`exists (select 1 from ${orders} where ${unissued})`)),
    ),
  ]);
}

/**
 * An invoice issued before its record existed (migration 0034 recorded its number only): its
 * document is made once, from the data of this first read, with the number it was issued with.
 */
async function completeBackfilled(db: Database, places: PlaceLookup, order: InvoiceOrder & { storeId: string }, number: string): Promise<void> {
  const { document } = await draftDocument(db, places, order, await deliveredAt(db, order.id));
  await db
    .update(invoices)
    .set({ document: JSON.stringify({ ...document, number }) })
    .where(and(eq(invoices.orderId, order.id), isNull(invoices.document)));
}

/**
 * The invoice of `orderId` as `user` may read it: 404 for an unknown order or a caller who may not
 * read it (never "forbidden": nobody learns of others' orders), 409 before delivery. Issued the
 * first time; always the record as issued.
 */
export async function readInvoice(
  context: AppLoadContext,
  user: SessionUser | null,
  orderId: string,
): Promise<{ invoice: InvoiceDocument; order: { id: string; orderId: string; userId: string; storeId: string; total: number } }> {
  const db = getDb(context);
  const order = await readOrder(db, orderId);
  if (!order || !mayReadInvoice(user, order)) throw new Refusal(NOT_FOUND, 404);
  if (order.status !== "delivered" || !order.storeId) throw new Refusal("The invoice is ready once the order is delivered", 409);
  const served = { ...order, storeId: order.storeId };
  let record = await readRecord(db, order.id);
  if (!record) {
    await issueInvoice(db, placeLookup(context), served);
    record = await readRecord(db, order.id);
  } else if (record.document === null) {
    await completeBackfilled(db, placeLookup(context), served, record.number);
    record = await readRecord(db, order.id);
  }
  if (!record?.document) throw new Refusal("The invoice could not be issued: try again", 409);
  const invoice = JSON.parse(record.document) as InvoiceDocument;
  return { invoice, order: { id: order.id, orderId: order.orderId, userId: order.userId, storeId: served.storeId, total: order.total } };
}

/**
 * The order's invoice as issued, issuing it now if nobody has opened it yet (a refund after
 * delivery needs the invoice its credit note reverses, decision 044). No reader check: callers
 * decide who acts. 409 before delivery, 404 for an unknown order.
 */
export async function ensureInvoiceIssued(context: AppLoadContext, orderId: string): Promise<InvoiceDocument> {
  const db = getDb(context);
  const order = await readOrder(db, orderId);
  if (!order) throw new Refusal(NOT_FOUND, 404);
  if (order.status !== "delivered" || !order.storeId) throw new Refusal("The invoice is ready once the order is delivered", 409);
  const served = { ...order, storeId: order.storeId };
  let record = await readRecord(db, order.id);
  if (!record) {
    await issueInvoice(db, placeLookup(context), served);
    record = await readRecord(db, order.id);
  } else if (record.document === null) {
    await completeBackfilled(db, placeLookup(context), served, record.number);
    record = await readRecord(db, order.id);
  }
  if (!record?.document) throw new Refusal("The invoice could not be issued: try again", 409);
  return JSON.parse(record.document) as InvoiceDocument;
}

interface SuppliedItem {
  name: string;
  quantity: number;
  picked: number | null;
  unitFinalPrice: number;
  hsnCode: string | null;
  gstRate: number | null;
  replacedByName: string | null;
  replacedByQuantity: number;
  replacedByUnitPrice: number;
  replacedByHsnCode: string | null;
  replacedByGstRate: number | null;
}

/** The lines an invoice bills: each line's units supplied (all of them before a pick was recorded) and any replacement. */
function suppliedLines(items: SuppliedItem[]): InvoiceLineInput[] {
  return items.flatMap((item) => {
    const supplied = item.picked ?? item.quantity;
    const own = {
      name: item.name,
      hsn: item.hsnCode ?? "",
      gstRate: item.gstRate ?? UNKNOWN_PRODUCT_GST_RATE,
      quantity: supplied,
      unitPrice: item.unitFinalPrice,
    };
    const replaced =
      item.replacedByQuantity > 0
        ? [
            {
              name: item.replacedByName ?? item.name,
              hsn: item.replacedByHsnCode ?? "",
              gstRate: item.replacedByGstRate ?? UNKNOWN_PRODUCT_GST_RATE,
              quantity: item.replacedByQuantity,
              unitPrice: item.replacedByUnitPrice,
            },
          ]
        : [];
    return [...(supplied > 0 ? [own] : []), ...replaced];
  });
}

/**
 * The invoice as a PDF, made by the invoice worker behind the INVOICE_PDF service binding (decision
 * 031: pdf-lib stays out of the storefront's bundle). 503 when the binding is missing (`npm run dev`).
 */
export async function invoicePdf(context: AppLoadContext, document: InvoiceDocument): Promise<Response> {
  const renderer = context.cloudflare.env.INVOICE_PDF;
  if (!renderer) throw new Refusal("Invoice PDFs are not available here: open the printable invoice instead", 503);
  const rendered = await renderer.fetch("https://invoice-pdf.internal/render", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(document),
  });
  if (!rendered.ok) throw new Refusal("The invoice PDF could not be made: try again, or open the printable invoice", 502);
  const fileName = `invoice-${document.number.replace(/\//g, "-")}.pdf`;
  return new Response(rendered.body, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
