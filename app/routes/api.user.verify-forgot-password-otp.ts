import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { otpSchema } from "~/lib/schemas/account";
import { apiSuccess, assertMethod, handleApi, methodNotAllowed, readJson } from "~/server/http/api.server";
import { resetGrantCookie, verifyResetCode } from "~/server/identity/password-reset.server";

export const loader = () => methodNotAllowed("PUT");

/**
 * PUT /api/user/verify-forgot-password-otp {otp, email}: a correct code yields the reset grant,
 * as `data.resetToken` and as an HttpOnly cookie; reset-password requires one of them.
 */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    assertMethod(request, "PUT");
    const { email, otp } = await readJson(request, otpSchema);
    const grant = await verifyResetCode(request, context, email, otp);
    const headers = { "Set-Cookie": await resetGrantCookie(context).serialize({ email, grant }) };
    return apiSuccess({ resetToken: grant }, { message: "Verify otp successfully", headers });
  });
