import { apiAction } from "~/server/api/api-route.server";
import { resetPasswordSchema } from "~/lib/schemas/account";
import { parseCookie } from "~/server/platform/cookies.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { trustDevice } from "~/server/identity/device.server";
import { resetGrantCookie, resetPassword } from "~/server/identity/password-reset.server";

export const loader = () => methodNotAllowed("PUT");

/**
 * PUT /api/user/reset-password {email, newPassword, confirmPassword}: needs the verified grant. The
 * caller's browser becomes trusted for the account (see device.server.ts).
 */
export const action = apiAction({ method: "PUT", auth: "anyone", body: resetPasswordSchema }, async ({ request, context, body }) => {
  const cookie = (await parseCookie(resetGrantCookie(context), request.headers.get("Cookie"))) as { grant?: unknown } | null;
  const grant = body.resetToken ?? (typeof cookie?.grant === "string" ? cookie.grant : null);
  await resetPassword(context, body.email, grant, body.newPassword);
  const headers = new Headers({ "Set-Cookie": await resetGrantCookie(context).serialize("", { maxAge: 0 }) });
  headers.append("Set-Cookie", await trustDevice(request, context, body.email));
  return apiSuccess(null, { message: "Password updated successfully", headers });
});
