/** Addresses: every query is scoped to the signed-in user; others' ids behave as missing (404). */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq } from "drizzle-orm";
import { addresses, nowMs } from "~/db/schema";
import { newId } from "~/lib/ids";
import { placeLookup, unknownPincodeMessage } from "./pincode-lookup.server";
import { stateCode } from "~/lib/invoice/gst";
import { Refusal } from "~/lib/refusal";
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
  recipient_name: addresses.recipientName,
  house: addresses.house,
  floor: addresses.floor,
  building: addresses.building,
  landmark: addresses.landmark,
  label: addresses.label,
  latitude: addresses.latitude,
  longitude: addresses.longitude,
  state_code: addresses.stateCode,
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

/** The place of a pincode the store knows; refused on the `pincode` field otherwise. */
export async function pincodePlace(context: AppLoadContext, pincode: string, status: 400 | 404 = 404) {
  const place = await placeLookup(context)(pincode);
  if (place) return place;
  const message = unknownPincodeMessage(pincode);
  throw new Refusal(message, status, { fields: { pincode: [message] } });
}

/** What an address form or /api body gives, less what only the server decides. */
type AddressFields = Omit<AddressInput, "city" | "state" | "country">;

/**
 * The row's values: city, state and GST state code always from the pincode (decision 035), never
 * as typed; an unknown pincode is refused on its field.
 */
async function addressValues(context: AppLoadContext, input: AddressFields) {
  const place = await pincodePlace(context, input.pincode, 400);
  return {
    recipientName: input.recipient_name,
    house: input.house,
    floor: input.floor,
    building: input.building,
    addressLine: input.street,
    landmark: input.landmark,
    label: input.label,
    latitude: input.latitude,
    longitude: input.longitude,
    city: place.city,
    state: place.state,
    stateCode: place.stateCode,
    country: "India",
    pincode: input.pincode,
    mobile: input.mobile,
  };
}

export async function createAddress(context: AppLoadContext, userId: string, input: AddressFields): Promise<AddressRow> {
  const values = await addressValues(context, input);
  const [row] = await getDb(context)
    .insert(addresses)
    .values({ id: newId(), userId, ...values })
    .returning(addressColumns);
  return row;
}

/** Returns null when the address is not the user's (or was removed). */
export async function updateAddress(context: AppLoadContext, userId: string, id: string, input: AddressFields): Promise<AddressRow | null> {
  const values = await addressValues(context, input);
  const [row] = await getDb(context)
    .update(addresses)
    .set({ ...values, updatedAt: nowMs })
    .where(ownActive(userId, id))
    .returning(addressColumns);
  return row ?? null;
}

/** Soft disable (status false): kept for past orders, hidden everywhere else. */
export async function disableAddress(context: AppLoadContext, userId: string, id: string): Promise<boolean> {
  const result = await getDb(context).update(addresses).set({ status: false, updatedAt: nowMs }).where(ownActive(userId, id));
  return result.meta.changes > 0;
}

/**
 * An address row's GST state code: its own, or for a row saved before it was kept, its typed state's.
 * The invoice does not rely on it: it takes the place of supply from the pincode at issue.
 */
function addressStateCode(row: Pick<AddressRow, "state_code" | "state">): string | null {
  return row.state_code ?? stateCode(row.state);
}

/** The /api shape: the original fields (`address_line` is the street) and the rider's details. */
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
    recipient_name: row.recipient_name,
    house: row.house,
    floor: row.floor,
    building: row.building,
    street: row.address_line,
    landmark: row.landmark,
    label: row.label,
    latitude: row.latitude,
    longitude: row.longitude,
    state_code: addressStateCode(row),
  };
}

/**
 * The address as the order keeps it (`orders.delivery_address`): the original six fields and the
 * rider's details, blank ones left out; the pin as text (the snapshot is strings).
 */
export function deliverySnapshot(row: AddressRow): Record<string, string> {
  const snapshot: Record<string, string> = {
    address_line: row.address_line,
    city: row.city,
    state: row.state,
    country: row.country,
    pincode: row.pincode,
    mobile: row.mobile,
    label: row.label,
  };
  const details = { recipient_name: row.recipient_name, house: row.house, floor: row.floor, building: row.building, landmark: row.landmark };
  for (const [key, value] of Object.entries(details)) if (value) snapshot[key] = value;
  const stateCode = addressStateCode(row);
  if (stateCode) snapshot.state_code = stateCode;
  if (row.latitude !== null && row.longitude !== null) {
    snapshot.latitude = String(row.latitude);
    snapshot.longitude = String(row.longitude);
  }
  return snapshot;
}
