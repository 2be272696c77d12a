/**
 * The rider's phone (docs/decisions/048-riders-and-the-till.md): the orders out for delivery with
 * one rider (dispatched to their account), each with what the rider needs at the door: the full
 * address and map link, the phone to call, and the cash to collect (a cash order's total, already
 * whole rupees) or "paid online". Their own till for the day rides along.
 */
import { walletShare } from "~/lib/pricing";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, type SQL } from "drizzle-orm";
import { orders, stores, users } from "~/db/schema";
import type { DeliveryAddressView } from "~/lib/delivery-address";
import { DELIVERY_CODE_TRIES } from "~/lib/order-status";
import { paiseToRupees } from "~/lib/money";
import { mapLink } from "~/lib/delivery-address";
import { getDb } from "~/server/db/db.server";
import { columnAs, outerColumnAs } from "~/server/db/named-columns.server";

/** A rider carries few bags at once; a generous cap keeps the page bounded. */
const DELIVERIES_LIMIT = 50;

export interface RiderDelivery {
  id: string;
  orderId: string;
  storeId: string | null;
  storeName: string | null;
  paymentMethod: "COD" | "ONLINE";
  /** Paise to collect at the door: the cash order's total less what the wallet paid; null when paid online. */
  collect: number | null;
  address: DeliveryAddressView;
  shopperName: string;
  shopperMobile: string;
  triesLeft: number;
  placedAt: number;
  /** When it left the store (the order's last change while out for delivery). */
  outSince: number;
}

/** Orders out for delivery with `riderId`, at `storeId` when given, oldest first: one query. */
export async function loadRiderDeliveries(
  context: AppLoadContext,
  { riderId, storeId }: { riderId: string; storeId?: string | null },
): Promise<RiderDelivery[]> {
  const db = getDb(context);
  const where: SQL[] = [eq(orders.riderUserId, riderId), eq(orders.status, "out_for_delivery")];
  if (storeId) where.push(eq(orders.storeId, storeId));
  const rows = await db
    .select({
      id: orders.id,
      orderId: orders.orderId,
      storeId: orders.storeId,
      storeName: outerColumnAs(stores.name, "store_name"),
      paymentMethod: orders.paymentMethod,
      total: orders.total,
      walletPaid: orders.walletPaid,
      deliveryAddress: orders.deliveryAddress,
      shopperName: columnAs(users.name, "shopper_name"),
      shopperMobile: columnAs(users.mobile, "shopper_mobile"),
      deliveryCodeTries: orders.deliveryCodeTries,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(stores, eq(stores.id, orders.storeId))
    .where(and(...where))
    .orderBy(asc(orders.updatedAt), asc(orders.id))
    .limit(DELIVERIES_LIMIT);
  return rows.map((o) => ({
    id: o.id,
    orderId: o.orderId,
    storeId: o.storeId,
    storeName: o.storeName,
    paymentMethod: o.paymentMethod,
    // The wallet's share was paid when the order was placed (decision 050): the rest is cash.
    collect: o.paymentMethod === "COD" ? o.total - walletShare(o) : null,
    address: o.deliveryAddress as DeliveryAddressView,
    shopperName: o.shopperName,
    shopperMobile: o.shopperMobile ?? "",
    triesLeft: Math.max(0, DELIVERY_CODE_TRIES - o.deliveryCodeTries),
    placedAt: o.createdAt,
    outSince: o.updatedAt,
  }));
}

/** The number to call at the door: the recipient's on the address, else the shopper's account. */
function doorPhone(d: Pick<RiderDelivery, "address" | "shopperMobile">): string {
  return (d.address.mobile || d.shopperMobile || "").trim();
}

/** One delivery as /api speaks it (rupees; never the delivery code). */
export function riderDeliveryShape(d: RiderDelivery) {
  return {
    _id: d.id,
    orderId: d.orderId,
    storeId: d.storeId,
    storeName: d.storeName,
    payment_method: d.paymentMethod,
    amountToCollect: d.collect === null ? null : paiseToRupees(d.collect),
    paidOnline: d.collect === null,
    delivery_address: d.address,
    mapLink: mapLink(d.address),
    shopper: { name: d.shopperName, mobile: d.shopperMobile },
    phone: doorPhone(d),
    triesLeft: d.triesLeft,
    createdAt: new Date(d.placedAt).toISOString(),
    outSince: new Date(d.outSince).toISOString(),
  };
}
