import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiSuccess, handleApi, methodNotAllowed } from "~/utils/api.server";
import { bearerToken, requireApiUser } from "~/utils/auth.server";
import { destroySession } from "~/utils/session.server";
import { accessTokenFamily, revokeFamily } from "~/utils/tokens.server";

/**
 * GET /api/user/logout (the spec's method): revokes the bearer token's refresh family and the
 * session cookie. Logging out is idempotent, so a GET does no harm a third party could use.
 */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    await requireApiUser(request, context);
    const token = bearerToken(request);
    const family = token ? await accessTokenFamily(context, token) : null;
    if (family) await revokeFamily(context, family);
    const headers = new Headers({ "Set-Cookie": await destroySession(request, context) });
    return apiSuccess(null, { message: "Logout successfully", headers });
  });

export const action = () => methodNotAllowed("GET");
