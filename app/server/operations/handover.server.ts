/**
 * The handover (docs/decisions/027-store-operations.md): packed → ready (for pickup) → out for
 * delivery with a rider → delivered with the shopper's 4-digit code. Every move is one batch: the
 * history row, then the order's update, both guarded by the state it moves from, so parallel
 * presses move it once. A wrong code is counted in the same statement that checks it, never more
 * than DELIVERY_CODE_TRIES times; then only an admin can mark it delivered, with a reason.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, ne, not, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { orders, orderStatusHistory, type OrderStatus, rateLimitCounters, storeStaff, stores, users } from "~/db/schema";
import { newId } from "~/lib/ids";
import { DELIVERY_CODE_TRIES, STATUS_LABELS } from "~/lib/order-status";
import { Refusal } from "~/lib/refusal";
import type { RiderInput } from "~/lib/schemas/store-ops";
import { type Database, getDb } from "~/server/db/db.server";
import type { SessionUser } from "~/server/identity/auth.server";
import { worksAt } from "~/server/identity/store-access.server";
import { newDeliveryCode } from "~/server/orders/fulfilment.server";
import { publishOrderChange } from "~/server/orders/order-events.server";
import { sendMail } from "~/server/identity/mail.server";
import { publishStaffLocked } from "./store-channel.server";

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
 * Wrong delivery codes per staff account, across orders: at most STAFF_WRONG_CODES in
 * STAFF_CODE_WINDOW_MS; the last of them locks the account out of delivering for
 * STAFF_CODE_LOCK_MS (right codes too) and tells the store (its live channel) and its manager (mail).
 */
const STAFF_WRONG_CODES = 10;
const STAFF_CODE_WINDOW_MS = 60 * 60_000;
const STAFF_CODE_LOCK_MS = 30 * 60_000;
const staffCodeKey = (userId: string) => `delivery-code:${userId}`;

/**
 * The staff counter's statement, first in the delivery's batch: a wrong code for an order still
 * open counts one, saturating at STAFF_WRONG_CODES + 1 (tries while locked never lengthen the lock);
 * the STAFF_WRONG_CODES-th starts the lock. A right code, or an order no longer open, changes
 * nothing. Returns the count when it counted.
 */
function countWrongCode(db: Database, key: string, open: SQL, right: SQL, now: number) {
  const { count, resetAt } = rateLimitCounters;
  return db
    .insert(rateLimitCounters)
    .select(
      db
        .select({
          key: sql<string>`${key}`.as("key"),
          count: sql<number>`1`.as("count"),
          resetAt: sql<number>`${now + STAFF_CODE_WINDOW_MS}`.as("reset_at"),
        })
        .from(orders)
        .where(and(open, not(right))),
    )
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${resetAt} <= ${now} then 1 when ${count} < ${STAFF_WRONG_CODES} then ${count} + 1 else ${STAFF_WRONG_CODES + 1} end`,
        resetAt: sql`case when ${resetAt} <= ${now} then ${now + STAFF_CODE_WINDOW_MS} when ${count} = ${STAFF_WRONG_CODES - 1} then ${now + STAFF_CODE_LOCK_MS} else ${resetAt} end`,
      },
    })
    .returning({ count, resetAt });
}

/**
 * True while the staff member may still deliver, read AFTER countWrongCode in the same batch: a wrong
 * code is allowed while the count, its own included, is within STAFF_WRONG_CODES; a right one only
 * below it (nothing counted it).
 */
function staffMayDeliver(key: string, right: SQL, now: number) {
  const { count, resetAt } = rateLimitCounters;
  return sql`coalesce((select ${count} from ${rateLimitCounters} where ${rateLimitCounters.key} = ${key} and ${resetAt} > ${now}), 0)
    <= case when ${right} then ${STAFF_WRONG_CODES - 1} else ${STAFF_WRONG_CODES} end`;
}

/** The staff member's lock, read only to say why a delivery was refused: when it ends, or null. */
async function staffLockedUntil(db: Database, key: string): Promise<number | null> {
  const row = await db
    .select({ count: rateLimitCounters.count, resetAt: rateLimitCounters.resetAt })
    .from(rateLimitCounters)
    .where(eq(rateLimitCounters.key, key))
    .get();
  return row && row.count >= STAFF_WRONG_CODES && row.resetAt > Date.now() ? row.resetAt : null;
}

function staffLocked(until: number) {
  const minutes = Math.max(1, Math.ceil((until - Date.now()) / 60_000));
  return new Refusal(`Too many wrong delivery codes from your account: you can deliver again in ${minutes} min. Your store's manager was told.`, 429, {
    headers: { "Retry-After": String(Math.max(1, Math.ceil((until - Date.now()) / 1000))) },
    data: { lockedUntil: new Date(until).toISOString() },
  });
}

/**
 * The rider enters the shopper's code. ONE batch decides it: the staff member's counter first
 * (countWrongCode), then the history row and the order's update, both only while the order has
 * fewer than DELIVERY_CODE_TRIES wrong codes and the staff member is not locked out; the order's
 * update counts a wrong code, the history row needs the right one. 400 wrong code (with the tries
 * left), 409 the order locked or not out, 429 the staff member locked out.
 */
export async function deliverWithCode(context: AppLoadContext, input: { orderId: string; user: SessionUser; code: string }): Promise<{ message: string }> {
  const db = getDb(context);
  const order = await orderInState(db, input.user, input.orderId, "out_for_delivery", "marked delivered");
  if (order.deliveryCodeTries >= DELIVERY_CODE_TRIES) throw new Refusal(LOCKED, 409);
  const now = Date.now();
  const key = staffCodeKey(input.user.id);
  const open = and(eq(orders.id, order.id), eq(orders.status, "out_for_delivery"), sql`${orders.deliveryCodeTries} < ${DELIVERY_CODE_TRIES}`)!;
  const right = sql`${orders.deliveryCode} = ${input.code}`;
  const allowed = and(open, staffMayDeliver(key, right, now))!;
  const [counted, , rows] = await db.batch([
    countWrongCode(db, key, open, right, now),
    historyRow(db, and(allowed, right)!, "delivered", input.user.id, "Delivered: the shopper's code was given", now),
    db
      .update(orders)
      .set({
        status: sql`case when ${right} then 'delivered' else ${orders.status} end`,
        deliveryCodeTries: sql`case when ${right} then ${orders.deliveryCodeTries} else ${orders.deliveryCodeTries} + 1 end`,
        version: sql`${orders.version} + case when ${right} then 1 else 0 end`,
        updatedAt: now,
      })
      .where(allowed)
      .returning({ status: orders.status, tries: orders.deliveryCodeTries }),
  ]);
  // This wrong code was the one that locked the account: tell the store and its manager, once.
  const lockedNow = counted[0]?.count === STAFF_WRONG_CODES ? counted[0].resetAt : null;
  if (lockedNow) await tellStaffLocked(context, input.user, order.storeId, lockedNow);
  const row = rows[0];
  if (!row) {
    const until = await staffLockedUntil(db, key);
    if (until) throw staffLocked(until);
    const now = await readOrder(db, order.id);
    if (now?.status === "out_for_delivery") throw new Refusal(LOCKED, 409);
    throw changed();
  }
  if (row.status !== "delivered") {
    const left = DELIVERY_CODE_TRIES - row.tries;
    const message = [
      left > 0 ? `Wrong delivery code: ${left} ${left === 1 ? "try" : "tries"} left` : `Wrong delivery code. ${LOCKED}`,
      lockedNow ? staffLocked(lockedNow).message : null,
    ]
      .filter(Boolean)
      .join(" ");
    throw new Refusal(message, left > 0 ? 400 : 409, { fields: { code: [message] }, data: { triesLeft: left } });
  }
  await publishOrderChange(context, { orderId: order.id, storeId: order.storeId, userId: order.userId, status: "delivered" });
  return { message: `Order ${order.orderId} delivered` };
}

/**
 * A staff member just got locked out of deliveries: a notice on the store's live channel and a mail
 * to the store's managers (decision 041); without one, to the admin who made them staff there, and
 * to every admin when that account is gone.
 */
async function tellStaffLocked(context: AppLoadContext, user: SessionUser, storeId: string | null, until: number) {
  if (storeId) await publishStaffLocked(context, storeId, user.id, until);
  const db = getDb(context);
  const colleague = alias(storeStaff, "colleague");
  const [storeManagers, addedBy, admins] = await db.batch([
    db
      .select({ email: users.email, store: stores.name })
      .from(storeStaff)
      .innerJoin(colleague, and(eq(colleague.storeId, storeStaff.storeId), eq(colleague.role, "manager"), ne(colleague.userId, user.id)))
      .innerJoin(users, eq(users.id, colleague.userId))
      .innerJoin(stores, eq(stores.id, storeStaff.storeId))
      .where(eq(storeStaff.userId, user.id))
      .orderBy(users.email)
      .limit(20),
    db
      .select({ email: users.email, store: stores.name })
      .from(storeStaff)
      .innerJoin(users, eq(users.id, storeStaff.addedBy))
      .innerJoin(stores, eq(stores.id, storeStaff.storeId))
      .where(and(eq(storeStaff.userId, user.id), eq(users.role, "ADMIN"))),
    db.select({ email: users.email }).from(users).where(eq(users.role, "ADMIN")).orderBy(users.email).limit(20),
  ]);
  const managers = storeManagers.length ? storeManagers : addedBy;
  const to = managers.length ? managers.map((m) => m.email) : admins.map((a) => a.email);
  const store = managers[0]?.store ?? "their store";
  const text = [
    `${user.name} (${user.email}) entered ${STAFF_WRONG_CODES} wrong delivery codes within an hour at ${store}.`,
    `Their account cannot mark orders delivered until ${new Date(until).toISOString()} (UTC).`,
    "If this was not a mistake, remove them from the store's staff; an admin can mark an order delivered with a reason.",
  ].join("\n\n");
  for (const address of to) await sendMail(context, { to: address, subject: `${user.name} is locked out of deliveries`, text });
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
