/**
 * What a Web Push message may make the service worker show (decision 036). The server sends JSON
 * `{ title, body, url, tag? }`, `url` a path on this store (`/dashboard/myorders/ID`); anything else
 * (not JSON, a field missing or of another type, a URL to another site) shows the generic
 * {@link FALLBACK_NOTIFICATION} instead, so a malformed or hostile message can neither stay silent
 * nor send the shopper elsewhere. Pure, so it is unit-tested apart from the worker.
 */

export interface PushNotice {
  title: string;
  body: string;
  /** A path on this origin (pathname, search and hash), never an absolute URL. */
  url: string;
  /** Replaces an earlier notification with the same tag (one per order) instead of stacking. */
  tag?: string;
}

export const FALLBACK_NOTIFICATION: PushNotice = { title: "FreshDash", body: "Your order was updated", url: "/dashboard/myorders" };

/** Longest title, body and tag kept; longer text is cut (a notification shows a few lines anyway). */
export const MAX_TITLE = 120;
export const MAX_BODY = 400;
export const MAX_TAG = 100;

/** Any base works: only whether the URL stays on it matters. `.invalid` is never a real host. */
const BASE = "https://store.invalid";

/**
 * `url` as a path on the store's own origin, or null when it is not one: a relative path that
 * resolves elsewhere (`//evil.example`, `/\evil.example`), an absolute URL, `javascript:`.
 */
export function sameOriginPath(url: unknown): string | null {
  if (typeof url !== "string" || !url.startsWith("/")) return null;
  let resolved: URL;
  try {
    resolved = new URL(url, BASE);
  } catch {
    return null;
  }
  return resolved.origin === BASE ? `${resolved.pathname}${resolved.search}${resolved.hash}` : null;
}

const text = (value: unknown, max: number) => (typeof value === "string" && value.trim() ? value.trim().slice(0, max) : null);

/** The notification for a push message's text (`PushMessageData.text()`), or the fallback. */
export function parsePushPayload(payload: string | null | undefined): PushNotice {
  if (!payload) return FALLBACK_NOTIFICATION;
  let data: unknown;
  try {
    data = JSON.parse(payload);
  } catch {
    return FALLBACK_NOTIFICATION;
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return FALLBACK_NOTIFICATION;
  const fields = data as Record<string, unknown>;
  const title = text(fields.title, MAX_TITLE);
  const body = text(fields.body, MAX_BODY);
  const url = sameOriginPath(fields.url);
  if (title === null || body === null || url === null) return FALLBACK_NOTIFICATION;
  const tag = text(fields.tag, MAX_TAG);
  if (fields.tag !== undefined && tag === null) return FALLBACK_NOTIFICATION;
  return tag === null ? { title, body, url } : { title, body, url, tag };
}
