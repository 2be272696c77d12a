/**
 * Store staff (docs/decisions/027-store-operations.md): admins assign a shopper account to one
 * store by email, and remove it. Each write is one statement that decides it; a refusal is read
 * afterwards only to say why.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, sql } from "drizzle-orm";
import { stores, storeStaff, users } from "~/db/schema";
import { Refusal } from "~/lib/refusal";
import { STAFF_ROLE_LABELS, type StaffRole } from "~/lib/staff-roles";
import { getDb } from "~/server/db/db.server";
import { closeStaffSockets } from "./store-channel.server";

/** A store's staff, longest-serving first. */
export async function listStaff(context: AppLoadContext, storeId: string) {
  return getDb(context)
    .select({ userId: users.id, name: users.name, email: users.email, mobile: users.mobile, role: storeStaff.role, since: storeStaff.createdAt })
    .from(storeStaff)
    .innerJoin(users, eq(users.id, storeStaff.userId))
    .where(eq(storeStaff.storeId, storeId))
    .orderBy(asc(storeStaff.createdAt), asc(users.email));
}

export type StaffMember = Awaited<ReturnType<typeof listStaff>>[number];

/** The store a staff page is about: its name and promise, or null when there is no such store. */
export async function storeBasics(context: AppLoadContext, storeId: string) {
  const row = await getDb(context)
    .select({ id: stores.id, name: stores.name, baseDeliveryMinutes: stores.baseDeliveryMinutes })
    .from(stores)
    .where(eq(stores.id, storeId))
    .get();
  return row ?? null;
}

/**
 * Makes the account with `email` staff of the store as `role` (a picker when absent), or changes the
 * role of one already there. One statement decides it: only an existing USER (admins already see
 * every store) who is not staff of another store; again at the same store without a role: 200.
 */
export async function addStaff(context: AppLoadContext, input: { storeId: string; email: string; role?: StaffRole; by: string }): Promise<{ message: string }> {
  const db = getDb(context);
  const now = Date.now();
  const insert = db.insert(storeStaff).select(
    db
      .select({
        userId: users.id,
        storeId: sql<string>`${input.storeId}`.as("store_id"),
        addedBy: sql<string>`${input.by}`.as("added_by"),
        createdAt: sql<number>`${now}`.as("created_at"),
        role: sql<StaffRole>`${input.role ?? "picker"}`.as("role"),
      })
      .from(users)
      .where(and(eq(users.email, input.email), eq(users.role, "USER"), sql`exists (select 1 from ${stores} where ${stores.id} = ${input.storeId})`)),
  );
  // A role given for someone already here changes theirs; never for a member of another store.
  const written = await (
    input.role
      ? insert.onConflictDoUpdate({ target: storeStaff.userId, set: { role: input.role }, setWhere: eq(storeStaff.storeId, input.storeId) })
      : insert.onConflictDoNothing()
  ).returning({ userId: storeStaff.userId, role: storeStaff.role, createdAt: storeStaff.createdAt });
  const row = written[0];
  if (row) {
    const role = STAFF_ROLE_LABELS[row.role].toLowerCase();
    return { message: row.createdAt === now ? `${input.email} is now staff at this store (${role})` : `${input.email} is now a ${role} at this store` };
  }

  const [user, store] = await db.batch([
    db
      .select({ role: users.role, storeId: storeStaff.storeId, storeName: stores.name })
      .from(users)
      .leftJoin(storeStaff, eq(storeStaff.userId, users.id))
      .leftJoin(stores, eq(stores.id, storeStaff.storeId))
      .where(eq(users.email, input.email)),
    db.select({ id: stores.id }).from(stores).where(eq(stores.id, input.storeId)),
  ]);
  if (!store.length) throw new Refusal("No such store", 404);
  const found = user[0];
  if (!found) throw new Refusal(`No account uses ${input.email}: ask them to register first`, 404, { fields: { email: ["No account uses this email"] } });
  if (found.role === "ADMIN")
    throw new Refusal(`${input.email} is an admin: admins already work every store`, 409, { fields: { email: ["Admins already work every store"] } });
  if (found.storeId === input.storeId) return { message: `${input.email} is already staff at this store` };
  throw new Refusal(`${input.email} is staff at ${found.storeName ?? "another store"}: remove them there first`, 409, {
    fields: { email: ["Already staff at another store"] },
  });
}

/**
 * Removes the account with `email` from the store's staff (404 when they are not its staff), then
 * closes their sockets on the store's live channel before answering: a removed member hears no
 * later notice of the store's orders.
 */
export async function removeStaff(context: AppLoadContext, input: { storeId: string; email: string }): Promise<{ message: string }> {
  const removed = await getDb(context)
    .delete(storeStaff)
    .where(and(eq(storeStaff.storeId, input.storeId), sql`${storeStaff.userId} = (select ${users.id} from ${users} where ${users.email} = ${input.email})`))
    .returning({ userId: storeStaff.userId });
  if (!removed.length) throw new Refusal(`${input.email} is not staff at this store`, 404);
  await closeStaffSockets(context, input.storeId, removed[0].userId);
  return { message: `${input.email} is no longer staff at this store` };
}
