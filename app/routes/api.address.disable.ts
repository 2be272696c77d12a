import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiAddressDisableSchema } from "~/lib/schemas/address";
import { apiError, apiSuccess, assertMethod, handleApi, methodNotAllowed, readJson } from "~/server/http/api.server";
import { disableAddress } from "~/server/addresses/addresses.server";
import { requireApiUser } from "~/server/identity/auth.server";

export const loader = () => methodNotAllowed("DELETE");

/** DELETE /api/address/disable {_id}: soft removal of the caller's own address. */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    assertMethod(request, "DELETE");
    const user = await requireApiUser(request, context);
    const { _id } = await readJson(request, apiAddressDisableSchema);
    if (!(await disableAddress(context, user.id, _id))) return apiError("Address not found", 404);
    return apiSuccess({ _id }, { message: "Address Remove" });
  });
