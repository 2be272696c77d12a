import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiAddressUpdateSchema } from "~/lib/schemas/address";
import { apiError, apiSuccess, assertMethod, handleApi, methodNotAllowed, readJson } from "~/server/http/api.server";
import { serializeAddress, updateAddress } from "~/server/addresses/addresses.server";
import { requireApiUser } from "~/server/identity/auth.server";

export const loader = () => methodNotAllowed("PUT");

/** PUT /api/address/update: the body's userId is ignored; another user's address is 404. */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    assertMethod(request, "PUT");
    const user = await requireApiUser(request, context);
    const { _id, ...input } = await readJson(request, apiAddressUpdateSchema);
    const row = await updateAddress(context, user.id, _id, input);
    if (!row) return apiError("Address not found", 404);
    return apiSuccess(serializeAddress(row, user.id), { message: "Address Updated Successfully" });
  });
