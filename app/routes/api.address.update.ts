import { apiAction } from "~/server/api/api-route.server";
import { apiAddressUpdateSchema } from "~/lib/schemas/address";
import { apiError, apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { serializeAddress, updateAddress } from "~/server/addresses/addresses.server";

export const loader = () => methodNotAllowed("PUT");

/** PUT /api/address/update: the body's userId is ignored; another user's address is 404. */
export const action = apiAction({ method: "PUT", auth: "user", body: apiAddressUpdateSchema }, async ({ context, user, body: { _id, ...input } }) => {
  const row = await updateAddress(context, user.id, _id, input);
  if (!row) return apiError("Address not found", 404);
  return apiSuccess(serializeAddress(row, user.id), { message: "Address Updated Successfully" });
});
