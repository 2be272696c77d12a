import { apiAction } from "~/server/api/api-route.server";
import { registerSchema } from "~/lib/schemas/account";
import { REGISTERED, registerUser } from "~/server/identity/accounts.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { limitByIp } from "~/server/platform/rate-limit.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/user/register {name, email, password, confirmPassword}: always a USER. The same 201
 * whether or not the email already had an account (decision 021); no tokens: log in next.
 */
export const action = apiAction({ method: "POST", auth: "anyone", body: registerSchema }, async ({ request, context, body: input }) => {
  await limitByIp(context.cloudflare.env.PUBLIC_FORM_LIMITER, request, "register");
  return apiSuccess(await registerUser(context, input), { message: REGISTERED, status: 201 });
});
