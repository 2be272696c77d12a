/**
 * Rate limits. Per IP: the Workers Rate Limiting binding (approximate, per location). It may be
 * absent only in development and test: production refuses to serve without LOGIN_LIMITER and
 * UPLOAD_LIMITER (settingsProblems in env.server.ts). Per account, client or email: exact
 * fixed-window counters in D1, taken atomically before the work they guard (`takeSlots`).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { ApiError } from "./api.server";
import { getD1 } from "./db.server";

export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ?? "local";
}

function waitText(seconds: number) {
  return seconds < 90 * 60 ? `${Math.ceil(seconds / 60)} minute(s)` : `${Math.ceil(seconds / 3600)} hour(s)`;
}

export class RateLimited extends ApiError {
  constructor(public retryAfterSeconds: number) {
    super(`Too many attempts. Try again in ${waitText(retryAfterSeconds)}.`, 429, undefined, {
      "Retry-After": String(retryAfterSeconds),
    });
  }
}

/** Throws RateLimited when the IP limiter says no (60 s windows); no limiter only outside production. */
export async function limitByIp(limiter: RateLimit | undefined, request: Request, scope: string) {
  if (!limiter) return;
  const { success } = await limiter.limit({ key: `${scope}:${clientIp(request)}` });
  if (!success) throw new RateLimited(60);
}

/** A fixed-window counter: at most `max` slots per `windowMs`, kept in D1 under `key`. */
export interface CounterWindow {
  key: string;
  max: number;
  windowMs: number;
}

/**
 * One statement that takes a slot in a window and returns the count: 1..max means granted,
 * max + 1 means refused. The count saturates at max + 1, so refused tries never count (and never
 * lengthen anything); a new window starts once the old one has ended. With `gates`, the slot is
 * taken only if each gate (taken earlier in the same batch) granted its slot; otherwise the
 * statement changes nothing and returns no row.
 */
function takeSlotStatement(d1: D1Database, window: CounterWindow, now: number, gates: CounterWindow[]): D1PreparedStatement {
  const gate = gates.map(() => "(select count from rate_limit_counters where key = ?) <= ?").join(" and ");
  return d1
    .prepare(
      `insert into rate_limit_counters (key, count, reset_at)
         select ?, 1, ? where ${gate || "1"}
       on conflict (key) do update set
         count = case when reset_at <= ? then 1 when count <= ? then count + 1 else count end,
         reset_at = case when reset_at <= ? then excluded.reset_at else reset_at end
       returning count, reset_at as resetAt`,
    )
    .bind(window.key, now + window.windowMs, ...gates.flatMap((g) => [g.key, g.max]), now, window.max, now);
}

/**
 * Takes a slot in every window, in order, in one atomic batch (each only if all before it granted
 * theirs). Returns the RateLimited answer of the first window that refused, or null when all granted.
 * Parallel callers cannot overtake each other: the count is decided in SQL before any work.
 */
export async function takeSlots(context: AppLoadContext, windows: CounterWindow[]): Promise<RateLimited | null> {
  const d1 = getD1(context);
  const now = Date.now();
  const results = await d1.batch<{ count: number; resetAt: number }>(
    windows.map((window, i) => takeSlotStatement(d1, window, now, windows.slice(0, i))),
  );
  for (const [i, window] of windows.entries()) {
    const row = results[i]?.results[0];
    if (!row) return new RateLimited(60); // unreachable: an earlier window refused and returned first
    if (row.count > window.max) return new RateLimited(Math.max(1, Math.ceil((row.resetAt - now) / 1000)));
  }
  return null;
}

/** Gives back one granted slot (a try that turned out legitimate). */
export async function refundSlot(context: AppLoadContext, window: CounterWindow) {
  await getD1(context)
    .prepare("update rate_limit_counters set count = max(min(count, ?) - 1, 0) where key = ? and reset_at > ?")
    .bind(window.max, window.key, Date.now())
    .run();
}

export async function clearCounters(context: AppLoadContext, keys: string[]) {
  if (!keys.length) return;
  await getD1(context)
    .prepare(`delete from rate_limit_counters where key in (${keys.map(() => "?").join(", ")})`)
    .bind(...keys)
    .run();
}
