import { queueQuerySchema } from "~/lib/schemas/store-ops";
import { deliveryDueAt } from "~/lib/order-status";
import { paiseToRupees } from "~/lib/money";
import { Refusal } from "~/lib/refusal";
import { apiLoader } from "~/server/api/api-route.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { assertWorksAt } from "~/server/identity/store-access.server";
import { loadQueue } from "~/server/operations/queue.server";

/**
 * GET /api/store/queue?storeId= (that store's staff, admins): its open orders, oldest first, each
 * with its age against the store's promised minutes and who is picking it (`claimedBy`, `claimedAt`,
 * decision 047). Shoppers and other stores' staff: 403.
 */
export const loader = apiLoader({ auth: "user" }, async ({ request, context, user }) => {
  const parsed = queueQuerySchema.safeParse({ storeId: new URL(request.url).searchParams.get("storeId") ?? undefined });
  if (!parsed.success) throw new Refusal(parsed.error.issues[0].message, 400);
  assertWorksAt(user, parsed.data.storeId);
  const queue = await loadQueue(context, parsed.data.storeId);
  if (!queue) throw new Refusal("No such store", 404);
  const now = Date.now();
  return apiSuccess({
    store: { _id: queue.store.id, name: queue.store.name, promiseMinutes: queue.store.baseDeliveryMinutes },
    orders: queue.orders.map((o) => {
      const dueAt = deliveryDueAt({ createdAt: o.createdAt, etaMinutes: queue.store.baseDeliveryMinutes });
      return {
        _id: o.id,
        orderId: o.orderId,
        status: o.status,
        payment_method: o.paymentMethod,
        totalAmt: paiseToRupees(o.total),
        items: o.items,
        lines: o.lines,
        createdAt: new Date(o.createdAt).toISOString(),
        ageMinutes: Math.floor((now - o.createdAt) / 60_000),
        dueAt: new Date(dueAt).toISOString(),
        late: now > dueAt,
        version: o.version,
        needs_attention: o.needsAttention,
        claimedBy: o.claimedById ? { _id: o.claimedById, name: o.claimedByName } : null,
        claimedAt: o.claimedAt ? new Date(o.claimedAt).toISOString() : null,
      };
    }),
  });
});

export const action = () => methodNotAllowed("GET");
