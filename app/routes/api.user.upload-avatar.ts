import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { setAvatar } from "~/server/identity/accounts.server";
import { apiSuccess, assertMethod, handleApi, methodNotAllowed } from "~/server/http/api.server";
import { requireApiUser } from "~/server/identity/auth.server";
import { AVATAR_MAX_BYTES, prepareImage, readUploadForm, withStoredImages } from "~/server/catalogue/uploads.server";

export const loader = () => methodNotAllowed("PUT");

/** PUT /api/user/upload-avatar (multipart, field `avatar`) → data.avatar. */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    assertMethod(request, "PUT");
    const user = await requireApiUser(request, context);
    const form = await readUploadForm(request, context, { scope: "avatar", maxBytes: AVATAR_MAX_BYTES, methods: ["PUT"] });
    const image = await prepareImage(form.get("avatar"), { maxBytes: AVATAR_MAX_BYTES, prefix: "avatars" });
    await withStoredImages(context, [image], () => setAvatar(context, user.id, image.url));
    return apiSuccess({ _id: user.id, avatar: image.url }, { message: "Upload profile" });
  });
