/**
 * Picks verified by scan (docs/decisions/042-picks-verified-by-scan.md). Before a pick is finished,
 * each line's units are confirmed: by the camera's scan or the code typed (the product's barcode
 * must be the line's), or by hand without a code (manual, with who and when). Each confirmation is
 * ONE guarded insert: the order still pickable at its store, the code the line's product's, and the
 * line's confirmed units plus these at most its quantity, so parallel confirmations of one line never
 * confirm more than was ordered. The pick then never marks more units picked than are confirmed
 * (the pick's batch guard, pick.server.ts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, sql } from "drizzle-orm";
import { orderItems, orders, pickConfirmations, products, users, type PickConfirmMethod } from "~/db/schema";
import { normalizeBarcode } from "~/lib/barcode";
import { newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import { pickConfirmFormSchema } from "~/lib/schemas/pick-confirm";
import { STATUS_LABELS } from "~/lib/order-status";
import { getDb } from "~/server/db/db.server";
import type { SessionUser } from "~/server/identity/auth.server";
import { worksAt } from "~/server/identity/store-access.server";
import { claimFree, heldByOther } from "./claims.server";

const NOT_FOUND = "Order not found";

export interface ConfirmInput {
  orderId: string;
  user: SessionUser;
  productId: string;
  /** The code scanned or typed; absent for a manual confirmation. */
  code?: string;
  method: PickConfirmMethod;
  /** Units this confirmation covers (a scan: 1). */
  units: number;
}

export interface ConfirmResult {
  message: string;
  productId: string;
  confirmed: number;
  quantity: number;
}

/** The refusal of a line's confirmation, on its code field (`code.<productId>`) so the page shows it beside the line. */
function lineRefusal(productId: string, message: string, status: 400 | 409) {
  return new Refusal(message, status, { fields: { [`code.${productId}`]: [message] }, data: { productId } });
}

/** Confirms units of one line (see the module comment): 404 for another store's order, 409 once picked or over, 400 for a wrong code. */
export async function confirmPickLine(context: AppLoadContext, input: ConfirmInput): Promise<ConfirmResult> {
  const db = getDb(context);
  const code = input.code === undefined ? null : normalizeBarcode(input.code);
  const [[order], [line], scanned] = await db.batch([
    db
      .select({ storeId: orders.storeId, status: orders.status, paymentMethod: orders.paymentMethod, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, input.orderId)),
    db
      .select({ id: orderItems.id, name: orderItems.name, quantity: orderItems.quantity })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, input.orderId), eq(orderItems.productId, input.productId))),
    db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(eq(products.barcode, code ?? "")),
  ]);
  if (!order || !worksAt(input.user, order.storeId)) throw new Refusal(NOT_FOUND, 404);
  const closed = notConfirmable(order);
  if (closed) throw new Refusal(closed, 409);
  if (!line) throw lineRefusal(input.productId, `Product ${input.productId} is not on this order`, 400);
  if (input.method !== "manual") {
    if (!code) throw lineRefusal(input.productId, `${input.code ?? ""} is not a barcode: type the 12 or 13 digits under the bars`.trim(), 400);
    if (!scanned[0]) throw lineRefusal(input.productId, `Barcode ${code} is not in the catalogue: this is not ${line.name}`, 400);
    if (scanned[0].id !== input.productId) throw lineRefusal(input.productId, `This is ${scanned[0].name}, not ${line.name}`, 400);
  }

  const now = Date.now();
  const [inserted] = await db
    .insert(pickConfirmations)
    .select(
      db
        .select({
          id: sql<string>`${newId()}`.as("id"),
          orderId: orderItems.orderId,
          orderItemId: orderItems.id,
          productId: orderItems.productId,
          storeId: orders.storeId,
          units: sql<number>`${input.units}`.as("units"),
          method: sql<PickConfirmMethod>`${input.method}`.as("method"),
          code: sql<string | null>`${code}`.as("code"),
          userId: sql<string>`${input.user.id}`.as("user_id"),
          createdAt: sql<number>`${now}`.as("created_at"),
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(
          and(
            eq(orderItems.id, line.id),
            eq(orders.storeId, order.storeId!),
            sql`${orders.status} in ('placed', 'paid') and not (${orders.paymentMethod} = 'ONLINE' and ${orders.paymentStatus} = 'PENDING')`,
            // Nobody else holds the order (decision 047).
            claimFree(input.user.id),
            // The code is the line's product's, as the product is now.
            code === null ? undefined : sql`exists (select 1 from ${products} p where p.id = ${orderItems.productId} and p.barcode = ${code})`,
            sql`coalesce((select sum(c.units) from ${pickConfirmations} c where c.order_item_id = ${orderItems.id}), 0) + ${input.units} <= ${orderItems.quantity}`,
          ),
        ),
    )
    .returning({ id: pickConfirmations.id });
  const confirmed = await confirmedUnits(context, line.id);
  if (!inserted) {
    const [now] = await db
      .select({ status: orders.status, paymentMethod: orders.paymentMethod, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, input.orderId));
    const why = now ? notConfirmable(now) : NOT_FOUND;
    if (why) throw new Refusal(why, 409);
    const held = await heldByOther(db, input.orderId, input.user.id);
    if (held) throw held;
    const left = line.quantity - confirmed;
    throw lineRefusal(
      input.productId,
      left <= 0
        ? `${line.name}: all ${line.quantity} confirmed already`
        : `${line.name}: only ${left} more of ${line.quantity} can be confirmed (${confirmed} confirmed already)`,
      409,
    );
  }
  const how = input.method === "manual" ? "confirmed by hand" : input.method === "typed" ? "code typed" : "scanned";
  return { message: `${line.name}: ${confirmed} of ${line.quantity} confirmed (${how})`, productId: input.productId, confirmed, quantity: line.quantity };
}

async function confirmedUnits(context: AppLoadContext, orderItemId: string): Promise<number> {
  const row = await getDb(context)
    .select({ units: sql<number>`coalesce(sum(${pickConfirmations.units}), 0)`.mapWith(Number) })
    .from(pickConfirmations)
    .where(eq(pickConfirmations.orderItemId, orderItemId))
    .get();
  return row?.units ?? 0;
}

/** Why an order's lines cannot be confirmed now, or null (the pick's own rule: placed or paid, not awaiting its payment). */
function notConfirmable(order: { status: keyof typeof STATUS_LABELS; paymentMethod: string; paymentStatus: string }): string | null {
  if (order.status === "cancelled") return "This order was cancelled: it can no longer be picked";
  if (order.paymentMethod === "ONLINE" && order.paymentStatus === "PENDING") return "This order is waiting for its online payment: pick it once it is paid";
  if (order.status !== "placed" && order.status !== "paid") return `This order was already picked: it is ${STATUS_LABELS[order.status].toLowerCase()}`;
  return null;
}

/** One confirmation as the pick page shows it. */
export interface LineConfirmationView {
  units: number;
  method: PickConfirmMethod;
  by: string | null;
  at: number;
}

/** Each line's confirmations (by order item id), oldest first: the pick page's counts and its manual records. */
export async function lineConfirmations(context: AppLoadContext, orderId: string): Promise<Record<string, LineConfirmationView[]>> {
  const rows = await getDb(context)
    .select({
      orderItemId: pickConfirmations.orderItemId,
      units: pickConfirmations.units,
      method: pickConfirmations.method,
      by: users.name,
      at: pickConfirmations.createdAt,
    })
    .from(pickConfirmations)
    .leftJoin(users, eq(users.id, pickConfirmations.userId))
    .where(eq(pickConfirmations.orderId, orderId))
    .orderBy(asc(pickConfirmations.createdAt), asc(pickConfirmations.id));
  const byLine: Record<string, LineConfirmationView[]> = {};
  for (const { orderItemId, ...row } of rows) (byLine[orderItemId] ??= []).push(row);
  return byLine;
}

/**
 * The lines whose picked units exceed their confirmed units, read after a pick's batch applied
 * nothing: why its guard refused it, as a refusal naming the first such line (or null).
 */
export async function overConfirmed(context: AppLoadContext, orderId: string, plan: { id: string; productId: string | null; picked: number }[]) {
  const confirmed = await lineConfirmations(context, orderId);
  const [first] = plan.flatMap((line) => {
    const units = (confirmed[line.id] ?? []).reduce((sum, c) => sum + c.units, 0);
    return line.productId !== null && line.picked > units ? [{ ...line, units }] : [];
  });
  return first ?? null;
}

/** The pick page's confirm forms (scan, typed code, by hand): 303 back with the count, or the line's refusal. */
export async function confirmFromForm(context: AppLoadContext, { orderId, user, form }: { orderId: string; user: SessionUser; form: FormData }) {
  const parsed = pickConfirmFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw new Refusal(parsed.error.issues[0].message, 400);
  const { productId, method, code, units } = parsed.data;
  if (method !== "manual" && !code?.trim()) throw lineRefusal(productId, "Scan or type the code on the pack, or confirm by hand", 400);
  const result = await confirmPickLine(context, { orderId, user, productId, method, code: method === "manual" ? undefined : code, units: units ?? 1 });
  return { message: result.message };
}
