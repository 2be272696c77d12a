/**
 * Who may work a dark store (docs/decisions/027-store-operations.md): admins every store, a store's
 * staff (a USER with a `store_staff` row, read into the session user as `staffStoreId`) only theirs,
 * shoppers and guests none. An order of another store is "not found" to staff, never "forbidden":
 * staff learn nothing of other stores' orders.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { Refusal } from "~/lib/refusal";
import { requireUser, type SessionUser } from "./auth.server";

/** True when `user` may see and work the store's queue and orders. */
export function worksAt(user: Pick<SessionUser, "role" | "staffStoreId">, storeId: string | null | undefined): boolean {
  if (!storeId) return user.role === "ADMIN";
  return user.role === "ADMIN" || user.staffStoreId === storeId;
}

/** True when `user` may run the store: release others' claims, record riders' cash (decision 041). */
export function managesStore(user: Pick<SessionUser, "role" | "staffStoreId" | "staffRole">, storeId: string | null | undefined): boolean {
  if (user.role === "ADMIN") return true;
  return Boolean(storeId) && user.staffStoreId === storeId && user.staffRole === "manager";
}

/** Admins and staff of any store: who may use the staff pages and /api at all. */
function isStoreWorker(user: Pick<SessionUser, "role" | "staffStoreId">): boolean {
  return user.role === "ADMIN" || Boolean(user.staffStoreId);
}

/** A store page: guests go to the login page; `allowed` is false for anyone not working the store (403 page). */
export async function requireStorePage(request: Request, context: AppLoadContext, storeId: string) {
  const user = await requireUser(request, context);
  return { user, allowed: worksAt(user, storeId) };
}

/** A store page's action: anyone not working the store is refused outright (403). */
export async function requireStoreAction(request: Request, context: AppLoadContext, storeId: string): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (!worksAt(user, storeId)) throw new Refusal("Do not have permission", 403);
  return user;
}

/** An /api caller who works some store (admins, staff); shoppers are refused (403). */
export function assertStoreWorker(user: SessionUser): void {
  if (!isStoreWorker(user)) throw new Refusal("Do not have permission", 403);
}

/** An /api caller asking about one store: 403 unless they work it. */
export function assertWorksAt(user: SessionUser, storeId: string): void {
  if (!worksAt(user, storeId)) throw new Refusal("Do not have permission: you do not work at this store", 403);
}
