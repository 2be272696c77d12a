/**
 * What the service worker may keep (decision 036): only files named at build time (the hashed
 * assets of the storefront's shell, the icons, the manifest and the offline page), fetched at
 * install and checked here. Nothing is ever cached from a page or API answer at run time, so no
 * personalised response can be served from the cache. Pure, so the rules are unit-tested.
 */

/** The page shown for a navigation when the network fails; the only HTML in the cache. */
export const OFFLINE_PAGE = "/offline";

/** Every cache this worker makes starts with this, so an update deletes only its own old ones. */
export const CACHE_PREFIX = "freshdash-shell-";

/** Paths whose answers depend on who asks, or that change the store: never precached. */
const PERSONAL = /^\/(api|dashboard|cart|checkout|user|login|logout|register|success|cancel|invoice|live)(\/|$)/;

/** A build file whose name carries its content's hash: the same URL never changes content. */
export const isHashedAsset = (path: string) => /^\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.(js|css|woff2?)$/.test(path);

/**
 * Why `response` for `path` must not go into the precache, or null when it may. Checked for every
 * file at install: a refusal fails the install (the old worker stays), so a wrong list shows up
 * as a worker that never updates, not as a cached private page.
 */
export function precacheRefusal(path: string, response: { ok: boolean; status: number; redirected: boolean; type: string; headers: Headers }): string | null {
  if (PERSONAL.test(path)) return `${path} is personal or an API`;
  if (!response.ok) return `${path} answered ${response.status}`;
  // A redirected answer cannot be given to a navigation, and means the list names the wrong URL.
  if (response.redirected) return `${path} was redirected`;
  if (response.type !== "basic" && response.type !== "default") return `${path} is not same-origin (${response.type})`;
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  if (/\b(private|no-store)\b/i.test(cacheControl)) return `${path} is Cache-Control: ${cacheControl}`;
  if (response.headers.has("Set-Cookie")) return `${path} sets a cookie`;
  const html = /^text\/html\b/i.test(response.headers.get("Content-Type") ?? "");
  if (html && path !== OFFLINE_PAGE) return `${path} is HTML other than the offline page`;
  return null;
}

/** The precached path a GET on this origin asks for, or null: only exact paths, no query string. */
export function precachedPath(url: URL, origin: string, precache: readonly string[]): string | null {
  if (url.origin !== origin || url.search) return null;
  return precache.includes(url.pathname) ? url.pathname : null;
}
