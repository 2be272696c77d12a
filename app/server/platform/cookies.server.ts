import { createCookie, type AppLoadContext, type Cookie } from "@remix-run/cloudflare";
// Relative, not `~/`: load-context.ts reaches this file from vite.config.ts too, where no alias exists.
import { getSettings } from "./env.server";

/**
 * The store's own cookies (session, guest cart, reset grant, trusted browser): HttpOnly, SameSite=Lax,
 * Secure in production, signed with the session secret; only the name and lifetime differ. Set for a
 * front end listed in CORS_ORIGINS (an `/api` request from it), they are `SameSite=None; Secure`:
 * its browser sends Lax cookies only to requests of the same site (decision 015).
 */
export function signedCookie(context: AppLoadContext, name: string, maxAgeSeconds: number): Cookie {
  const settings = getSettings(context.cloudflare.env);
  const forOtherFrontEnd = Boolean(context.corsClient);
  return createCookie(name, {
    httpOnly: true,
    sameSite: forOtherFrontEnd ? "none" : "lax",
    path: "/",
    secure: forOtherFrontEnd || settings.ENVIRONMENT === "production",
    secrets: [settings.sessionSecret],
    maxAge: maxAgeSeconds,
  });
}

/** Parses a signed cookie; a tampered or malformed value reads as absent instead of throwing. */
export async function parseCookie(cookie: Cookie, header: string | null): Promise<unknown> {
  if (!header) return null;
  try {
    return await cookie.parse(header);
  } catch {
    return null;
  }
}
