import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { profileSchema } from "~/lib/schemas/account";
import { serializeUser, updateProfile } from "~/server/identity/accounts.server";
import { apiSuccess, assertMethod, handleApi, methodNotAllowed, readJson } from "~/server/http/api.server";
import { requireApiUser } from "~/server/identity/auth.server";

export const loader = () => methodNotAllowed("PUT");

/**
 * PUT /api/user/update-user {name, email, mobile, currentPassword?}: a new email needs the current
 * password (400 missing, 403 wrong, 429 when the login limits are full); role, _id, status and other
 * keys are ignored.
 */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    assertMethod(request, "PUT");
    const user = await requireApiUser(request, context);
    const input = await readJson(request, profileSchema);
    const updated = await updateProfile(request, context, user, input);
    return apiSuccess(serializeUser(updated.user, updated.links), { message: "Updated successfully" });
  });
