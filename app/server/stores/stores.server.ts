/**
 * Dark stores (docs/decisions/020-dark-stores.md): which store serves a pincode, the shopper's
 * chosen location (a signed cookie, also saved on the account), "tell me when you do" requests and
 * the admin's store list.
 *
 * Pages learn the store from the cookie alone (no D1 round trip): it carries what the header needs
 * (pincode, store id, name, ETA). D1 is asked only when a pincode is chosen, at login, and by admins.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, desc, eq, exists, gte, lte, ne, sql } from "drizzle-orm";
import * as z from "zod";
import { storeNotifyRequests, storePincodeRanges, stores, users, nowMs } from "~/db/schema";
import { ID_PATTERN, newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import type { DeliveryLocation } from "~/lib/hooks/use-delivery-location";
import { PINCODE_PATTERN, type PincodeRange, type StoreInput } from "~/lib/schemas/store";
import { parseCookie, signedCookie } from "~/server/platform/cookies.server";
import { type Database, getDb } from "~/server/db/db.server";
import { LOCATION_COOKIE } from "~/server/http/location-cookie.server";

// ---------------------------------------------------------------------------------------------
// Resolving a pincode

/** What a shopper and the /api see of the store serving them. */
const servingStoreColumns = { _id: stores.id, name: stores.name, etaMinutes: stores.baseDeliveryMinutes };

/** The active stores whose ranges contain `pincode` (a number, for the range comparison). */
const servesPincode = (pincode: number) =>
  and(lte(storePincodeRanges.fromPincode, pincode), gte(storePincodeRanges.toPincode, pincode), eq(stores.active, true));

/**
 * The one statement that resolves a pincode: the fastest active store serving it (overlapping
 * areas go to the quicker store, ties to the older id), or no row.
 */
function storeForPincodeQuery(db: Database, pincode: string) {
  return db
    .select(servingStoreColumns)
    .from(storePincodeRanges)
    .innerJoin(stores, eq(stores.id, storePincodeRanges.storeId))
    .where(servesPincode(Number(pincode)))
    .orderBy(asc(stores.baseDeliveryMinutes), asc(stores.id))
    .limit(1);
}

export type ServingStore = NonNullable<Awaited<ReturnType<ReturnType<typeof storeForPincodeQuery>["get"]>>>;

/** The active store serving a (valid) pincode, or null: one D1 round trip. */
export async function storeForPincode(context: AppLoadContext, pincode: string): Promise<ServingStore | null> {
  return (await storeForPincodeQuery(getDb(context), pincode).get()) ?? null;
}

// ---------------------------------------------------------------------------------------------
// The shopper's choice: a signed cookie

const LOCATION_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const cookieValueSchema = z.object({
  p: z.string().regex(PINCODE_PATTERN),
  s: z.string().regex(ID_PATTERN),
  n: z.string().min(1).max(60),
  e: z.number().int().min(1).max(240),
});

function locationCookie(context: AppLoadContext) {
  return signedCookie(context, LOCATION_COOKIE, LOCATION_MAX_AGE_SECONDS);
}

/** The verified location from the request's cookie, or null (absent, forged or malformed). No D1. */
export async function readLocation(request: Request, context: AppLoadContext): Promise<DeliveryLocation | null> {
  return readLocationCookie(request.headers.get("Cookie"), context);
}

async function readLocationCookie(header: string | null, context: AppLoadContext): Promise<DeliveryLocation | null> {
  if (!header?.includes(`${LOCATION_COOKIE}=`)) return null;
  const parsed = cookieValueSchema.safeParse(await parseCookie(locationCookie(context), header));
  if (!parsed.success) return null;
  const { p, s, n, e } = parsed.data;
  return { pincode: p, storeId: s, storeName: n, etaMinutes: e };
}

/** The Set-Cookie header value that remembers this location in the browser. */
export function commitLocation(context: AppLoadContext, pincode: string, store: ServingStore): Promise<string> {
  return locationCookie(context).serialize({ p: pincode, s: store._id, n: store.name, e: store.etaMinutes });
}

/**
 * Resolves a chosen pincode and, for a signed-in shopper, saves it on the account in the same
 * batch (one round trip; the account only ever keeps a served pincode). Returns the serving store,
 * or null when no active store serves it.
 */
export async function chooseLocation(context: AppLoadContext, pincode: string, userId: string | null): Promise<ServingStore | null> {
  const db = getDb(context);
  const resolve = storeForPincodeQuery(db, pincode);
  if (!userId) return (await resolve.get()) ?? null;
  const served = db
    .select({ one: sql`1` })
    .from(storePincodeRanges)
    .innerJoin(stores, eq(stores.id, storePincodeRanges.storeId))
    .where(servesPincode(Number(pincode)));
  const [found] = await db.batch([
    resolve,
    db
      .update(users)
      .set({ deliveryPincode: pincode })
      .where(and(eq(users.id, userId), exists(served))),
  ]);
  return found[0] ?? null;
}

/**
 * At login the choice meets the account: a location chosen in this browser is saved on the account
 * (the freshest choice wins); without one, the account's saved pincode is resolved and remembered
 * in this browser. Returns the Set-Cookie to add, if any.
 */
export async function carryLocationAcrossLogin(request: Request, context: AppLoadContext, userId: string): Promise<string | null> {
  const db = getDb(context);
  const chosen = await readLocation(request, context);
  if (chosen) {
    await db.update(users).set({ deliveryPincode: chosen.pincode }).where(eq(users.id, userId));
    return null;
  }
  const saved = await db
    .select({ pincode: users.deliveryPincode, ...servingStoreColumns })
    .from(users)
    .innerJoin(storePincodeRanges, sql`cast(${users.deliveryPincode} as integer) between ${storePincodeRanges.fromPincode} and ${storePincodeRanges.toPincode}`)
    .innerJoin(stores, and(eq(stores.id, storePincodeRanges.storeId), eq(stores.active, true)))
    .where(eq(users.id, userId))
    .orderBy(asc(stores.baseDeliveryMinutes), asc(stores.id))
    .limit(1)
    .get();
  if (!saved?.pincode) return null;
  const { pincode, ...store } = saved;
  return commitLocation(context, pincode, store);
}

/** The edge cache's variant for a request: the verified store and pincode, or "none" (decision 020). */
export async function locationCacheVariant(header: string | null, context: AppLoadContext): Promise<string> {
  const location = await readLocationCookie(header, context);
  return location ? `${location.storeId}-${location.pincode}` : "none";
}

// ---------------------------------------------------------------------------------------------
// "Tell me when you do"

/** Stores the request once per email and pincode; asking again changes nothing. */
export async function requestStoreNotification(context: AppLoadContext, email: string, pincode: string) {
  await getDb(context)
    .insert(storeNotifyRequests)
    .values({ id: newId(), email: email.trim().toLowerCase(), pincode })
    .onConflictDoNothing({ target: [storeNotifyRequests.email, storeNotifyRequests.pincode] });
}

// ---------------------------------------------------------------------------------------------
// Admin

const storeColumns = {
  id: stores.id,
  name: stores.name,
  address: stores.address,
  city: stores.city,
  opensAt: stores.opensAt,
  closesAt: stores.closesAt,
  baseDeliveryMinutes: stores.baseDeliveryMinutes,
  active: stores.active,
  isDefault: stores.isDefault,
  /** The seller on the GST invoice (decision 031). */
  legalName: stores.legalName,
  state: stores.state,
  gstin: stores.gstin,
  /** The invoice series code and FSSAI licence (decision 038). */
  invoiceSeries: stores.invoiceSeries,
  fssaiLicence: stores.fssaiLicence,
  /** Minutes a shopper has to answer a substitution (decision 043). */
  substitutionMinutes: stores.substitutionMinutes,
};

/** The most recent "tell me when you do" requests shown to admins. */
const NOTIFY_LIST_LIMIT = 200;

/** Every store with its ranges, and the latest notify requests: one batch (one round trip). */
export async function listStoresForAdmin(context: AppLoadContext) {
  const db = getDb(context);
  const [storeRows, rangeRows, requests] = await db.batch([
    db.select(storeColumns).from(stores).orderBy(desc(stores.isDefault), asc(stores.city), asc(stores.name)),
    db
      .select({ storeId: storePincodeRanges.storeId, from: storePincodeRanges.fromPincode, to: storePincodeRanges.toPincode })
      .from(storePincodeRanges)
      .orderBy(asc(storePincodeRanges.storeId), asc(storePincodeRanges.fromPincode)),
    db
      .select({ email: storeNotifyRequests.email, pincode: storeNotifyRequests.pincode, createdAt: storeNotifyRequests.createdAt })
      .from(storeNotifyRequests)
      .orderBy(desc(storeNotifyRequests.createdAt), asc(storeNotifyRequests.id))
      .limit(NOTIFY_LIST_LIMIT),
  ]);
  const rangesOf = (id: string): PincodeRange[] => rangeRows.filter((r) => r.storeId === id).map(({ from, to }) => ({ from, to }));
  return { stores: storeRows.map((store) => ({ ...store, ranges: rangesOf(store.id) })), requests };
}

export type AdminStore = Awaited<ReturnType<typeof listStoresForAdmin>>["stores"][number];

/** D1 takes at most 100 bound parameters per statement: ranges go in groups of 30 rows (90). */
const RANGE_ROWS_PER_INSERT = 30;

function rangeInserts(db: Database, storeId: string, ranges: readonly PincodeRange[]) {
  const inserts = [];
  for (let i = 0; i < ranges.length; i += RANGE_ROWS_PER_INSERT) {
    const rows = ranges.slice(i, i + RANGE_ROWS_PER_INSERT).map((r) => ({ storeId, fromPincode: r.from, toPincode: r.to }));
    inserts.push(db.insert(storePincodeRanges).values(rows));
  }
  return inserts;
}

/**
 * Making a store the default first takes the flag from the previous default (at most one default);
 * when `when` is false the statement matches nothing, so batches keep one shape.
 */
function takeDefaultFrom(db: Database, storeId: string, when: boolean) {
  return db
    .update(stores)
    .set({ isDefault: false, updatedAt: nowMs })
    .where(and(eq(stores.isDefault, true), ne(stores.id, storeId), sql`${when ? 1 : 0} = 1`));
}

const NAME_TAKEN = "Another store already has this name";
const nameTaken = () => new Refusal(NAME_TAKEN, 409, { fields: { name: [NAME_TAKEN] } });

/** Whether a store other than `id` holds `name`: read again after a refused write (the name's unique index refused it). */
async function nameHeldByAnother(db: Database, name: string, id: string): Promise<boolean> {
  return Boolean(
    await db
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.name, name), ne(stores.id, id)))
      .get(),
  );
}

const SERIES_TAKEN = "Another store already uses this invoice series";
const seriesTaken = () => new Refusal(SERIES_TAKEN, 409, { fields: { invoiceSeries: [SERIES_TAKEN] } });

/** Whether a store other than `id` holds the invoice series `series`: read again after a refused write (its unique index refused it). */
async function seriesHeldByAnother(db: Database, series: string | undefined, id: string): Promise<boolean> {
  if (!series) return false;
  return Boolean(
    await db
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.invoiceSeries, series), ne(stores.id, id)))
      .get(),
  );
}

/** Adds a store with its ranges in one batch. */
export async function createStore(context: AppLoadContext, input: StoreInput): Promise<string> {
  const db = getDb(context);
  const id = newId();
  const { pincodes: ranges, ...fields } = input;
  try {
    await db.batch([takeDefaultFrom(db, id, input.isDefault), db.insert(stores).values({ id, ...fields, active: true }), ...rangeInserts(db, id, ranges)]);
  } catch (error) {
    if (await nameHeldByAnother(db, input.name, id)) throw nameTaken();
    if (await seriesHeldByAnother(db, input.invoiceSeries, id)) throw seriesTaken();
    throw error;
  }
  return id;
}

/**
 * Replaces a store's fields and ranges in one batch (all or nothing). The default store stays the
 * default: another store becomes the default by being saved as such. Returns false when there is
 * no such store (its range inserts fail the foreign key and the whole batch rolls back).
 */
export async function updateStore(context: AppLoadContext, id: string, input: StoreInput): Promise<boolean> {
  const db = getDb(context);
  const { pincodes: ranges, isDefault, ...fields } = input;
  try {
    const [, updated] = await db.batch([
      takeDefaultFrom(db, id, isDefault),
      db
        .update(stores)
        .set({ ...fields, ...(isDefault ? { isDefault: true, active: true } : {}), updatedAt: nowMs })
        .where(eq(stores.id, id))
        .returning({ id: stores.id }),
      db.delete(storePincodeRanges).where(eq(storePincodeRanges.storeId, id)),
      ...rangeInserts(db, id, ranges),
    ]);
    return updated.length > 0;
  } catch (error) {
    // The store's ranges reference it: for a store that does not exist their inserts refuse the batch.
    if (await nameHeldByAnother(db, input.name, id)) throw nameTaken();
    if (await seriesHeldByAnother(db, input.invoiceSeries, id)) throw seriesTaken();
    if (!(await db.select({ id: stores.id }).from(stores).where(eq(stores.id, id)).get())) return false;
    throw error;
  }
}

/**
 * Activates or deactivates a store (stores are never deleted: orders will point at them). The
 * default store cannot be deactivated. Returns what happened.
 */
export async function setStoreActive(context: AppLoadContext, id: string, active: boolean): Promise<"done" | "missing" | "default"> {
  const db = getDb(context);
  const [row] = await db
    .update(stores)
    .set({ active, updatedAt: nowMs })
    .where(and(eq(stores.id, id), active ? undefined : eq(stores.isDefault, false)))
    .returning({ id: stores.id });
  if (row) return "done";
  const exists = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, id)).get();
  return exists ? "default" : "missing";
}
