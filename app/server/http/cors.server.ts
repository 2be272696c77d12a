/**
 * CORS for other front ends calling `/api` (docs/decisions/015-api-for-any-front-end.md). Only the
 * exact origins of `CORS_ORIGINS` are answered, always with credentials and never `*`; every `/api`
 * answer says `Vary: Origin`, so no cache hands one origin's answer to another. Pages get no CORS
 * headers: they are not an API.
 */
import type { Settings } from "~/server/platform/env.server";

const CORS_ALLOWED_METHODS = "GET, HEAD, POST, PUT, DELETE";
const CORS_ALLOWED_HEADERS = "Authorization, Content-Type, Idempotency-Key";
/** How long a browser may reuse a preflight answer (Chromium caps it at 2 hours). */
const CORS_MAX_AGE_SECONDS = 600;

type CorsSettings = Pick<Settings, "CORS_ORIGINS">;

export function isApiPath(pathname: string): boolean {
  return pathname.startsWith("/api/");
}

/** The request's Origin when it is a front end on CORS_ORIGINS calling `/api`; otherwise null. */
export function corsClientOrigin(request: Request, settings: CorsSettings): string | null {
  const origin = request.headers.get("Origin");
  if (!origin || !isApiPath(new URL(request.url).pathname)) return null;
  return settings.CORS_ORIGINS.includes(origin) ? origin : null;
}

/** A preflight (`OPTIONS` on any `/api` path): 204, with the CORS grant only for a listed origin. */
export function preflightResponse(request: Request, settings: CorsSettings): Response {
  const headers = new Headers({ Allow: `${CORS_ALLOWED_METHODS}, OPTIONS`, Vary: "Origin" });
  const origin = corsClientOrigin(request, settings);
  if (origin) {
    grant(headers, origin);
    headers.set("Access-Control-Allow-Methods", CORS_ALLOWED_METHODS);
    headers.set("Access-Control-Allow-Headers", CORS_ALLOWED_HEADERS);
    headers.set("Access-Control-Max-Age", String(CORS_MAX_AGE_SECONDS));
  }
  return new Response(null, { status: 204, headers });
}

/** Every `/api` answer: `Vary: Origin`, plus the grant when the caller is a listed origin. */
export function withCors(request: Request, response: Response, settings: CorsSettings): Response {
  if (!isApiPath(new URL(request.url).pathname)) return response;
  const headers = new Headers(response.headers);
  appendVary(headers, "Origin");
  const origin = corsClientOrigin(request, settings);
  if (origin) grant(headers, origin);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function grant(headers: Headers, origin: string) {
  headers.set("Access-Control-Allow-Origin", origin);
  headers.set("Access-Control-Allow-Credentials", "true");
}

function appendVary(headers: Headers, name: string) {
  const vary = headers.get("Vary");
  if (!vary) headers.set("Vary", name);
  else if (!vary.split(",").some((part) => part.trim().toLowerCase() === name.toLowerCase())) headers.set("Vary", `${vary}, ${name}`);
}
