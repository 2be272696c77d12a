/** The invoice's page routes (decision 031): the printable HTML page and its PDF, for the same readers as /api. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { isId } from "~/lib/ids";
import { attempt } from "~/server/http/page-actions.server";
import { requireUser, type SessionUser } from "~/server/identity/auth.server";
import { readInvoice } from "./invoice.server";

/**
 * The invoice for a page: guests go to the login page; an unknown order or one the user may not
 * read is the 404 page, an order not delivered yet a 409 page with the reason.
 */
export async function pageInvoice(request: Request, context: AppLoadContext, orderId: string | undefined) {
  const user = await requireUser(request, context);
  if (!isId(orderId)) throw new Response("Order not found", { status: 404, statusText: "Not Found" });
  const result = await attempt(() => readInvoice(context, user, orderId));
  if (!result.ok) throw new Response(result.error.message, { status: result.error.status });
  const { invoice, order } = result.value;
  return { invoice, backHref: orderPageFor(user, order) };
}

/** Where "Back to the order" goes for this reader: the shopper's order page, the store's queue, or the admin board. */
function orderPageFor(user: SessionUser, order: { id: string; userId: string; storeId: string }): string {
  if (user.id === order.userId) return `/dashboard/myorders/${order.id}`;
  if (user.role !== "ADMIN") return `/dashboard/stores/${order.storeId}/queue/${order.id}`;
  return `/dashboard/orders?order=${order.id}`;
}
