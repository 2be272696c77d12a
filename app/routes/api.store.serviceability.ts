import { apiLoader } from "~/server/api/api-route.server";
import { serviceabilityQuerySchema } from "~/lib/schemas/store";
import { apiSuccess, methodNotAllowed, parseWith } from "~/server/http/api.server";
import { catalogueCacheControl } from "~/server/catalogue/catalogue.server";
import { storeForPincode } from "~/server/stores/stores.server";

/**
 * GET /api/store/serviceability?pincode=560001 → data: `{ serviceable, store: { _id, name,
 * etaMinutes } | null }`; a malformed (or repeated) pincode is a 400. The same for everyone, so
 * anonymous answers may be cached like the catalogue. One D1 round trip.
 */
export const loader = apiLoader({ auth: "anyone" }, async ({ request, context }) => {
  const given = new URL(request.url).searchParams.getAll("pincode");
  const { pincode } = parseWith(serviceabilityQuerySchema, { pincode: given.length > 1 ? given : given[0] });
  const store = await storeForPincode(context, pincode);
  return apiSuccess(
    { serviceable: Boolean(store), store },
    {
      message: store ? `${store.name} delivers to ${pincode}` : `We don't deliver to ${pincode} yet`,
      headers: { "Cache-Control": catalogueCacheControl(request) },
    },
  );
});

export const action = () => methodNotAllowed("GET");
