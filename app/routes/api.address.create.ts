import { apiAction } from "~/server/api/api-route.server";
import { apiAddressSchema } from "~/lib/schemas/address";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { createAddress, serializeAddress } from "~/server/addresses/addresses.server";

export const loader = () => methodNotAllowed("POST");

export const action = apiAction({ method: "POST", auth: "user", body: apiAddressSchema }, async ({ context, user, body: input }) => {
  const row = await createAddress(context, user.id, input);
  return apiSuccess(serializeAddress(row, user.id), { message: "Address Created Successfully", status: 201 });
});
