/**
 * The edge cache for anonymous catalogue pages (docs/decisions/007-edge-cache.md). Pages that say
 * `public, s-maxage=…` (home, listings, products, search: see `catalogueCacheControl`) are the same
 * for every visitor without a cookie, so in production the Worker keeps them in the data centre's
 * cache (Workers Cache API) and answers the next cookieless visitor without rendering or touching
 * D1. A request with a cookie or a bearer token, or one that asks for `no-cache` (a reload), always
 * renders; writes never reach this code path.
 */

/** Whether this request may be answered from, and stored in, the edge cache. */
export function isEdgeCacheable(request: Request): boolean {
  if (request.method !== "GET") return false;
  if (request.headers.has("Cookie") || request.headers.has("Authorization")) return false;
  if (/\bno-cache\b|\bno-store\b/.test(request.headers.get("Cache-Control") ?? "")) return false;
  const { pathname } = new URL(request.url);
  return !pathname.startsWith("/api/") && !pathname.startsWith("/dev/") && !pathname.startsWith("/images/");
}

/** Only complete, shared-cacheable answers that set no cookie are kept. */
export function isEdgeStorable(response: Response): boolean {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return (
    response.status === 200 &&
    /\bpublic\b/.test(cacheControl) &&
    /\bs-maxage=\d+/.test(cacheControl) &&
    !response.headers.has("Set-Cookie")
  );
}

/**
 * Answers from the edge cache when it can; otherwise renders, and stores a storable answer in the
 * background. `X-Edge-Cache` says which happened (HIT, MISS or BYPASS). `refresh` makes a stored
 * copy this response's own before it is sent (a fresh CSP nonce: `renewNonce`).
 */
export async function withEdgeCache(
  request: Request,
  cache: Cache | undefined,
  waitUntil: (promise: Promise<unknown>) => void,
  render: () => Promise<Response>,
  refresh: (hit: Response) => Response = (hit) => hit,
): Promise<Response> {
  if (!cache || !isEdgeCacheable(request)) return render();
  const hit = await cache.match(request);
  if (hit) return refresh(markCache(hit, "HIT"));
  const response = await render();
  if (!isEdgeStorable(response)) return markCache(response, "BYPASS");
  waitUntil(cache.put(request, response.clone()).catch((error) => console.warn("edge cache put failed", error)));
  return markCache(response, "MISS");
}

function markCache(response: Response, state: "HIT" | "MISS" | "BYPASS"): Response {
  const marked = new Response(response.body, response);
  marked.headers.set("X-Edge-Cache", state);
  return marked;
}
