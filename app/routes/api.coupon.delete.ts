import { apiAction } from "~/server/api/api-route.server";
import { apiCouponDeleteSchema } from "~/lib/schemas/coupon";
import { deleteCoupon } from "~/server/coupons/coupons.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";

export const loader = () => methodNotAllowed("DELETE");

/** DELETE /api/coupon/delete {_id}: orders that used it keep its code and discount (ADMIN only). */
export const action = apiAction({ method: "DELETE", auth: "admin", body: apiCouponDeleteSchema }, async ({ context, body: { _id } }) => {
  const { code } = await deleteCoupon(context, _id);
  return apiSuccess({ _id }, { message: `Coupon ${code} deleted` });
});
