/** Small WebCrypto helpers: random tokens, SHA-256 digests, HMAC-signed tokens. */
import { toHex } from "~/lib/ids";

const encoder = new TextEncoder();

export function randomToken(bytes = 32): string {
  return toHex(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** A 6-digit code from a CSPRNG, without modulo bias. */
export function randomDigits(length = 6): string {
  const limit = 10 ** length;
  const max = Math.floor(0xffffffff / limit) * limit;
  const buf = new Uint32Array(1);
  do crypto.getRandomValues(buf);
  while (buf[0] >= max);
  return String(buf[0] % limit).padStart(length, "0");
}

export async function sha256Hex(value: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(value))));
}

function base64url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(value: string): Uint8Array<ArrayBuffer> {
  const s = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

async function hmacKey(secret: string) {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

/** `<payload>.<signature>`, both base64url; the payload is JSON with an `exp` (ms). */
export async function signToken(payload: Record<string, unknown>, secret: string): Promise<string> {
  const body = base64url(encoder.encode(JSON.stringify(payload)));
  const sig = new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(body)));
  return `${body}.${base64url(sig)}`;
}

/** The payload when the signature is valid and `exp` is in the future; otherwise null (never throws). */
export async function verifyToken<T extends { exp: number }>(token: string, secret: string, now = Date.now()): Promise<T | null> {
  const [body, sig, extra] = token.split(".");
  if (!body || !sig || extra !== undefined || token.length > 2048) return null;
  try {
    const ok = await crypto.subtle.verify("HMAC", await hmacKey(secret), fromBase64url(sig), encoder.encode(body));
    if (!ok) return null;
    const payload = JSON.parse(new TextDecoder().decode(fromBase64url(body))) as T;
    if (typeof payload?.exp !== "number" || payload.exp <= now) return null;
    return payload;
  } catch {
    return null;
  }
}
