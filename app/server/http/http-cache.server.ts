/**
 * Cache-Control for every response the Worker sends, decided here and nowhere else
 * (docs/decisions/013-request-hardening.md). Remix drops a loader's headers unless its route exports
 * `headers` (and redirects, resource routes and `.data` requests never pass through one), so a
 * per-route "private, no-store" silently disappears; this runs on the final response instead.
 *
 * - Shared caches may keep a response only when it says `public` AND the request carried no cookie
 *   (but the delivery location's) and no Authorization header AND the response sets no cookie: the anonymous catalogue pages
 *   (`catalogueCacheControl`, the edge cache of decision 007). Those also get `Vary: Cookie`, so a
 *   browser never reuses the anonymous copy once the visitor has a cookie.
 * - Everything else (a signed-in or cookie-carrying visitor, a response that sets a cookie, the cart,
 *   checkout, the dashboard, /api, redirects, errors) is `private, no-store`.
 * - Not personal whoever asks: uploaded images (random keys, immutable) and Remix's route manifest.
 */
import { carriesOnlyLocationCookie } from "./location-cookie.server";

export const PRIVATE_NO_STORE = "private, no-store";

const NEVER_PERSONAL = ["/images/", "/__manifest"];

/**
 * The request could see something of one visitor's own: it carries a token, or a cookie other than
 * the delivery location (which only names a store and a pincode: decision 020).
 */
export function isPersonalRequest(request: Request): boolean {
  const cookie = request.headers.get("Cookie");
  return request.headers.has("Authorization") || (cookie !== null && !carriesOnlyLocationCookie(cookie));
}

export function cacheHeaders(request: Request, response: Response): Response {
  const { pathname } = new URL(request.url);
  if (NEVER_PERSONAL.some((prefix) => pathname.startsWith(prefix))) return response;
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  const shared = /\bpublic\b/.test(cacheControl) && !isPersonalRequest(request) && !response.headers.has("Set-Cookie");
  if (shared) {
    const vary = response.headers.get("Vary");
    if (vary && /\bcookie\b/i.test(vary)) return response;
    return withHeader(response, "Vary", vary ? `${vary}, Cookie` : "Cookie");
  }
  if (cacheControl === PRIVATE_NO_STORE) return response;
  return withHeader(response, "Cache-Control", PRIVATE_NO_STORE);
}

function withHeader(response: Response, name: string, value: string): Response {
  const headers = new Headers(response.headers);
  headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
