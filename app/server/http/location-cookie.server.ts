/**
 * The delivery-location cookie's name, and the one rule that makes it special: it names a store and
 * a pincode, shared by every shopper who chose them, so a request carrying only it is not personal
 * (catalogue pages stay publicly cacheable, keyed by its verified value: decision 020). No imports,
 * so the Worker's cache code can use it before anything else runs.
 */
export const LOCATION_COOKIE = "__location";

/** The request carries cookies, and every one of them is the location cookie. */
export function carriesOnlyLocationCookie(cookieHeader: string | null): boolean {
  if (!cookieHeader) return false;
  const names = cookieHeader
    .split(";")
    .map((pair) => pair.split("=")[0].trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name === LOCATION_COOKIE);
}
