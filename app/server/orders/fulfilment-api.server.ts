/** The /api answer after an order moved: the order as it is now, and what happened to the money. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { apiSuccess } from "~/server/http/api.server";
import type { MoveResult } from "./fulfilment.server";
import { findOrderForAdmin } from "./read-orders.server";
import { serializeOrder } from "./api-orders.server";

export async function orderMoveResponse(context: AppLoadContext, id: string, result: MoveResult) {
  const order = await findOrderForAdmin(context, id);
  return apiSuccess(order ? serializeOrder(order) : null, { message: result.message, extra: { refund: result.refund ?? "none" } });
}
