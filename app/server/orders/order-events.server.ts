/**
 * Order events (issue 30): every write that changes an order tells the live channels.
 * replaced by the live helper's implementation at merge
 */
import type { AppLoadContext } from "@remix-run/cloudflare";

export interface OrderChange {
  orderId: string;
  storeId: string | null;
  userId: string;
  status: string;
}

// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function publishOrderChange(context: AppLoadContext, change: OrderChange): Promise<void> {
  return;
}
