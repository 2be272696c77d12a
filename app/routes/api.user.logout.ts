import { apiLoader } from "~/server/api/api-route.server";
import { Refusal } from "~/lib/refusal";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { bearerToken, requireApiUser } from "~/server/identity/auth.server";
import { getSettings } from "~/server/platform/env.server";
import { startedByAnotherSite } from "~/server/http/origin-check.server";
import { destroySession, readSessionToken } from "~/server/identity/session.server";
import { accessTokenFamily, revokeFamily, userFromAccessToken } from "~/server/identity/tokens.server";

const CROSS_SITE_LOGOUT = "Log out from the store's own pages: a request from another site cannot end your session.";

/**
 * GET /api/user/logout (the spec's method). A bearer token ends its sign-in: the token family and
 * the page session issued with it. The session cookie ends only on a request from the store itself:
 * a GET another site starts (a link, an image) carries the cookie too, so it is refused (403) when it
 * has no bearer token, and leaves the cookie alone when it has one.
 */
export const loader = apiLoader({ auth: "anyone" }, async ({ request, context }) => {
  const token = bearerToken(request);
  const fromAnotherSite = startedByAnotherSite(request, getSettings(context.cloudflare.env));
  if (token) {
    const family = (await userFromAccessToken(context, token)) ? await accessTokenFamily(context, token) : null;
    if (!family) throw new Refusal("Please Login", 401);
    await revokeFamily(context, family);
  } else {
    if (fromAnotherSite) throw new Refusal(CROSS_SITE_LOGOUT, 403);
    await requireApiUser(request, context);
  }
  const headers = new Headers();
  if (!fromAnotherSite && (await readSessionToken(request, context))) headers.set("Set-Cookie", await destroySession(request, context));
  return apiSuccess(null, { message: "Logout successfully", headers });
});

export const action = () => methodNotAllowed("GET");
