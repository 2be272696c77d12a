import { apiLoader } from "~/server/api/api-route.server";
import { loadUserLinks, serializeUser } from "~/server/identity/accounts.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";

/** GET /api/user/user-details: the caller with the ids of their addresses, cart lines and orders; never the password hash. Two D1 round trips. */
export const loader = apiLoader({ auth: "user" }, async ({ context, user }) => {
  return apiSuccess(serializeUser(user, await loadUserLinks(context, user.id)), { message: "User details" });
});

export const action = () => methodNotAllowed("GET");
