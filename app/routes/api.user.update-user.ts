import { apiAction } from "~/server/api/api-route.server";
import { profileSchema } from "~/lib/schemas/account";
import { serializeUser, updateProfile } from "~/server/identity/accounts.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";

export const loader = () => methodNotAllowed("PUT");

/**
 * PUT /api/user/update-user {name, email, mobile, currentPassword?}: a new email needs the current
 * password (400 missing, 403 wrong, 429 when the login limits are full); role, _id, status and other
 * keys are ignored.
 */
export const action = apiAction({ method: "PUT", auth: "user", body: profileSchema }, async ({ request, context, user, body: input }) => {
  const updated = await updateProfile(request, context, user, input);
  return apiSuccess(serializeUser(updated.user, updated.links), { message: "Updated successfully" });
});
