import { apiLoader } from "~/server/api/api-route.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { listAddresses, serializeAddress } from "~/server/addresses/addresses.server";

/** GET /api/address/get: the caller's addresses; removed ones (status false) are hidden. */
export const loader = apiLoader({ auth: "user" }, async ({ context, user }) => {
  const rows = await listAddresses(context, user.id);
  return apiSuccess(rows.map((row) => serializeAddress(row, user.id)));
});

export const action = () => methodNotAllowed("GET");
