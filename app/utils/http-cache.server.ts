/**
 * Catalogue pages are public and cacheable for anonymous visitors (see `catalogueCacheControl`).
 * A browser must not reuse such a copy once the visitor has a cookie (logged in, filled a cart):
 * stock and prices they see then must be live. `Vary: Cookie` makes the browser's cache key include
 * the Cookie header, so the anonymous copy is only ever served to a cookieless request.
 */
export function varyOnCookie(request: Request, response: Response): Response {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  if (!/\bpublic\b/.test(cacheControl) || new URL(request.url).pathname.startsWith("/images/")) return response;
  const vary = response.headers.get("Vary");
  if (vary && /\bcookie\b/i.test(vary)) return response;
  const headers = new Headers(response.headers);
  headers.set("Vary", vary ? `${vary}, Cookie` : "Cookie");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
