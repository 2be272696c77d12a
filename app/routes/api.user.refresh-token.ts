import { apiAction } from "~/server/api/api-route.server";
import { Refusal } from "~/lib/refusal";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { bearerToken } from "~/server/identity/auth.server";
import { rotateRefreshToken } from "~/server/identity/tokens.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/user/refresh-token with the refresh token as bearer → data.accessToken (and a rotated refreshToken). */
export const action = apiAction({ method: "POST", auth: "anyone" }, async ({ request, context }) => {
  const presented = bearerToken(request);
  if (!presented) throw new Refusal("Send the refresh token as a bearer token", 401);
  const result = await rotateRefreshToken(context, presented);
  if (!result.ok) throw new Refusal("Invalid or expired refresh token: log in again", 401);
  return apiSuccess({ accessToken: result.accessToken, refreshToken: result.refreshToken }, { message: "New access token generated" });
});
