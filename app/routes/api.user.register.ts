import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { registerSchema } from "~/lib/schemas/account";
import { NO_LINKS, registerUser, serializeUser } from "~/server/identity/accounts.server";
import { apiSuccess, assertMethod, handleApi, methodNotAllowed, readJson } from "~/server/http/api.server";
import { limitByIp } from "~/server/platform/rate-limit.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/user/register {name, email, password, confirmPassword}: always a USER. */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    assertMethod(request, "POST");
    const input = await readJson(request, registerSchema);
    await limitByIp(context.cloudflare.env.LOGIN_LIMITER, request, "register");
    const user = await registerUser(context, input);
    return apiSuccess(serializeUser(user, NO_LINKS), { message: "User register successfully", status: 201 });
  });
