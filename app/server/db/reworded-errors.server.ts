import type { AppLoadContext } from "@remix-run/cloudflare";

/**
 * A test seam proving that no rule reads the wording of a database error: while it is switched on,
 * every error the D1 binding throws (a statement's or a batch's) reaches the code as
 * `REWORDED_DB_ERROR`, with nothing of SQLite's message left in it or its cause. Every refusal must
 * still come with its own status and words (tests/workers/db-error-wording.test.ts).
 *
 * It takes both a test deployment (`ENVIRONMENT` is "test") and a switch that only a test in the
 * same isolate can turn (`rewordDbErrors`), so a deployed worker never rewords: production's
 * ENVIRONMENT is "production", and nothing on a request can reach the switch. The switch is a
 * registered symbol on `globalThis`, not a module variable, because the Worker entry, the server
 * build and a test each bundle their own copy of this module.
 */
export const REWORDED_DB_ERROR = "constraint violated (reworded)";

const SWITCH = Symbol.for("grocery-store.rewordDbErrors");
const ORIGINAL = Symbol("reworded-errors.original");

type Switchable = { [SWITCH]?: boolean };

/** Turns the seam on or off for this isolate (tests only; a deployment ignores it, see above). */
export function rewordDbErrors(on: boolean): void {
  (globalThis as Switchable)[SWITCH] = on;
}

function rewording(context: AppLoadContext): boolean {
  return context.cloudflare.env.ENVIRONMENT === "test" && (globalThis as Switchable)[SWITCH] === true;
}

async function reworded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch {
    throw new Error(REWORDED_DB_ERROR);
  }
}

function wrapStatement(stmt: D1PreparedStatement): D1PreparedStatement {
  return new Proxy(stmt, {
    get(target, prop) {
      if (prop === ORIGINAL) return target;
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== "function") return value;
      const method = value as (...args: unknown[]) => unknown;
      if (prop === "bind") return (...args: unknown[]) => wrapStatement(method.apply(target, args) as D1PreparedStatement);
      return (...args: unknown[]) => reworded(async () => method.apply(target, args));
    },
  });
}

const original = (stmt: D1PreparedStatement) => ((stmt as unknown as { [ORIGINAL]?: D1PreparedStatement })[ORIGINAL] ?? stmt) as D1PreparedStatement;

/** The binding as given, or (seam on, see above) one whose every thrown error is reworded. */
export function withRewordedErrors<T extends D1Database | D1DatabaseSession>(context: AppLoadContext, db: T): T {
  if (!rewording(context)) return db;
  return new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (prop === "prepare") return (query: string) => wrapStatement(target.prepare(query));
      if (prop === "batch") return (statements: D1PreparedStatement[]) => reworded(() => target.batch(statements.map(original)));
      if (prop === "exec") return (query: string) => reworded(() => (target as D1Database).exec(query));
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
