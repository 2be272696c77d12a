/**
 * Whose deliveries a caller may read (the rider page and `GET /api/rider/deliveries`): staff their
 * own at their store; admins anyone's (`riderId`), at one store or all (`storeId`). Plus the
 * rider's own till of today at that store (what they collected and handed over).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { stores } from "~/db/schema";
import { parseMetricsDay } from "~/lib/metrics-day";
import { Refusal } from "~/lib/refusal";
import { getDb } from "~/server/db/db.server";
import type { SessionUser } from "~/server/identity/auth.server";
import { loadRiderDeliveries, type RiderDelivery } from "./rider.server";
import { readTill } from "./till.server";

export interface RiderView {
  riderId: string;
  storeId: string | null;
  /** The store named, null when none is or it does not exist. */
  store: { id: string; name: string } | null;
  deliveries: RiderDelivery[];
  /** The rider's figures of today at the store (null when no store is named). */
  today: { day: string; orders: number; collected: number; handedOver: number; difference: number } | null;
}

/** The rider and store a caller asks about, after the access rule: 403 for another rider's list or another store. */
export function riderScope(user: SessionUser, asked: { storeId?: string; riderId?: string }): { riderId: string; storeId: string | null } {
  if (user.role === "ADMIN") return { riderId: asked.riderId ?? user.id, storeId: asked.storeId ?? null };
  if (!user.staffStoreId) throw new Refusal("Do not have permission", 403);
  if (asked.riderId && asked.riderId !== user.id) throw new Refusal("Do not have permission: you can see only your own deliveries", 403);
  if (asked.storeId && asked.storeId !== user.staffStoreId) throw new Refusal("Do not have permission: you do not work at this store", 403);
  return { riderId: user.id, storeId: user.staffStoreId };
}

export async function loadRiderView(context: AppLoadContext, scope: { riderId: string; storeId: string | null }): Promise<RiderView> {
  const day = parseMetricsDay(null, Date.now())!;
  const [store, deliveries, till] = await Promise.all([
    scope.storeId ? getDb(context).select({ id: stores.id, name: stores.name }).from(stores).where(eq(stores.id, scope.storeId)).get() : null,
    loadRiderDeliveries(context, scope),
    scope.storeId ? readTill(context, scope.storeId, day, scope.riderId) : Promise.resolve(null),
  ]);
  const own = till?.riders.find((r) => r.riderId === scope.riderId);
  const today = till
    ? { day: day.day, orders: own?.orders ?? 0, collected: own?.collected ?? 0, handedOver: own?.handedOver ?? 0, difference: own?.difference ?? 0 }
    : null;
  return { ...scope, store: store ?? null, deliveries, today };
}
