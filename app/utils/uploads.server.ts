/**
 * Image uploads to R2 (ARCHITECTURE.md "Images"): the body size is checked before it is read, the
 * bytes' magic numbers decide the type (JPEG, PNG, WebP, AVIF; SVG and anything else is 415), and
 * the key is random. Served from /images/<key>.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { newId } from "~/lib/ids";
import { ApiError } from "./api.server";
import { readFormData } from "./form-data.server";
import { sniffImageType } from "./images.server";

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Room for the multipart framing and the other fields of an upload form. */
export const MULTIPART_OVERHEAD = 16 * 1024;

const EXTENSIONS = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "image/avif": "avif" } as const;

/**
 * Reads an upload (multipart/form-data only) through the shared form reader, with the limit of one
 * file of `maxFileBytes`; refusals become ApiErrors (413 too large, 415 not multipart, 400 broken).
 */
export async function readMultipart(request: Request, maxFileBytes: number, methods: readonly string[] = ["POST"]): Promise<FormData> {
  const tooLarge = `The image is too large: at most ${maxFileBytes / 1024 / 1024} MB`;
  try {
    return await readFormData(request, { multipart: "only", maxBytes: maxFileBytes + MULTIPART_OVERHEAD, methods });
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    const message = error.status === 413 ? tooLarge : error.status === 415 ? "Send the image as multipart/form-data" : await error.text();
    throw new ApiError(message, error.status, undefined, Object.fromEntries(error.headers));
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
