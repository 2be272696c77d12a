/** 24 lowercase hex characters from a CSPRNG: no dashes, so ids can end a slug. */
export const ID_PATTERN = /^[0-9a-f]{24}$/;

export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return toHex(bytes);
}

export function isId(value: unknown): value is string {
  return typeof value === "string" && ID_PATTERN.test(value);
}

export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}
