import { apiAction } from "~/server/api/api-route.server";
import { paiseToRupees } from "~/lib/money";
import { apiOrderSchema } from "~/lib/schemas/order";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { placeApiOrder } from "~/server/orders/api-orders.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/order/cash-on-delivery {list_items, addressId, subTotalAmt?, totalAmt?, useWallet?}: prices come from
 * the server; advisory totals that disagree get 409. An `Idempotency-Key` header (or body
 * `idempotencyKey`) makes a retried request return the same order.
 */
export const action = apiAction({ method: "POST", auth: "user", body: apiOrderSchema }, async ({ request, context, user, body }) => {
  const order = await placeApiOrder(context, request, user.id, body, "COD");
  return apiSuccess(
    {
      _id: order.id,
      orderId: order.orderId,
      subTotalAmt: paiseToRupees(order.bill.itemsTotal),
      discount: paiseToRupees(order.bill.couponDiscount),
      tip: paiseToRupees(order.bill.tip),
      // Cash is collected in whole rupees: totalAmt includes the round off.
      roundOff: paiseToRupees(order.bill.roundOff),
      totalAmt: paiseToRupees(order.bill.payable),
      /** With `useWallet: true`: what the wallet paid, and the cash the rider collects. */
      walletPaid: paiseToRupees(order.bill.walletPaid),
      amountDue: paiseToRupees(order.bill.due),
    },
    { message: "Order successfully", status: order.duplicate ? 200 : 201 },
  );
});
