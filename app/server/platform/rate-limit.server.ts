/**
 * Rate limits per IP: the Workers Rate Limiting binding (approximate, per location). It may be
 * absent only in development and test: production refuses to serve without PUBLIC_FORM_LIMITER and
 * UPLOAD_LIMITER (settingsProblems in env.server.ts). The exact limits per account, client or email
 * are counters in D1 (db/rate-counters.server.ts), refused with the same `RateLimited`.
 */
import { Refusal } from "~/lib/refusal";

export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ?? "local";
}

function waitText(seconds: number) {
  return seconds < 90 * 60 ? `${Math.ceil(seconds / 60)} minute(s)` : `${Math.ceil(seconds / 3600)} hour(s)`;
}

export class RateLimited extends Refusal {
  constructor(public retryAfterSeconds: number) {
    super(`Too many attempts. Try again in ${waitText(retryAfterSeconds)}.`, 429, { headers: { "Retry-After": String(retryAfterSeconds) } });
  }
}

/** Throws RateLimited when the IP limiter says no (60 s windows); no limiter only outside production. */
export async function limitByIp(limiter: RateLimit | undefined, request: Request, scope: string) {
  if (!limiter) return;
  const { success } = await limiter.limit({ key: `${scope}:${clientIp(request)}` });
  if (!success) throw new RateLimited(60);
}
