import type { AppLoadContext } from "@remix-run/cloudflare";

/**
 * Counts D1 round trips per request. Each `prepare().first/all/run/raw` or `batch()` reaching D1 is
 * one round trip. The count is reported as `Server-Timing: d1;desc="N round trips"` only when
 * `BENCH=1`, so the benchmark can check the "at most 2 per page" budget.
 */
const counters = new WeakMap<object, { count: number }>();

export function d1Counter(context: AppLoadContext): { count: number } {
  let counter = counters.get(context);
  if (!counter) {
    counter = { count: 0 };
    counters.set(context, counter);
  }
  return counter;
}

export function countD1Call(context: AppLoadContext): D1Database {
  const db = context.cloudflare.env.DB;
  if (context.cloudflare.env.BENCH !== "1") return db;
  const counter = d1Counter(context);
  const wrapStatement = (stmt: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (typeof value !== "function") return value;
        if (prop === "bind") return (...args: unknown[]) => wrapStatement(value.apply(target, args));
        if (prop === "first" || prop === "all" || prop === "run" || prop === "raw") {
          return (...args: unknown[]) => {
            counter.count++;
            return value.apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      // Raw SQL: not a query but the counting proxy under getDb/getD1; it wraps D1's own prepare (Drizzle calls it too).
      if (prop === "prepare") return (query: string) => wrapStatement(target.prepare(query));
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) => {
          counter.count++;
          return target.batch(statements);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
