/** Addresses: every query is scoped to the signed-in user; others' ids behave as missing (404). */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { newId } from "~/lib/ids";
import type { AddressInput } from "~/lib/schemas/address";
import { getD1 } from "./db.server";

export interface AddressRow {
  id: string;
  address_line: string;
  city: string;
  state: string;
  country: string;
  pincode: string;
  mobile: string;
  status: number;
  created_at: number;
}

const COLUMNS = "id, address_line, city, state, country, pincode, mobile, status, created_at";

export function activeAddressesStatement(d1: D1Database, userId: string) {
  return d1
    .prepare(`select ${COLUMNS} from addresses where user_id = ? and status = 1 order by created_at, id`)
    .bind(userId);
}

export async function listAddresses(context: AppLoadContext, userId: string): Promise<AddressRow[]> {
  const { results } = await activeAddressesStatement(getD1(context), userId).all<AddressRow>();
  return results;
}

export async function getOwnAddress(context: AppLoadContext, userId: string, id: string): Promise<AddressRow | null> {
  return getD1(context)
    .prepare(`select ${COLUMNS} from addresses where id = ? and user_id = ? and status = 1`)
    .bind(id, userId)
    .first<AddressRow>();
}

export async function createAddress(context: AppLoadContext, userId: string, input: AddressInput): Promise<AddressRow> {
  const row = await getD1(context)
    .prepare(
      `insert into addresses (id, user_id, address_line, city, state, country, pincode, mobile)
       values (?, ?, ?, ?, ?, ?, ?, ?) returning ${COLUMNS}`,
    )
    .bind(newId(), userId, input.address_line, input.city, input.state, input.country, input.pincode, input.mobile)
    .first<AddressRow>();
  return row!;
}

/** Returns null when the address is not the user's (or was removed). */
export async function updateAddress(
  context: AppLoadContext,
  userId: string,
  id: string,
  input: AddressInput,
): Promise<AddressRow | null> {
  return getD1(context)
    .prepare(
      `update addresses set address_line = ?, city = ?, state = ?, country = ?, pincode = ?, mobile = ?,
              updated_at = unixepoch() * 1000
        where id = ? and user_id = ? and status = 1 returning ${COLUMNS}`,
    )
    .bind(input.address_line, input.city, input.state, input.country, input.pincode, input.mobile, id, userId)
    .first<AddressRow>();
}

/** Soft disable (status false): kept for past orders, hidden everywhere else. */
export async function disableAddress(context: AppLoadContext, userId: string, id: string): Promise<boolean> {
  const result = await getD1(context)
    .prepare("update addresses set status = 0, updated_at = unixepoch() * 1000 where id = ? and user_id = ? and status = 1")
    .bind(id, userId)
    .run();
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
