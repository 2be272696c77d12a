/**
 * The handover (docs/decisions/027-store-operations.md): packed → ready (for pickup) → out for
 * delivery with a rider → delivered with the shopper's 4-digit code. Every move is one batch: the
 * history row, then the order's update, both guarded by the state it moves from, so parallel
 * presses move it once. A wrong code is counted in the same statement that checks it, never more
 * than DELIVERY_CODE_TRIES times; then only an admin can mark it delivered, with a reason.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { orders, orderStatusHistory, type OrderStatus, storeStaff, users } from "~/db/schema";
import { newId } from "~/lib/ids";
import { DELIVERY_CODE_TRIES, STATUS_LABELS } from "~/lib/order-status";
import { Refusal } from "~/lib/refusal";
import type { RiderInput } from "~/lib/schemas/store-ops";
import { type Database, getDb } from "~/server/db/db.server";
import type { SessionUser } from "~/server/identity/auth.server";
import { worksAt } from "~/server/identity/store-access.server";
import { newDeliveryCode } from "~/server/orders/fulfilment.server";
import { publishOrderChange } from "~/server/orders/order-events.server";

const NOT_FOUND = "Order not found";

async function readOrder(db: Database, id: string) {
  return db
    .select({
      id: orders.id,
      orderId: orders.orderId,
      userId: orders.userId,
      storeId: orders.storeId,
      status: orders.status,
      deliveryCodeTries: orders.deliveryCodeTries,
    })
    .from(orders)
    .where(eq(orders.id, id))
    .get();
}

type HandoverOrder = NonNullable<Awaited<ReturnType<typeof readOrder>>>;

/** The order, if `user` works its store (else 404), and in state `from` (else 409 with where it is). */
async function orderInState(db: Database, user: SessionUser, id: string, from: OrderStatus, action: string): Promise<HandoverOrder> {
  const order = await readOrder(db, id);
  if (!order || !worksAt(user, order.storeId)) throw new Refusal(NOT_FOUND, 404);
  if (order.status !== from) {
    throw new Refusal(
      `This order is ${STATUS_LABELS[order.status].toLowerCase()}: only an order that is ${STATUS_LABELS[from].toLowerCase()} can be ${action}`,
      409,
    );
  }
  return order;
}

function historyRow(db: Database, guard: SQL, to: OrderStatus, actorId: string, note: string, now: number) {
  return db.insert(orderStatusHistory).select(
    db
      .select({
        id: sql<string>`${newId()}`.as("id"),
        orderId: orders.id,
        status: sql<OrderStatus>`${to}`.as("status"),
        actorUserId: sql<string>`${actorId}`.as("actor_user_id"),
        note: sql<string>`${note}`.as("note"),
        createdAt: sql<number>`${now}`.as("created_at"),
      })
      .from(orders)
      .where(guard),
  );
}

/** A guarded move: history then the order; false when the guard no longer held. */
async function move(db: Database, guard: SQL, to: OrderStatus, actorId: string, note: string, set: Partial<typeof orders.$inferInsert> = {}) {
  const now = Date.now();
  const [, moved] = await db.batch([
    historyRow(db, guard, to, actorId, note, now),
    db
      .update(orders)
      .set({ ...set, status: to, version: sql`${orders.version} + 1`, updatedAt: now })
      .where(guard)
      .returning({ id: orders.id }),
  ]);
  return moved.length > 0;
}

const changed = () => new Refusal("This order changed while you were looking at it: open it again", 409);

/** Packing done: the bag waits for a rider. */
export async function markReady(context: AppLoadContext, input: { orderId: string; user: SessionUser }): Promise<{ message: string }> {
  const db = getDb(context);
  const order = await orderInState(db, input.user, input.orderId, "packed", "marked ready for pickup");
  const guard = and(eq(orders.id, order.id), eq(orders.status, "packed"))!;
  if (!(await move(db, guard, "ready", input.user.id, "Ready for pickup"))) throw changed();
  await publishOrderChange(context, { orderId: order.id, storeId: order.storeId, userId: order.userId, status: "ready" });
  return { message: `Order ${order.orderId} is ready for pickup` };
}

/**
 * A rider takes the order out: a staff member of the order's store (by user id), a name and phone
 * typed by staff, or (no rider given) the caller. The 4-digit delivery code is made now.
 */
export async function dispatchOrder(context: AppLoadContext, input: { orderId: string; user: SessionUser; rider?: RiderInput }): Promise<{ message: string }> {
  const db = getDb(context);
  const order = await orderInState(db, input.user, input.orderId, "ready", "sent out for delivery");
  const rider = input.rider ?? { userId: input.user.id };
  let set: Partial<typeof orders.$inferInsert>;
  let riderGuard: SQL | undefined;
  let riderLabel: string;
  if ("userId" in rider) {
    const staff = await db
      .select({ name: users.name, mobile: users.mobile, storeId: storeStaff.storeId, role: users.role })
      .from(users)
      .leftJoin(storeStaff, eq(storeStaff.userId, users.id))
      .where(eq(users.id, rider.userId))
      .get();
    const self = rider.userId === input.user.id;
    if (!staff || (staff.storeId !== order.storeId && !(self && staff.role === "ADMIN"))) {
      throw new Refusal("The rider must be a staff member of this store, or give a name and phone", 400, { fields: { rider: ["Not staff of this store"] } });
    }
    set = { riderUserId: rider.userId, riderName: staff.name, riderPhone: staff.mobile || null };
    // Still staff when the order leaves (an admin taking it out themselves is not staff anywhere).
    riderGuard =
      self && staff.role === "ADMIN"
        ? undefined
        : sql`exists (select 1 from ${storeStaff} where ${storeStaff.userId} = ${rider.userId} and ${storeStaff.storeId} = ${order.storeId})`;
    riderLabel = staff.name;
  } else {
    set = { riderUserId: null, riderName: rider.name, riderPhone: rider.phone };
    riderLabel = `${rider.name} (${rider.phone})`;
  }
  const guard = and(eq(orders.id, order.id), eq(orders.status, "ready"), riderGuard)!;
  const moved = await move(db, guard, "out_for_delivery", input.user.id, `Out for delivery with ${riderLabel}`.slice(0, 300), {
    ...set,
    deliveryCode: newDeliveryCode(),
    deliveryCodeTries: 0,
  });
  if (!moved) throw changed();
  await publishOrderChange(context, { orderId: order.id, storeId: order.storeId, userId: order.userId, status: "out_for_delivery" });
  return { message: `Order ${order.orderId} is out for delivery with ${riderLabel}` };
}

const LOCKED = `Too many wrong codes: call support. An admin can mark this order delivered with a reason.`;

/**
 * The rider enters the shopper's code. ONE statement checks it and counts a wrong one, only while
 * fewer than DELIVERY_CODE_TRIES were wrong; the history row is in the same batch, under the same
 * condition and the right code. 400 wrong code (with the tries left), 409 locked or not out.
 */
export async function deliverWithCode(context: AppLoadContext, input: { orderId: string; user: SessionUser; code: string }): Promise<{ message: string }> {
  const db = getDb(context);
  const order = await orderInState(db, input.user, input.orderId, "out_for_delivery", "marked delivered");
  if (order.deliveryCodeTries >= DELIVERY_CODE_TRIES) throw new Refusal(LOCKED, 409);
  const now = Date.now();
  const open = and(eq(orders.id, order.id), eq(orders.status, "out_for_delivery"), sql`${orders.deliveryCodeTries} < ${DELIVERY_CODE_TRIES}`)!;
  const right = sql`${orders.deliveryCode} = ${input.code}`;
  const [, rows] = await db.batch([
    historyRow(db, and(open, right)!, "delivered", input.user.id, "Delivered: the shopper's code was given", now),
    db
      .update(orders)
      .set({
        status: sql`case when ${right} then 'delivered' else ${orders.status} end`,
        deliveryCodeTries: sql`case when ${right} then ${orders.deliveryCodeTries} else ${orders.deliveryCodeTries} + 1 end`,
        version: sql`${orders.version} + case when ${right} then 1 else 0 end`,
        updatedAt: now,
      })
      .where(open)
      .returning({ status: orders.status, tries: orders.deliveryCodeTries }),
  ]);
  const row = rows[0];
  if (!row) {
    const now = await readOrder(db, order.id);
    if (now?.status === "out_for_delivery") throw new Refusal(LOCKED, 409);
    throw changed();
  }
  if (row.status !== "delivered") {
    const left = DELIVERY_CODE_TRIES - row.tries;
    const message = left > 0 ? `Wrong delivery code: ${left} ${left === 1 ? "try" : "tries"} left` : `Wrong delivery code. ${LOCKED}`;
    throw new Refusal(message, left > 0 ? 400 : 409, { fields: { code: [message] }, data: { triesLeft: left } });
  }
  await publishOrderChange(context, { orderId: order.id, storeId: order.storeId, userId: order.userId, status: "delivered" });
  return { message: `Order ${order.orderId} delivered` };
}

/** An admin marks an order delivered without its code (e.g. after the tries ran out), with the reason in its history. */
export async function overrideDelivery(context: AppLoadContext, input: { orderId: string; user: SessionUser; reason: string }): Promise<{ message: string }> {
  if (input.user.role !== "ADMIN") throw new Refusal("Only an admin can mark an order delivered without its code: call support", 403);
  const db = getDb(context);
  const order = await orderInState(db, input.user, input.orderId, "out_for_delivery", "marked delivered");
  const guard = and(eq(orders.id, order.id), eq(orders.status, "out_for_delivery"))!;
  if (!(await move(db, guard, "delivered", input.user.id, `Admin override (no delivery code): ${input.reason}`.slice(0, 300)))) throw changed();
  await publishOrderChange(context, { orderId: order.id, storeId: order.storeId, userId: order.userId, status: "delivered" });
  return { message: `Order ${order.orderId} marked delivered by an admin` };
}
