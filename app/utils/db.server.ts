import type { AppLoadContext } from "@remix-run/cloudflare";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "~/db/schema";
import { countD1Call } from "./server-timing.server";

export type Database = ReturnType<typeof createDb>;

function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

/** A Drizzle client for this request; counts D1 round trips for the bench Server-Timing header. */
export function getDb(context: AppLoadContext): Database {
  return createDb(countD1Call(context));
}

/** The raw D1 binding for hand-written SQL (upserts, conditional updates), counted like getDb. */
export function getD1(context: AppLoadContext): D1Database {
  return countD1Call(context);
}

export { schema };
