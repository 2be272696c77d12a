/** The /api answer after a store's staff moved an order: the order as it is now (never its delivery code). */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { apiSuccess } from "~/server/http/api.server";
import { serializeOrder } from "~/server/orders/api-orders.server";
import { findOrderForAdmin } from "~/server/orders/read-orders.server";

export async function storeOrderResponse(context: AppLoadContext, id: string, message: string, extra: Record<string, unknown> = {}) {
  const order = await findOrderForAdmin(context, id);
  return apiSuccess(order ? serializeOrder(order) : null, { message, extra });
}
