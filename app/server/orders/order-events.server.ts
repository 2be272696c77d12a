/**
 * Order events (issue 30, docs/decisions/027-store-operations.md): every write that changes an order
 * calls `publishOrderChange` after it, so the shopper's order page and the store's queue can update.
 * // replaced by the live helper's implementation at merge
 */
import type { AppLoadContext } from "@remix-run/cloudflare";

export interface OrderChange {
  orderId: string;
  storeId: string | null;
  userId: string;
  status: string;
}

// replaced by the live helper's implementation at merge
export async function publishOrderChange(_context: AppLoadContext, _change: OrderChange): Promise<void> {
  return;
}
