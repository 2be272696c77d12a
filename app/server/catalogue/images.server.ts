/** Only these types are ever stored or served (ARCHITECTURE.md "Images"). */
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/**
 * Reads the magic bytes and the first structure after them (a JPEG marker segment, the PNG IHDR
 * chunk, a WebP VP8 chunk), so a text file behind a copied signature is refused; the client's
 * claimed type and file name are never trusted. A crafted polyglot can still pass any sniffing:
 * what makes it harmless is how images are served (fixed type, nosniff, a sandboxing CSP).
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const at = (i: number) => bytes[i];
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (bytes.length >= 4 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff && at(3) >= 0xc0 && at(3) <= 0xfe) return "image/jpeg";
  if (bytes.length >= 16 && ascii(0, 8) === "\x89PNG\r\n\x1a\n" && ascii(12, 16) === "IHDR") return "image/png";
  if (bytes.length >= 16 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP" && ["VP8 ", "VP8L", "VP8X"].includes(ascii(12, 16))) return "image/webp";
  if (bytes.length >= 12 && ascii(4, 8) === "ftyp" && ["avif", "avis"].includes(ascii(8, 12))) return "image/avif";
  return null;
}

export function isImageType(value: string | undefined): value is ImageType {
  return (IMAGE_TYPES as readonly string[]).includes(value ?? "");
}
