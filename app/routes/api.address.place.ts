import { apiLoader } from "~/server/api/api-route.server";
import { pincodeQuerySchema } from "~/lib/schemas/address";
import { apiSuccess, methodNotAllowed, parseWith } from "~/server/http/api.server";
import { pincodePlace } from "~/server/addresses/addresses.server";

/**
 * GET /api/address/place?pincode=560038 → data: `{ pincode, city, state, state_code }`, the place an
 * address with that pincode gets (decision 035); the address form shows it as the pincode is typed.
 * An unknown pincode is 404 with the reason. The same for everyone, so HTTP caches may keep it.
 */
export const loader = apiLoader({ auth: "anyone" }, async ({ request, context }) => {
  const { pincode } = parseWith(pincodeQuerySchema, { pincode: new URL(request.url).searchParams.get("pincode") ?? "" });
  const place = await pincodePlace(context, pincode);
  return apiSuccess({ pincode, city: place.city, state: place.state, state_code: place.stateCode }, { headers: { "Cache-Control": "public, max-age=86400" } });
});

export const action = () => methodNotAllowed("GET");
