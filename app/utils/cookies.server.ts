import type { Cookie } from "@remix-run/cloudflare";

/** Parses a signed cookie; a tampered or malformed value reads as absent instead of throwing. */
export async function parseCookie(cookie: Cookie, header: string | null): Promise<unknown> {
  if (!header) return null;
  try {
    return await cookie.parse(header);
  } catch {
    return null;
  }
}
