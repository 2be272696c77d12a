import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { forgotPasswordSchema } from "~/lib/schemas/account";
import { apiSuccess, assertMethod, handleApi, methodNotAllowed, readJson } from "~/server/http/api.server";
import { CODE_SENT, requestResetCode } from "~/server/identity/password-reset.server";

export const loader = () => methodNotAllowed("PUT");

/** PUT /api/user/forgot-password {email}: the same answer whether or not the account exists. */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    assertMethod(request, "PUT");
    const { email } = await readJson(request, forgotPasswordSchema);
    await requestResetCode(request, context, email);
    return apiSuccess(null, { message: CODE_SENT });
  });
