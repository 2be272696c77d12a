import { apiAction } from "~/server/api/api-route.server";
import { setAvatar } from "~/server/identity/accounts.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { AVATAR_MAX_BYTES, prepareImage, readUploadForm, withStoredImages } from "~/server/catalogue/uploads.server";

export const loader = () => methodNotAllowed("PUT");

/** PUT /api/user/upload-avatar (multipart, field `avatar`) → data.avatar. */
export const action = apiAction({ method: "PUT", auth: "user" }, async ({ request, context, user }) => {
  const form = await readUploadForm(request, context, { scope: "avatar", maxBytes: AVATAR_MAX_BYTES, methods: ["PUT"] });
  const image = await prepareImage(form.get("avatar"), { maxBytes: AVATAR_MAX_BYTES, prefix: "avatars" });
  await withStoredImages(context, [image], () => setAvatar(context, user.id, image.url));
  return apiSuccess({ _id: user.id, avatar: image.url }, { message: "Upload profile" });
});
