/**
 * Image uploads to R2 (ARCHITECTURE.md "Images"): the body size is checked before it is read, the
 * bytes' magic numbers decide the type (JPEG, PNG, WebP, AVIF; SVG and anything else is 415), and
 * the key is random. Served from /images/<key>.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { newId } from "~/lib/ids";
import { ApiError } from "./api.server";
import { sniffImageType } from "./images.server";

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const MULTIPART_OVERHEAD = 16 * 1024;

const EXTENSIONS = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "image/avif": "avif" } as const;

/** Reads a multipart body after checking Content-Length (413 when larger than allowed). */
export async function readMultipart(request: Request, maxFileBytes: number): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) throw new ApiError("Send the image as multipart/form-data", 415);
  const length = Number(request.headers.get("Content-Length") ?? NaN);
  const limit = maxFileBytes + MULTIPART_OVERHEAD;
  if (Number.isFinite(length) && length > limit) throw new ApiError(`The image is too large: at most ${maxFileBytes / 1024 / 1024} MB`, 413);
  try {
    return await request.formData();
  } catch {
    throw new ApiError("The upload could not be read", 400);
  }
}

/** Stores one uploaded file; returns its public URL. */
export async function storeImage(
  context: AppLoadContext,
  file: FormDataEntryValue | null,
  { maxBytes, prefix }: { maxBytes: number; prefix: string },
): Promise<string> {
  if (!file || typeof file === "string" || file.size === 0) throw new ApiError("Choose an image to upload", 400);
  if (file.size > maxBytes) throw new ApiError(`The image is too large: at most ${maxBytes / 1024 / 1024} MB`, 413);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type) throw new ApiError("Only JPEG, PNG, WebP or AVIF images can be uploaded", 415);
  const key = `${prefix}/${newId()}.${EXTENSIONS[type]}`;
  await context.cloudflare.env.IMAGES.put(key, bytes, { httpMetadata: { contentType: type } });
  return `/images/${key}`;
}
