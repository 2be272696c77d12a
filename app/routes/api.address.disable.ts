import { apiAction } from "~/server/api/api-route.server";
import { apiAddressDisableSchema } from "~/lib/schemas/address";
import { apiError, apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { disableAddress } from "~/server/addresses/addresses.server";

export const loader = () => methodNotAllowed("DELETE");

/** DELETE /api/address/disable {_id}: soft removal of the caller's own address. */
export const action = apiAction({ method: "DELETE", auth: "user", body: apiAddressDisableSchema }, async ({ context, user, body: { _id } }) => {
  if (!(await disableAddress(context, user.id, _id))) return apiError("Address not found", 404);
  return apiSuccess({ _id }, { message: "Address Remove" });
});
