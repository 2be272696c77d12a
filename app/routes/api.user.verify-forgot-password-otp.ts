import { apiAction } from "~/server/api/api-route.server";
import { otpSchema } from "~/lib/schemas/account";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { resetGrantCookie, verifyResetCode } from "~/server/identity/password-reset.server";

export const loader = () => methodNotAllowed("PUT");

/**
 * PUT /api/user/verify-forgot-password-otp {otp, email}: a correct code yields the reset grant,
 * as `data.resetToken` and as an HttpOnly cookie; reset-password requires one of them.
 */
export const action = apiAction({ method: "PUT", auth: "anyone", body: otpSchema }, async ({ request, context, body: { email, otp } }) => {
  const grant = await verifyResetCode(request, context, email, otp);
  const headers = { "Set-Cookie": await resetGrantCookie(context).serialize({ email, grant }) };
  return apiSuccess({ resetToken: grant }, { message: "Verify otp successfully", headers });
});
