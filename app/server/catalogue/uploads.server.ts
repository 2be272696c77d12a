/**
 * Image uploads to R2 (ARCHITECTURE.md "Images"): the per-IP upload limit is taken and the body size
 * checked before the body is read, the bytes' magic numbers decide the type (JPEG, PNG, WebP, AVIF;
 * SVG and anything else is 415), and the key is random. Served from /images/<key>.
 *
 * Every upload path — /api/file/upload, /api/user/upload-avatar, the admin page forms and the
 * profile's avatar form — reads its body through `readUploadForm`, so they share one limit per IP.
 * A form's images are checked first (`prepareImage`, nothing written) and written to R2 only once
 * the rest of the form is valid, around the database write that uses them (`withStoredImages`),
 * which deletes them again if that write fails: a refused form leaves no object behind.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import { readFormData } from "~/server/http/form-data.server";
import { sniffImageType, type ImageType } from "./images.server";
import { limitByIp } from "~/server/platform/rate-limit.server";

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Room for the multipart framing and the other fields of an upload form. */
const MULTIPART_OVERHEAD = 16 * 1024;

const EXTENSIONS = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "image/avif": "avif" } as const;

/** Which per-IP budget an upload spends: product and category images, or avatars. */
export type UploadScope = "upload" | "avatar";

const tooLarge = (maxBytes: number) => new Refusal(`The image is too large: at most ${maxBytes / 1024 / 1024} MB`, 413);

/**
 * Reads an upload (multipart/form-data only) through the shared form reader, with the limit of one
 * file of `maxFileBytes` (declared or counted while it streams); its Refusals are worded for an
 * image (413 too large, 415 not multipart; 400 broken, 405 another method as they are).
 */
async function readMultipart(
  request: Request,
  maxFileBytes: number,
  { methods = ["POST"], repeatable = [] }: { methods?: readonly string[]; repeatable?: readonly string[] } = {},
): Promise<FormData> {
  try {
    return await readFormData(request, { multipart: "only", maxBytes: maxFileBytes + MULTIPART_OVERHEAD, methods, repeatable });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    if (error.status === 413) throw tooLarge(maxFileBytes);
    if (error.status === 415) throw new Refusal("Send the image as multipart/form-data", 415, { headers: error.headers });
    throw error;
  }
}

/**
 * The one way an upload body is read: the per-IP limit of its scope (UPLOAD_LIMITER, 429) is
 * spent first, then the multipart body is read under its size limit.
 */
export async function readUploadForm(
  request: Request,
  context: AppLoadContext,
  { scope, maxBytes, ...reading }: { scope: UploadScope; maxBytes: number; methods?: readonly string[]; repeatable?: readonly string[] },
): Promise<FormData> {
  await limitByIp(context.cloudflare.env.UPLOAD_LIMITER, request, scope);
  return readMultipart(request, maxBytes, reading);
}

/** An upload that passed every check, with the key and URL it will have; nothing is stored yet. */
export interface PreparedImage {
  key: string;
  url: string;
  type: ImageType;
  bytes: Uint8Array;
}

/** Checks one uploaded file (400 none, 413 too large, 415 not an image) without storing it. */
export async function prepareImage(file: FormDataEntryValue | null, { maxBytes, prefix }: { maxBytes: number; prefix: string }): Promise<PreparedImage> {
  if (!file || typeof file === "string" || file.size === 0) throw new Refusal("Choose an image to upload", 400);
  if (file.size > maxBytes) throw tooLarge(maxBytes);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type) throw new Refusal("Only JPEG, PNG, WebP or AVIF images can be uploaded", 415);
  const key = `${prefix}/${newId()}.${EXTENSIONS[type]}`;
  return { key, url: `/images/${key}`, type, bytes };
}

/**
 * Writes `images` to R2, then runs `write` (the database change that references them). If the
 * write fails, the images are deleted again and the error goes on.
 */
export async function withStoredImages<T>(context: AppLoadContext, images: PreparedImage[], write: () => Promise<T>): Promise<T> {
  const bucket = context.cloudflare.env.IMAGES;
  try {
    await Promise.all(images.map((image) => bucket.put(image.key, image.bytes, { httpMetadata: { contentType: image.type } })));
    return await write();
  } catch (error) {
    if (images.length) await bucket.delete(images.map((image) => image.key)).catch((e) => console.warn("could not remove unused uploads", e));
    throw error;
  }
}

/** Checks and stores one file on its own (the /api upload endpoints); returns its public URL. */
export async function storeImage(context: AppLoadContext, file: FormDataEntryValue | null, options: { maxBytes: number; prefix: string }): Promise<string> {
  const image = await prepareImage(file, options);
  return withStoredImages(context, [image], async () => image.url);
}
