/**
 * Rate limits. Per IP: the Workers Rate Limiting binding (approximate, per location). It may be
 * absent only in development and test: production refuses to serve without LOGIN_LIMITER and
 * UPLOAD_LIMITER (settingsProblems in env.server.ts). Per account or email: an exact fixed-window
 * counter in D1.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { ApiError } from "./api.server";
import { getD1 } from "./db.server";

export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ?? "local";
}

export class RateLimited extends ApiError {
  constructor(public retryAfterSeconds: number) {
    super(`Too many attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`, 429, undefined, {
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

/** Current count in the window (0 when expired), without changing it. */
export async function counterValue(context: AppLoadContext, key: string): Promise<{ count: number; resetAt: number }> {
  const row = await getD1(context)
    .prepare("select count, reset_at as resetAt from rate_limit_counters where key = ? and reset_at > ?")
    .bind(key, Date.now())
    .first<{ count: number; resetAt: number }>();
  return row ?? { count: 0, resetAt: 0 };
}

/** Adds one to a fixed-window counter (a new window starts when the old one has ended). */
export async function bumpCounter(context: AppLoadContext, key: string, windowMs: number): Promise<number> {
  const now = Date.now();
  const row = await getD1(context)
    .prepare(
      `insert into rate_limit_counters (key, count, reset_at) values (?, 1, ?)
       on conflict (key) do update set
         count = case when reset_at <= ? then 1 else count + 1 end,
         reset_at = case when reset_at <= ? then excluded.reset_at else reset_at end
       returning count`,
    )
    .bind(key, now + windowMs, now, now)
    .first<{ count: number }>();
  return row?.count ?? 1;
}

export async function clearCounter(context: AppLoadContext, key: string) {
  await getD1(context).prepare("delete from rate_limit_counters where key = ?").bind(key).run();
}

/** Throws RateLimited when `key` already reached `max` in its window. */
export async function assertUnderLimit(context: AppLoadContext, key: string, max: number) {
  const { count, resetAt } = await counterValue(context, key);
  if (count >= max) throw new RateLimited(Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)));
}
