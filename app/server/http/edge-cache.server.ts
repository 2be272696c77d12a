/**
 * The edge cache for anonymous catalogue pages (docs/decisions/007-edge-cache.md). Pages that say
 * `public, s-maxage=…` (home, listings, products, search: see `catalogueCacheControl`) are the same
 * for every visitor without a cookie, so in production the Worker keeps them in the data centre's
 * cache (Workers Cache API) and answers the next cookieless visitor without rendering or touching
 * D1. A request with a cookie or a bearer token, or one that asks for `no-cache` (a reload), always
 * renders; writes never reach this code path.
 *
 * The one cookie allowed is the delivery location (docs/decisions/020-dark-stores.md): pages differ
 * by store and pincode (the header's "Delivery in N minutes · 560001"), never by person, so entries
 * are keyed by the cookie's VERIFIED store and pincode (`variantOf`). A forged or tampered cookie
 * verifies as no location, which is also how the page renders it: it can only reach the "none" entry.
 */
import { carriesOnlyLocationCookie } from "./location-cookie.server";

/** Whether this request may be answered from, and stored in, the edge cache. */
export function isEdgeCacheable(request: Request): boolean {
  if (request.method !== "GET") return false;
  const cookie = request.headers.get("Cookie");
  if ((cookie !== null && !carriesOnlyLocationCookie(cookie)) || request.headers.has("Authorization")) return false;
  if (/\bno-cache\b|\bno-store\b/.test(request.headers.get("Cache-Control") ?? "")) return false;
  const { pathname } = new URL(request.url);
  return !pathname.startsWith("/api/") && !pathname.startsWith("/dev/") && !pathname.startsWith("/images/");
}

/** Only complete, shared-cacheable answers that set no cookie are kept. */
export function isEdgeStorable(response: Response): boolean {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return response.status === 200 && /\bpublic\b/.test(cacheControl) && /\bs-maxage=\d+/.test(cacheControl) && !response.headers.has("Set-Cookie");
}

/** Variants contain no "/" (a store id and a pincode, or "none"): each key maps back to one variant and one URL. */
const VARIANT_PATTERN = /^(none|[0-9a-f]{24}-[1-9][0-9]{5})$/;

/** A release: the build's asset manifest version (hex), or "dev" in tests. */
const RELEASE_PATTERN = /^([0-9a-f]{1,40}|dev)$/;

/**
 * The cache key: the page's URL under a per-release, per-variant path prefix, so no request URL
 * (whatever its path or query) can name another variant's entry, and the page's own URL is kept
 * exactly. The release is the build's: a page names its build's hashed scripts and stylesheet, and
 * after a deploy those of the release before are gone, so a page kept from it would stay unstyled
 * and never hydrate for as long as it is kept.
 */
export function edgeCacheKey(request: Request, variant: string, release = "dev"): Request {
  if (!VARIANT_PATTERN.test(variant)) throw new Error(`not an edge cache variant: ${variant}`);
  if (!RELEASE_PATTERN.test(release)) throw new Error(`not a release: ${release}`);
  const url = new URL(request.url);
  return new Request(`${url.origin}/__edge/${release}/${variant}${url.pathname}${url.search}`);
}

/**
 * Answers from the edge cache when it can; otherwise renders, and stores a storable answer in the
 * background. `X-Edge-Cache` says which happened (HIT, MISS or BYPASS). `refresh` makes a stored
 * copy this response's own before it is sent (a fresh CSP nonce: `renewNonce`). `variantOf` gives
 * the request's verified delivery location ("none" without one), which keys the entry with the
 * build's `release`.
 */
export async function withEdgeCache(
  request: Request,
  cache: Cache | undefined,
  waitUntil: (promise: Promise<unknown>) => void,
  render: () => Promise<Response>,
  refresh: (hit: Response) => Response = (hit) => hit,
  variantOf: (request: Request) => Promise<string> = async () => "none",
  release = "dev",
): Promise<Response> {
  if (!cache || !isEdgeCacheable(request)) return render();
  const key = edgeCacheKey(request, await variantOf(request), release);
  const hit = await cache.match(key);
  if (hit) return refresh(markCache(hit, "HIT"));
  const response = await render();
  if (!isEdgeStorable(response)) return markCache(response, "BYPASS");
  waitUntil(cache.put(key, response.clone()).catch((error) => console.warn("edge cache put failed", error)));
  return markCache(response, "MISS");
}

function markCache(response: Response, state: "HIT" | "MISS" | "BYPASS"): Response {
  const marked = new Response(response.body, response);
  marked.headers.set("X-Edge-Cache", state);
  return marked;
}
