/**
 * One D1 round trip for the loaders of one page request. Remix starts every loader of a document
 * (or data) request in the same turn, and on a signed-in page two of them read D1: the root's
 * visitor (session user, cart, notices) and the page's own data. Each takes a seat here as it
 * starts; their reads go to D1 together once every seat has sent its queries or left (decision 016:
 * a round trip fewer per signed-in page: in production, one network hop to the database fewer).
 *
 * The rules that keep it safe:
 * - Reads only: a batch is one transaction, and loaders only read.
 * - Only GET and HEAD (requests with a per-request memo): after an action the loaders must see what
 *   it wrote, and actions never share.
 * - A seat is held inside `withSharedBatch` only, and left when its callback settles, so a loader
 *   that throws (404, redirect) never keeps the others waiting. A seat's holder must not wait on
 *   another seat's answer before sending its own (e.g. `requireUser` before its batch): it would
 *   wait for itself. Loaders that need the user first send their batch on their own, after it.
 * - Only a seat's first batch is shared; later ones go straight to D1.
 * - If the shared batch fails, each seat's queries are sent again on their own, so one loader's
 *   failure (the home shelves' error element) stays its own and the header still renders.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getDb, type Database } from "./db.server";

/** Drizzle's `db.batch`, typed per call: the seat's own queries in, their results out. */
export type SharedBatch = Database["batch"];
type Queries = Parameters<SharedBatch>[0];
type Results = readonly unknown[];

interface Entry {
  queries: Queries;
  resolve: (results: Results) => void;
  reject: (error: unknown) => void;
}

interface Table {
  /** Seats taken and not yet sent or left. */
  waiting: number;
  entries: Entry[];
}

const tables = new WeakMap<AppLoadContext, Table>();

/**
 * Runs `load` with a seat at this request's shared batch: `batch` sends the seat's first queries
 * with every other seat's, in one D1 round trip. Outside GET/HEAD loaders it is plain `db.batch`.
 */
export async function withSharedBatch<T>(context: AppLoadContext, load: (batch: SharedBatch) => Promise<T>): Promise<T> {
  const db = getDb(context);
  const direct: SharedBatch = (queries) => db.batch(queries);
  if (!context.memo) return load(direct);
  const table = tables.get(context) ?? { waiting: 0, entries: [] };
  tables.set(context, table);
  table.waiting++;
  let seated = true;
  const stand = () => {
    if (!seated) return false;
    seated = false;
    table.waiting--;
    return true;
  };
  const batch = ((queries: Queries) => {
    if (!stand()) return direct(queries);
    const answer = new Promise<Results>((resolve, reject) => table.entries.push({ queries, resolve, reject }));
    sendWhenAllSent(db, table);
    return answer;
  }) as SharedBatch;
  try {
    return await load(batch);
  } finally {
    if (stand()) sendWhenAllSent(db, table);
  }
}

/**
 * Sends once no seat is still waiting, looked at a microtask later: loaders started in the same
 * turn have all taken their seats by then, even one whose callback sends without awaiting.
 */
function sendWhenAllSent(db: Database, table: Table) {
  queueMicrotask(() => {
    if (table.waiting === 0) send(db, table);
  });
}

/** Sends the queued queries in one batch and hands each seat its own slice of the results. */
function send(db: Database, table: Table) {
  const entries = table.entries.splice(0);
  if (!entries.length) return;
  if (entries.length === 1) {
    const [only] = entries;
    db.batch(only.queries).then(only.resolve, only.reject);
    return;
  }
  const all = entries.flatMap((e) => e.queries) as unknown as Queries;
  db.batch(all).then(
    (results) => {
      let at = 0;
      for (const e of entries) {
        e.resolve(results.slice(at, at + e.queries.length));
        at += e.queries.length;
      }
    },
    () => {
      for (const e of entries) db.batch(e.queries).then(e.resolve, e.reject);
    },
  );
}
