import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { setAvatar } from "~/utils/accounts.server";
import { apiSuccess, assertMethod, handleApi, methodNotAllowed } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { limitByIp } from "~/utils/rate-limit.server";
import { AVATAR_MAX_BYTES, readMultipart, storeImage } from "~/utils/uploads.server";

export const loader = () => methodNotAllowed("PUT");

/** PUT /api/user/upload-avatar (multipart, field `avatar`) → data.avatar. */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    assertMethod(request, "PUT");
    const user = await requireApiUser(request, context);
    await limitByIp(context.cloudflare.env.UPLOAD_LIMITER, request, "avatar");
    const form = await readMultipart(request, AVATAR_MAX_BYTES, ["PUT"]);
    const url = await storeImage(context, form.get("avatar"), { maxBytes: AVATAR_MAX_BYTES, prefix: "avatars" });
    await setAvatar(context, user.id, url);
    return apiSuccess({ _id: user.id, avatar: url }, { message: "Upload profile" });
  });
