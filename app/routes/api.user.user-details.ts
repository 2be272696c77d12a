import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serializeUser } from "~/utils/accounts.server";
import { apiSuccess, handleApi, methodNotAllowed } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

/** GET /api/user/user-details: the caller, never the password hash. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => apiSuccess(serializeUser(await requireApiUser(request, context)), { message: "User details" }));

export const action = () => methodNotAllowed("GET");
