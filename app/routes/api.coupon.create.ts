import { apiAction } from "~/server/api/api-route.server";
import { couponFieldsSchema } from "~/lib/schemas/coupon";
import { createCoupon, readCouponById, serializeCoupon } from "~/server/coupons/coupons.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/coupon/create {code, type, value, minOrder?, maxDiscount?, startsAt, endsAt, totalUses?, perShopper?, firstOrderOnly?, categories?, stores?, active?} (ADMIN only). */
export const action = apiAction({ method: "POST", auth: "admin", body: couponFieldsSchema }, async ({ context, body }) => {
  const { id } = await createCoupon(context, body);
  const coupon = await readCouponById(context, id);
  return apiSuccess(coupon ? serializeCoupon({ ...coupon, uses: 0 }) : { _id: id }, { message: `Coupon ${body.code} created`, status: 201 });
});
