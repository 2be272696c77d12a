import { apiAction } from "~/server/api/api-route.server";
import { apiCouponUpdateSchema } from "~/lib/schemas/coupon";
import { readCouponById, serializeCoupon, updateCoupon } from "~/server/coupons/coupons.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";

export const loader = () => methodNotAllowed("PUT");

/** PUT /api/coupon/update {_id, ...every field of create}: placed orders keep what they were charged (ADMIN only). */
export const action = apiAction({ method: "PUT", auth: "admin", body: apiCouponUpdateSchema }, async ({ context, body: { _id, ...fields } }) => {
  await updateCoupon(context, _id, fields);
  const coupon = await readCouponById(context, _id);
  return apiSuccess(coupon ? serializeCoupon(coupon) : { _id }, { message: `Coupon ${fields.code} updated` });
});
