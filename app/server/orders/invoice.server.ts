/**
 * The GST tax invoice of a delivered order (decision 031): who may read it, its number from the
 * store's gap-free sequence for the financial year (allocated atomically the first time anyone
 * needs it), and the document the HTML page and the PDF worker render.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, sql } from "drizzle-orm";
import { invoiceSequences, orderItems, orders, orderStatusHistory, products, stores, users } from "~/db/schema";
import { type InvoiceDocument } from "~/lib/invoice/document";
import { stateCode, isIntraState, stateName } from "~/lib/invoice/gst";
import { doorLine } from "~/lib/delivery-address";
import { computeInvoice, financialYear, invoiceNumber, type InvoiceLineInput } from "~/lib/invoice/maths";
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
  discount: orders.discount,
  tip: orders.tip,
  deliveryAddress: orders.deliveryAddress,
  invoiceFy: orders.invoiceFy,
  invoiceSeq: orders.invoiceSeq,
  createdAt: orders.createdAt,
  buyerName: users.name,
};

type InvoiceOrder = Awaited<ReturnType<typeof readOrder>>;

async function readOrder(db: Database, orderId: string) {
  const [order] = await db.select(orderColumns).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(eq(orders.id, orderId)).limit(1);
  return order ?? null;
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

/**
 * Gives a delivered order its invoice number, once: ONE batch (D1 runs a batch atomically and
 * alone) that (1) bumps the store's counter for the financial year, in one upsert that only fires
 * while the order is delivered and still without a number, (2) sets the order's number to the
 * counter's new value under the same condition, (3) freezes each line's HSN code and GST rate. A
 * second caller's batch finds the number set and changes nothing, so 20 parallel first downloads
 * of 20 orders give 1..20, and of one order give one number.
 */
async function allocateInvoiceNumber(db: Database, order: { id: string; storeId: string }, fy: number): Promise<void> {
  const productHsn = (column: typeof orderItems.productId | typeof orderItems.replacedByProductId) =>
    sql`(select ${products.hsnCode} from ${products} where ${products.id} = ${column})`;
  const productRate = (column: typeof orderItems.productId | typeof orderItems.replacedByProductId) =>
    sql`(select ${products.gstRate} from ${products} where ${products.id} = ${column})`;
  await db.batch([
    db
      .insert(invoiceSequences)
      .select(
        db
          .select({
            storeId: sql<string>`${order.storeId}`.as(invoiceSequences.storeId.name),
            fy: sql<number>`${fy}`.as(invoiceSequences.fy.name),
            last: sql<number>`1`.as(invoiceSequences.last.name),
          })
          .from(orders)
          .where(and(eq(orders.id, order.id), eq(orders.status, "delivered"), sql`${orders.invoiceSeq} is null`)),
      )
      .onConflictDoUpdate({ target: [invoiceSequences.storeId, invoiceSequences.fy], set: { last: sql`${invoiceSequences.last} + 1` } }),
    db
      .update(orders)
      .set({
        invoiceFy: fy,
        invoiceSeq: sql`(select ${invoiceSequences.last} from ${invoiceSequences} where ${invoiceSequences.storeId} = ${order.storeId} and ${invoiceSequences.fy} = ${fy})`,
        invoicedAt: sql`(unixepoch() * 1000)`,
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, "delivered"), sql`${orders.invoiceSeq} is null`)),
    db
      .update(orderItems)
      .set({
        hsnCode: sql`coalesce(${productHsn(orderItems.productId)}, '')`,
        gstRate: sql`coalesce(${productRate(orderItems.productId)}, ${UNKNOWN_PRODUCT_GST_RATE})`,
        replacedByHsnCode: sql`case when ${orderItems.replacedByProductId} is not null then coalesce(${productHsn(orderItems.replacedByProductId)}, '') end`,
        replacedByGstRate: sql`case when ${orderItems.replacedByProductId} is not null then coalesce(${productRate(orderItems.replacedByProductId)}, ${UNKNOWN_PRODUCT_GST_RATE}) end`,
      })
      .where(and(eq(orderItems.orderId, order.id), sql`${orderItems.gstRate} is null`)),
  ]);
}

/**
 * The order for its invoice, checked: 404 for an unknown order or a caller who may not read it
 * (never "forbidden": nobody learns of others' orders), 409 before delivery. Allocates the number
 * the first time.
 */
async function invoiceOrder(db: Database, user: SessionUser | null, orderId: string): Promise<{ order: InvoiceOrder & object; date: number }> {
  let order = await readOrder(db, orderId);
  if (!order || !mayReadInvoice(user, order)) throw new Refusal(NOT_FOUND, 404);
  if (order.status !== "delivered" || !order.storeId) throw new Refusal("The invoice is ready once the order is delivered", 409);
  const date = await deliveredAt(db, order.id);
  if (order.invoiceSeq === null) {
    await allocateInvoiceNumber(db, { id: order.id, storeId: order.storeId }, financialYear(date));
    order = (await readOrder(db, orderId))!;
  }
  return { order, date };
}

/** The invoice of `orderId` as `user` may read it (see invoiceOrder for the refusals). */
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

export async function readInvoice(
  context: AppLoadContext,
  user: SessionUser | null,
  orderId: string,
): Promise<{ invoice: InvoiceDocument; order: { id: string; orderId: string; userId: string; storeId: string; total: number } }> {
  const db = getDb(context);
  const { order, date } = await invoiceOrder(db, user, orderId);
  const [[store], items] = await db.batch([
    db
      .select({ name: stores.name, legalName: stores.legalName, address: stores.address, city: stores.city, state: stores.state, gstin: stores.gstin })
      .from(stores)
      .where(eq(stores.id, order.storeId!)),
    db
      .select({
        name: orderItems.name,
        quantity: orderItems.quantity,
        picked: orderItems.picked,
        unitFinalPrice: orderItems.unitFinalPrice,
        hsnCode: orderItems.hsnCode,
        gstRate: orderItems.gstRate,
        replacedByName: orderItems.replacedByName,
        replacedByQuantity: orderItems.replacedByQuantity,
        replacedByUnitPrice: orderItems.replacedByUnitPrice,
        replacedByHsnCode: orderItems.replacedByHsnCode,
        replacedByGstRate: orderItems.replacedByGstRate,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(sql`${orderItems}.rowid`),
  ]);
  if (!store) throw new Refusal(NOT_FOUND, 404);
  const lines = suppliedLines(items);
  const address = order.deliveryAddress ?? {};
  const deliveryState = address.state ?? "";
  // The coupon's discount as it stands after any short pick (decision 030) and the rider's tip.
  const { discount, tip } = order;
  const maths = computeInvoice({ lines, discount, tip, intraState: isIntraState(store.state, deliveryState) });
  const buyerCode = stateCode(deliveryState) ?? "";
  const invoice: InvoiceDocument = {
    number: invoiceNumber(order.storeId!, order.invoiceFy!, order.invoiceSeq!),
    date,
    orderNumber: order.orderId,
    paymentMethod: order.paymentMethod === "COD" ? "Cash on delivery" : "Paid online",
    seller: {
      name: store.legalName || store.name,
      storeName: store.name,
      address: [store.address, store.city].filter(Boolean),
      state: store.state,
      stateCode: stateCode(store.state) ?? "",
      gstin: store.gstin,
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
  return { invoice, order: { id: order.id, orderId: order.orderId, userId: order.userId, storeId: order.storeId!, total: order.total } };
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
