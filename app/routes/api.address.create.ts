import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { addressSchema } from "~/lib/schemas/address";
import { apiSuccess, assertMethod, handleApi, methodNotAllowed, readJson } from "~/server/http/api.server";
import { createAddress, serializeAddress } from "~/server/addresses/addresses.server";
import { requireApiUser } from "~/server/identity/auth.server";

export const loader = () => methodNotAllowed("POST");

export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    assertMethod(request, "POST");
    const user = await requireApiUser(request, context);
    const input = await readJson(request, addressSchema);
    const row = await createAddress(context, user.id, input);
    return apiSuccess(serializeAddress(row, user.id), { message: "Address Created Successfully", status: 201 });
  });
