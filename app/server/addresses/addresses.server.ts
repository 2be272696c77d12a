/** Addresses: every query is scoped to the signed-in user; others' ids behave as missing (404). */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq } from "drizzle-orm";
import { addresses, nowMs } from "~/db/schema";
import { newId } from "~/lib/ids";
import type { AddressInput } from "~/lib/schemas/address";
import { type Database, getDb } from "~/server/db/db.server";

/** What pages, /api and orders read of an address (the spec's field names). */
const addressColumns = {
  id: addresses.id,
  address_line: addresses.addressLine,
  city: addresses.city,
  state: addresses.state,
  country: addresses.country,
  pincode: addresses.pincode,
  mobile: addresses.mobile,
  status: addresses.status,
  created_at: addresses.createdAt,
};

/** The user's own, still active address, or nothing: the one rule for "may this user use this address". */
const ownActive = (userId: string, id: string) => and(eq(addresses.id, id), eq(addresses.userId, userId), eq(addresses.status, true));

export async function listAddresses(context: AppLoadContext, userId: string) {
  return addressesQuery(getDb(context), userId);
}

/** The shopper's active addresses, oldest first, as a statement for a page's batch (checkout). */
export function addressesQuery(db: Database, userId: string) {
  return db
    .select(addressColumns)
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.status, true)))
    .orderBy(asc(addresses.createdAt), asc(addresses.id));
}

export type AddressRow = Awaited<ReturnType<typeof listAddresses>>[number];

/** The caller's own active address, as a statement callers put in a `db.batch`. */
export function ownAddressQuery(db: Database, userId: string, id: string) {
  return db.select(addressColumns).from(addresses).where(ownActive(userId, id));
}

export async function createAddress(context: AppLoadContext, userId: string, input: AddressInput): Promise<AddressRow> {
  const [row] = await getDb(context)
    .insert(addresses)
    .values({
      id: newId(),
      userId,
      addressLine: input.address_line,
      city: input.city,
      state: input.state,
      country: input.country,
      pincode: input.pincode,
      mobile: input.mobile,
    })
    .returning(addressColumns);
  return row;
}

/** Returns null when the address is not the user's (or was removed). */
export async function updateAddress(context: AppLoadContext, userId: string, id: string, input: AddressInput): Promise<AddressRow | null> {
  const [row] = await getDb(context)
    .update(addresses)
    .set({
      addressLine: input.address_line,
      city: input.city,
      state: input.state,
      country: input.country,
      pincode: input.pincode,
      mobile: input.mobile,
      updatedAt: nowMs,
    })
    .where(ownActive(userId, id))
    .returning(addressColumns);
  return row ?? null;
}

/** Soft disable (status false): kept for past orders, hidden everywhere else. */
export async function disableAddress(context: AppLoadContext, userId: string, id: string): Promise<boolean> {
  const result = await getDb(context).update(addresses).set({ status: false, updatedAt: nowMs }).where(ownActive(userId, id));
  return result.meta.changes > 0;
}

export function serializeAddress(row: AddressRow, userId: string) {
  return {
    _id: row.id,
    userId,
    address_line: row.address_line,
    city: row.city,
    state: row.state,
    country: row.country,
    pincode: row.pincode,
    mobile: row.mobile,
    status: Boolean(row.status),
  };
}
