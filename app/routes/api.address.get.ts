import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiSuccess, handleApi, methodNotAllowed } from "~/server/http/api.server";
import { listAddresses, serializeAddress } from "~/server/addresses/addresses.server";
import { requireApiUser } from "~/server/identity/auth.server";

/** GET /api/address/get: the caller's addresses; removed ones (status false) are hidden. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const user = await requireApiUser(request, context);
    const rows = await listAddresses(context, user.id);
    return apiSuccess(rows.map((row) => serializeAddress(row, user.id)));
  });

export const action = () => methodNotAllowed("GET");
