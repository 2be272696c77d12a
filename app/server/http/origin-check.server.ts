/**
 * CSRF baseline (ARCHITECTURE.md "Security baseline"): a state-changing request that would be
 * authenticated by cookies must come from our own origin — the request's own, or PUBLIC_ORIGIN when
 * a proxy in front rewrites Host — or, on `/api` only, from a front end listed in CORS_ORIGINS (the
 * same list the CORS headers answer, docs/decisions/015-api-for-any-front-end.md). Bearer-token
 * requests (no ambient credentials) and Stripe's signed webhook are exempt.
 */
import { corsClientOrigin } from "./cors.server";
import type { Settings } from "~/server/platform/env.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const EXEMPT_PATHS = new Set(["/api/order/webhook"]);

type OriginSettings = Pick<Settings, "CORS_ORIGINS" | "PUBLIC_ORIGIN">;

export function isCrossOriginWrite(request: Request, settings: OriginSettings): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const url = new URL(request.url);
  if (EXEMPT_PATHS.has(url.pathname)) return false;
  if (/^Bearer\s+\S/i.test(request.headers.get("Authorization") ?? "") && !request.headers.get("Cookie")) return false;
  if (corsClientOrigin(request, settings)) return false;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.get("Origin");
  if (origin === "null") return true;
  if (!origin) return false;
  // The browser was on the public URL; the proxy in front sent Host (and the request URL) upstream's.
  if (origin === settings.PUBLIC_ORIGIN) return false;
  if (origin !== url.origin) return true;
  // Remix compares Origin with X-Forwarded-Host (else Host) itself and throws (a 500) when they
  // differ: a write whose forwarded or Host header names another host is refused here instead.
  return claimedHost(request) !== url.host;
}

/**
 * The request Remix should see. A write that came through PUBLIC_ORIGIN (checked above) reaches us
 * with the upstream's Host, and Remix's own Origin-versus-host comparison would throw a 500 on
 * every page form; it is told the public host instead, which is what the browser used.
 */
export function asSentToPublicOrigin(request: Request, settings: OriginSettings): Request {
  const publicOrigin = settings.PUBLIC_ORIGIN;
  if (!publicOrigin || SAFE_METHODS.has(request.method) || request.headers.get("Origin") !== publicOrigin) return request;
  const headers = new Headers(request.headers);
  headers.set("X-Forwarded-Host", new URL(publicOrigin).host);
  return new Request(request, { headers });
}

/** The host the request says it was sent to, as Remix reads it (X-Forwarded-Host, then Host). */
function claimedHost(request: Request): string {
  const forwarded = request.headers.get("X-Forwarded-Host")?.split(",")[0]?.trim();
  return forwarded || request.headers.get("Host") || new URL(request.url).host;
}

export function crossOriginRefusal(request: Request): Response {
  const isApi = new URL(request.url).pathname.startsWith("/api/");
  const message = "Cross-site request refused: submit the form from this store's own pages.";
  return isApi
    ? Response.json({ message, error: true, success: false }, { status: 403 })
    : new Response(message, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * True when a browser says another site (or an opaque origin) started this request: by
 * Sec-Fetch-Site (`cross-site`, `same-site`; a link followed from another site is `cross-site`
 * too), or else by an Origin or Referer of another origin. A request with none of these headers is
 * not a browser's ambient request (a script or app holding the cookie itself) and passes; so does a
 * front end listed in CORS_ORIGINS calling `/api` (its fetch always says its Origin).
 */
export function startedByAnotherSite(request: Request, settings: OriginSettings): boolean {
  if (corsClientOrigin(request, settings)) return false;
  const own = new Set([new URL(request.url).origin, settings.PUBLIC_ORIGIN ?? ""]);
  const site = request.headers.get("Sec-Fetch-Site");
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.get("Origin");
  if (origin && !own.has(origin)) return true;
  const referer = request.headers.get("Referer");
  return Boolean(referer && !own.has(originOf(referer)));
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "null";
  }
}
