/**
 * A report's photo (decision 050): JPEG, PNG or WebP by its bytes (the catalogue's sniffing; AVIF
 * and anything else 415), at most 5 MB (413), kept in the images bucket under the private prefix,
 * which the public /images route never serves. `/report-photo/:reportId` serves it to the report's
 * shopper, the store's staff and admins only, `private, no-store`; anyone else gets 404, as for a
 * report that does not exist.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { orderReports } from "~/db/schema";
import { Refusal } from "~/lib/refusal";
import { REPORT_PHOTO_MAX_BYTES } from "~/lib/reports";
import { PRIVATE_IMAGE_PREFIX, sniffImageType } from "~/server/catalogue/images.server";
import type { PreparedImage } from "~/server/catalogue/uploads.server";
import { getDb } from "~/server/db/db.server";
import type { SessionUser } from "~/server/identity/auth.server";
import { worksAt } from "~/server/identity/store-access.server";
import { limitByIp } from "~/server/platform/rate-limit.server";

const PHOTO_TYPES = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" } as const;
type PhotoType = keyof typeof PHOTO_TYPES;

/** True when the form carries a photo file (an empty file input sends a nameless, empty file). */
function hasPhoto(file: FormDataEntryValue | null | undefined): file is File {
  return typeof file === "object" && file !== null && file.size > 0;
}

/**
 * A photo spends the same per-IP upload budget as every other upload (UPLOAD_LIMITER, 429), so
 * refused reports cannot be used to write and delete objects without end.
 */
export async function limitPhotoUploads(request: Request, context: AppLoadContext, file: FormDataEntryValue | null | undefined): Promise<void> {
  if (hasPhoto(file)) await limitByIp(context.cloudflare.env.UPLOAD_LIMITER, request, "upload");
}

/** Checks a report's photo (none: null) without storing it: 413 too large, 415 not JPEG, PNG or WebP. */
export async function preparePhoto(file: FormDataEntryValue | null | undefined, reportId: string): Promise<PreparedImage | null> {
  if (file === null || file === undefined || file === "") return null;
  if (typeof file === "string") throw new Refusal("Send the photo as a file", 400, { fields: { photo: ["Send the photo as a file"] } });
  if (file.size === 0) return null;
  if (file.size > REPORT_PHOTO_MAX_BYTES) {
    throw new Refusal(`The photo is too large: at most ${REPORT_PHOTO_MAX_BYTES / 1024 / 1024} MB`, 413, { fields: { photo: ["At most 5 MB"] } });
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type || !(type in PHOTO_TYPES)) {
    throw new Refusal("The photo must be a JPEG, PNG or WebP image", 415, { fields: { photo: ["Choose a JPEG, PNG or WebP photo"] } });
  }
  const key = `${PRIVATE_IMAGE_PREFIX}reports/${reportId}.${PHOTO_TYPES[type as PhotoType]}`;
  return { key, url: `/report-photo/${reportId}`, type, bytes };
}

/** The photo of a report as the person asking may see it, or null (no report, no photo, not theirs to see). */
export async function readReportPhoto(
  context: AppLoadContext,
  user: Pick<SessionUser, "id" | "role" | "staffStoreId"> | null,
  reportId: string,
): Promise<{ body: ReadableStream; contentType: string; etag: string } | null> {
  if (!user) return null;
  const report = await getDb(context)
    .select({ userId: orderReports.userId, storeId: orderReports.storeId, photoKey: orderReports.photoKey })
    .from(orderReports)
    .where(eq(orderReports.id, reportId))
    .get();
  if (!report?.photoKey) return null;
  if (report.userId !== user.id && !worksAt(user, report.storeId)) return null;
  const object = await context.cloudflare.env.IMAGES.get(report.photoKey);
  if (!object) return null;
  const stored = object.httpMetadata?.contentType ?? "";
  return { body: object.body, contentType: stored in PHOTO_TYPES ? stored : "application/octet-stream", etag: object.httpEtag };
}
