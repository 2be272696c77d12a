import { paiseToRupees } from "~/lib/money";
import { Refusal } from "~/lib/refusal";
import { riderDeliveriesQuerySchema } from "~/lib/schemas/till";
import { apiLoader } from "~/server/api/api-route.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { assertStoreWorker } from "~/server/identity/store-access.server";
import { riderDeliveryShape } from "~/server/operations/rider.server";
import { loadRiderView, riderScope } from "~/server/operations/rider-view.server";

/**
 * GET /api/rider/deliveries (staff: their own, at their store; admins: `?storeId=&riderId=`, by
 * default their own): the orders out for delivery with the rider, oldest first, each with the
 * address, map link, phone and the cash to collect; and the rider's cash of today at the store.
 */
export const loader = apiLoader({ auth: "user" }, async ({ request, context, user }) => {
  assertStoreWorker(user);
  const params = new URL(request.url).searchParams;
  const parsed = riderDeliveriesQuerySchema.safeParse({ storeId: params.get("storeId") ?? undefined, riderId: params.get("riderId") ?? undefined });
  if (!parsed.success) throw new Refusal(parsed.error.issues[0].message, 400);
  const view = await loadRiderView(context, riderScope(user, parsed.data));
  return apiSuccess({
    riderId: view.riderId,
    storeId: view.storeId,
    deliveries: view.deliveries.map(riderDeliveryShape),
    today: view.today && {
      date: view.today.day,
      cashOrders: view.today.orders,
      collected: paiseToRupees(view.today.collected),
      handedOver: paiseToRupees(view.today.handedOver),
      difference: paiseToRupees(view.today.difference),
    },
  });
});

export const action = () => methodNotAllowed("GET");
