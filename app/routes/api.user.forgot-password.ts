import { apiAction } from "~/server/api/api-route.server";
import { forgotPasswordSchema } from "~/lib/schemas/account";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { CODE_SENT, requestResetCode } from "~/server/identity/password-reset.server";

export const loader = () => methodNotAllowed("PUT");

/** PUT /api/user/forgot-password {email}: the same answer whether or not the account exists. */
export const action = apiAction({ method: "PUT", auth: "anyone", body: forgotPasswordSchema }, async ({ request, context, body: { email } }) => {
  await requestResetCode(request, context, email);
  return apiSuccess(null, { message: CODE_SENT });
});
