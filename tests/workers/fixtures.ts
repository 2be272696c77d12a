import { Refusal } from "../../app/lib/refusal";

/** A 1×1 lossless WebP: real bytes that pass the magic-byte check. */
export const TINY_WEBP: Uint8Array<ArrayBuffer> = Uint8Array.from(atob("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=="), (c) => c.charCodeAt(0));

/** A 1×1 PNG. */
export const TINY_PNG: Uint8Array<ArrayBuffer> = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

export const BASE = "http://store.test";

/** A commit's outcome as the assertions read it: ok, or the Refusal's status and message (anything else is rethrown). */
export async function outcomeOf(commit: Promise<unknown>) {
  try {
    await commit;
    return { ok: true as const };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return { ok: false as const, status: error.status, message: error.message };
  }
}
