import type { AppLoadContext } from "@remix-run/cloudflare";
import { createTableRelationsHelpers, extractTablesRelationalConfig } from "drizzle-orm";
import { DrizzleD1Database } from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "~/db/schema";
import { NamedColumnsD1Session } from "./named-columns.server";
import { withRewordedErrors } from "./reworded-errors.server";
import { countD1Call } from "./server-timing.server";

export type Database = DrizzleD1Database<typeof schema>;

/**
 * What `drizzle(d1, { schema })` derives from the schema on every call: the tables' relations
 * (walking every table and column) and the SQL dialect. Both are pure functions of code, so they are
 * built once per isolate; each request only wraps its own D1 binding (decision 016). Nothing
 * request-bound is kept here.
 */
const dialect = new SQLiteAsyncDialect();
const tablesConfig = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
const relationalSchema = { fullSchema: schema, schema: tablesConfig.tables, tableNamesMap: tablesConfig.tableNamesMap };

function createDb(d1: D1Database): Database {
  const session = new NamedColumnsD1Session(d1, dialect, relationalSchema);
  return new DrizzleD1Database("async", dialect, session, relationalSchema) as Database;
}

/**
 * Drizzle clients by request, so a page whose loaders each ask for the database wraps its binding
 * once. Keyed by the request's context, so nothing outlives the request.
 */
const requestDbs = new WeakMap<AppLoadContext, Database>();

/**
 * The one place the binding is taken: this request's D1 session (a replica may answer its reads,
 * from the visitor's bookmark when they wrote lately: d1-session.server.ts, decision 026), or the
 * binding itself for a context built without one (tests, scripts). Counted for the bench's
 * Server-Timing header (server-timing.server.ts wraps whatever it is given).
 */
function requestD1(context: AppLoadContext): D1Database {
  return withRewordedErrors(context, countD1Call(context, context.d1?.db ?? context.cloudflare.env.DB));
}

/** A Drizzle client for this request's D1 session; counts D1 round trips for the bench Server-Timing header. */
export function getDb(context: AppLoadContext): Database {
  let db = requestDbs.get(context);
  if (!db) {
    db = createDb(requestD1(context));
    requestDbs.set(context, db);
  }
  return db;
}

/** This request's D1 session for hand-written SQL (upserts, conditional updates), counted like getDb. */
export function getD1(context: AppLoadContext): D1Database {
  return requestD1(context);
}
