import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiSuccess, assertMethod, handleApi, methodNotAllowed } from "~/server/http/api.server";
import { requireApiAdmin } from "~/server/identity/auth.server";
import { IMAGE_MAX_BYTES, readUploadForm, storeImage } from "~/server/catalogue/uploads.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/file/upload (multipart, field `image`) → data.url. The spec's product form helper reads
 * data.data.url, so the same URL is also at data.data.url.
 */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    assertMethod(request, "POST");
    await requireApiAdmin(request, context);
    const form = await readUploadForm(request, context, { scope: "upload", maxBytes: IMAGE_MAX_BYTES });
    const url = await storeImage(context, form.get("image"), { maxBytes: IMAGE_MAX_BYTES, prefix: "uploads" });
    return apiSuccess({ url, data: { url } }, { message: "Upload done", status: 201 });
  });
