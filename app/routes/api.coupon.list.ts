import { apiLoader } from "~/server/api/api-route.server";
import { listCoupons, serializeCoupon } from "~/server/coupons/coupons.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";

/** GET /api/coupon/list: every coupon with its uses so far (orders not cancelled) (ADMIN only). */
export const loader = apiLoader({ auth: "admin" }, async ({ context }) => {
  const coupons = await listCoupons(context);
  return apiSuccess(coupons.map(serializeCoupon));
});

export const action = () => methodNotAllowed("GET");
