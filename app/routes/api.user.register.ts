import { apiAction } from "~/server/http/api-route.server";
import { registerSchema } from "~/lib/schemas/account";
import { NO_LINKS, registerUser, serializeUser } from "~/server/identity/accounts.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { limitByIp } from "~/server/platform/rate-limit.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/user/register {name, email, password, confirmPassword}: always a USER. */
export const action = apiAction({ method: "POST", auth: "anyone", body: registerSchema }, async ({ request, context, body: input }) => {
  await limitByIp(context.cloudflare.env.LOGIN_LIMITER, request, "register");
  const user = await registerUser(context, input);
  return apiSuccess(serializeUser(user, NO_LINKS), { message: "User register successfully", status: 201 });
});
