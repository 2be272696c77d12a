/** The invoice's page routes (decision 031): the printable HTML page and its PDF, for the same readers as /api. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { isId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import { requireUser, type SessionUser } from "~/server/identity/auth.server";
import { readInvoice } from "./invoice.server";

/**
 * The invoice for a page: guests go to the login page; an unknown order or one the user may not
 * read is refused 404, an order not delivered yet 409 with the reason (the route's `pageLoader`
 * answers them as the error page).
 */
export async function pageInvoice(request: Request, context: AppLoadContext, orderId: string | undefined) {
  const user = await requireUser(request, context);
  if (!isId(orderId)) throw new Refusal("Order not found", 404);
  const { invoice, order } = await readInvoice(context, user, orderId);
  return { invoice, backHref: orderPageFor(user, order) };
}

/** Where "Back to the order" goes for this reader: the shopper's order page, the store's queue, or the admin board. */
function orderPageFor(user: SessionUser, order: { id: string; userId: string; storeId: string }): string {
  if (user.id === order.userId) return `/dashboard/myorders/${order.id}`;
  if (user.role !== "ADMIN") return `/dashboard/stores/${order.storeId}/queue/${order.id}`;
  return `/dashboard/orders?order=${order.id}`;
}
