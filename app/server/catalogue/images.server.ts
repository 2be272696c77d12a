/**
 * Objects under this prefix are private (a report's photo, decision 050): the public /images route
 * never serves them; their own routes decide who may see them.
 */
export const PRIVATE_IMAGE_PREFIX = "private/";

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

/** A stored image as /images serves it: `body` is null when the request's conditions say it has it (304). */
export interface ServedImage {
  contentType: string | undefined;
  httpEtag: string;
  body: ReadableStream | null;
}

/**
 * Reads an image for a GET, honouring its conditions as RFC 9110 orders them: If-None-Match (one
 * or more entity tags, weak or strong, or `*`) and, only without it, If-Modified-Since. R2 decides
 * them itself (no body is read for a 304) from a plain R2Conditional, not `onlyIf: request.headers`:
 * a Headers object cannot cross `npm run dev`'s proxy to local R2, which answered every image with
 * 500. R2 takes one entity tag; a list of several (rare: a browser sends back the one it
 * was given) is compared here. Null when there is no such object.
 */
export async function getImage(bucket: R2Bucket, key: string, headers: Headers): Promise<ServedImage | null> {
  const ifNoneMatch = headers.get("If-None-Match");
  const tags =
    ifNoneMatch === null
      ? null
      : ifNoneMatch
          .split(",")
          .map((tag) =>
            tag
              .trim()
              .replace(/^W\//, "")
              .replace(/^"(.*)"$/, "$1"),
          )
          .filter(Boolean);
  let onlyIf: R2Conditional | undefined;
  if (tags?.length === 1) onlyIf = { etagDoesNotMatch: tags[0] };
  else if (tags === null) {
    const since = new Date(headers.get("If-Modified-Since") ?? NaN);
    if (!Number.isNaN(since.getTime())) onlyIf = { uploadedAfter: since, secondsGranularity: true };
  }
  const object = await bucket.get(key, onlyIf ? { onlyIf } : undefined);
  if (!object) return null;
  const served = { contentType: object.httpMetadata?.contentType, httpEtag: object.httpEtag };
  if (!("body" in object)) return { ...served, body: null };
  if (tags && tags.length > 1 && tags.includes(object.etag)) {
    await object.body.cancel();
    return { ...served, body: null };
  }
  return { ...served, body: object.body };
}
