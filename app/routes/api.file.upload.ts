import { apiAction } from "~/server/api/api-route.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { IMAGE_MAX_BYTES, readUploadForm, storeImage } from "~/server/catalogue/uploads.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/file/upload (multipart, field `image`) → data.url. The spec's product form helper reads
 * data.data.url, so the same URL is also at data.data.url.
 */
export const action = apiAction({ method: "POST", auth: "admin" }, async ({ request, context }) => {
  const form = await readUploadForm(request, context, { scope: "upload", maxBytes: IMAGE_MAX_BYTES });
  const url = await storeImage(context, form.get("image"), { maxBytes: IMAGE_MAX_BYTES, prefix: "uploads" });
  return apiSuccess({ url, data: { url } }, { message: "Upload done", status: 201 });
});
