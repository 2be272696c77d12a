import { apiAction } from "~/server/api/api-route.server";
import { loginSchema } from "~/lib/schemas/account";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { verifyCredentials } from "~/server/identity/auth.server";
import { startUserSession } from "~/server/identity/login.server";
import { issueTokens } from "~/server/identity/tokens.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/user/login {email, password} → data.accesstoken + data.refreshToken, and the HttpOnly
 * session cookie so a `credentials: include` client works too. Both belong to one sign-in: logging
 * out with either ends the other.
 */
export const action = apiAction({ method: "POST", auth: "anyone", body: loginSchema }, async ({ request, context, body: { email, password } }) => {
  const user = await verifyCredentials(request, context, email, password);
  const tokens = await issueTokens(context, user.id);
  const headers = await startUserSession(request, context, user, tokens.familyId);
  return apiSuccess({ accesstoken: tokens.accessToken, refreshToken: tokens.refreshToken }, { message: "Login successfully", headers });
});
