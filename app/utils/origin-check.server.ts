/**
 * CSRF baseline (ARCHITECTURE.md "Security baseline"): a state-changing request that would be
 * authenticated by cookies must come from our own origin. Bearer-token requests (no ambient
 * credentials) and Stripe's signed webhook are exempt.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const EXEMPT_PATHS = new Set(["/api/order/webhook"]);

export function isCrossOriginWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const url = new URL(request.url);
  if (EXEMPT_PATHS.has(url.pathname)) return false;
  if (/^Bearer\s+\S/i.test(request.headers.get("Authorization") ?? "") && !request.headers.get("Cookie")) return false;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null" && origin !== url.origin) return true;
  if (origin === "null") return true;
  // Remix compares Origin with X-Forwarded-Host (else Host) itself and throws (a 500) when they
  // differ: a write whose forwarded or Host header names another host is refused here instead.
  if (origin && claimedHost(request) !== url.host) return true;
  return false;
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
 * not a browser's ambient request (a script or app holding the cookie itself) and passes.
 */
export function startedByAnotherSite(request: Request): boolean {
  const own = new URL(request.url).origin;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.get("Origin");
  if (origin && origin !== own) return true;
  const referer = request.headers.get("Referer");
  return Boolean(referer && originOf(referer) !== own);
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "null";
  }
}
