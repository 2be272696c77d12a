/**
 * The one order pipeline for cash on delivery and online payment (ARCHITECTURE.md "Orders and
 * payments", docs/decisions/009-payment-trust.md): a plan from one read (place-order/plan.server.ts),
 * then one batch that decides stock, the coupon's uses and the per-shopper rules
 * (place-order/batch.server.ts); a failed batch is explained from the state read again
 * (place-order/refusals.server.ts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { commitOrder } from "./place-order/batch.server";
import type { OrderInput, PlacedOrder } from "./place-order/model.server";
import { planOrder } from "./place-order/plan.server";

export { commitOrder } from "./place-order/batch.server";
export { type OrderPlan, type PaymentMethod, type PlacedOrder, RESERVATION_MS, TOO_MANY_LINES } from "./place-order/model.server";
export { planOrder } from "./place-order/plan.server";

/** Places an order, or answers with the one an earlier copy placed; a refused order throws a Refusal. */
export async function placeOrder(context: AppLoadContext, input: OrderInput): Promise<PlacedOrder> {
  const planned = await planOrder(context, input);
  return "plan" in planned ? commitOrder(context, planned.plan) : planned.order;
}
