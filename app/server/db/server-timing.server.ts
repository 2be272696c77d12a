import type { AppLoadContext } from "@remix-run/cloudflare";

/**
 * D1's cost per request, for the bench only (`BENCH=1`; otherwise the binding is handed on as it is).
 *
 * - `count`: round trips. Each `prepare().first/all/run/raw` or `batch()` reaching D1 is one.
 * - `statements`: SQL statements sent (a batch counts each of its statements).
 * - `sqlMs`, `rowsRead`, `rowsWritten`: the sums of D1's own `meta` over the request's calls, batches
 *   included: SQLite's time for each statement (`meta.timings.sql_duration_ms` where D1 reports it,
 *   else `meta.duration`; local D1 reports whole milliseconds, so a mean over many requests is the
 *   figure to read), and the rows each statement read and wrote (index rows included, as D1 bills).
 * - `unmetered`: round trips whose meta could not be read (see `withMeta`): the sums then fall short.
 *
 * `d1ServerTiming` turns them into the `Server-Timing` header (`withD1ServerTiming` adds it to any
 * response: pages, data requests and /api alike), e.g.
 * `d1;desc="2 round trips", d1-sql;dur=0.41;desc="3 statements, 118 rows read, 0 rows written"`.
 */
export interface D1Cost {
  count: number;
  statements: number;
  sqlMs: number;
  rowsRead: number;
  rowsWritten: number;
  unmetered: number;
}

/**
 * Kept on the request's context under a registered symbol, not in a module's WeakMap: the Worker
 * entry (workers/app.ts) and the server build each bundle their own copy of this module, and both
 * must see the same figures.
 */
const COST = Symbol.for("grocery-store.d1Cost");

export function d1Counter(context: AppLoadContext): D1Cost {
  const holder = context as unknown as { [COST]?: D1Cost };
  let counter = holder[COST];
  if (!counter) {
    counter = { count: 0, statements: 0, sqlMs: 0, rowsRead: 0, rowsWritten: 0, unmetered: 0 };
    Object.defineProperty(holder, COST, { value: counter });
  }
  return counter;
}

type Meta = Partial<Pick<D1Meta, "duration" | "rows_read" | "rows_written" | "timings">> | undefined;

function addMeta(cost: D1Cost, meta: Meta) {
  cost.sqlMs += meta?.timings?.sql_duration_ms ?? meta?.duration ?? 0;
  cost.rowsRead += meta?.rows_read ?? 0;
  cost.rowsWritten += meta?.rows_written ?? 0;
}

/** What `_sendOrThrow` (below) answers: one result or one per statement, each with its meta. */
type Sent = { meta?: Meta } | { meta?: Meta }[];
type Session = { _sendOrThrow?: (...args: unknown[]) => Promise<Sent> };

/**
 * Runs `first()` or `raw()` and records its meta. Both drop the meta D1 answered with, so this runs
 * them against a stand-in of the statement whose session records what it receives: workerd's D1
 * statement (cloudflare-internal d1-api) sends every call through `this.dbSession._sendOrThrow`,
 * the same path `all()` takes. Should a runtime not work that way, the call runs as it is and counts
 * as unmetered. Bench only: nothing here runs unless `BENCH=1`.
 */
function withMeta(cost: D1Cost, stmt: D1PreparedStatement, method: (...args: unknown[]) => Promise<unknown>, args: unknown[]) {
  const session = (stmt as unknown as { dbSession?: Session }).dbSession;
  const send = session?._sendOrThrow;
  if (!session || typeof send !== "function") {
    cost.unmetered++;
    return method.apply(stmt, args);
  }
  const recording = new Proxy(session, {
    get(target, prop, receiver) {
      if (prop === "_sendOrThrow") {
        return async (...sendArgs: unknown[]) => {
          const sent = await send.apply(target, sendArgs);
          for (const one of Array.isArray(sent) ? sent : [sent]) addMeta(cost, one?.meta);
          return sent;
        };
      }
      const value = Reflect.get(target, prop, receiver) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  const standIn = Object.create(stmt, { dbSession: { value: recording } }) as D1PreparedStatement;
  return method.apply(standIn, args);
}

/**
 * The D1 binding this request uses, counted under `BENCH=1`: `db` is what it is given, a
 * `D1Database` (by default the request's `DB`) or a `D1DatabaseSession`; both have prepare/batch.
 */
export function countD1Call(context: AppLoadContext): D1Database;
export function countD1Call<T extends D1Database | D1DatabaseSession>(context: AppLoadContext, db: T): T;
export function countD1Call(context: AppLoadContext, db: D1Database | D1DatabaseSession = context.cloudflare.env.DB) {
  if (context.cloudflare.env.BENCH !== "1") return db;
  const cost = d1Counter(context);
  const wrapStatement = (stmt: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (typeof value !== "function") return value;
        const method = value as (...args: unknown[]) => Promise<unknown>;
        if (prop === "bind") return (...args: unknown[]) => wrapStatement(method.apply(target, args) as unknown as D1PreparedStatement);
        if (prop === "all" || prop === "run") {
          return async (...args: unknown[]) => {
            cost.count++;
            cost.statements++;
            const result = (await method.apply(target, args)) as D1Result;
            addMeta(cost, result?.meta);
            return result;
          };
        }
        if (prop === "first" || prop === "raw") {
          return (...args: unknown[]) => {
            cost.count++;
            cost.statements++;
            return withMeta(cost, target, method, args);
          };
        }
        return method.bind(target);
      },
    });
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      // Raw SQL: not a query but the counting proxy under getDb/getD1; it wraps D1's own prepare (Drizzle calls it too).
      if (prop === "prepare") return (query: string) => wrapStatement(target.prepare(query));
      if (prop === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          cost.count++;
          cost.statements += statements.length;
          const results = await target.batch(statements);
          for (const result of results) addMeta(cost, result?.meta);
          return results;
        };
      }
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The `Server-Timing` header value for this request's D1 cost (see the top of this file). */
export function d1ServerTiming(context: AppLoadContext): string {
  const c = d1Counter(context);
  const unmetered = c.unmetered ? `, ${c.unmetered} unmetered` : "";
  return (
    `d1;desc="${c.count} round trips", ` +
    `d1-sql;dur=${c.sqlMs.toFixed(3)};desc="${c.statements} statements, ${c.rowsRead} rows read, ${c.rowsWritten} rows written${unmetered}"`
  );
}

/** Adds the D1 cost to a response under `BENCH=1` (once: a response that has it is left alone). */
export function withD1ServerTiming(response: Response, context: AppLoadContext): Response {
  if (context.cloudflare.env.BENCH !== "1" || /(^|,\s*)d1;/.test(response.headers.get("Server-Timing") ?? "")) return response;
  let headed = response;
  try {
    headed.headers.append("Server-Timing", d1ServerTiming(context));
  } catch {
    // Immutable headers (a fetched or redirect response): a copy takes them.
    headed = new Response(response.body, response);
    headed.headers.append("Server-Timing", d1ServerTiming(context));
  }
  return headed;
}
