import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loadUserLinks, serializeUser } from "~/server/identity/accounts.server";
import { apiSuccess, handleApi, methodNotAllowed } from "~/server/http/api.server";
import { requireApiUser } from "~/server/identity/auth.server";

/** GET /api/user/user-details: the caller with the ids of their addresses, cart lines and orders; never the password hash. Two D1 round trips. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const user = await requireApiUser(request, context);
    return apiSuccess(serializeUser(user, await loadUserLinks(context, user.id)), { message: "User details" });
  });

export const action = () => methodNotAllowed("GET");
