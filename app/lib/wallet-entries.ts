/**
 * What a wallet entry was, in the shopper's words (the account page and `GET /api/wallet` say the
 * same): a refund for an order, a payment for one, the part of a cancelled one returned, goodwill.
 */
import type { WalletEntryKind } from "~/db/schema";

export function walletEntryLabel(entry: { kind: WalletEntryKind; orderNumber: string | null }): string {
  const order = entry.orderNumber ? ` ${entry.orderNumber}` : "";
  switch (entry.kind) {
    case "refund":
      return `Refund for order${order}`;
    case "order_payment":
      return `Paid for order${order}`;
    case "order_reversal":
      return `Returned from cancelled order${order}`;
    case "goodwill":
      return "Goodwill from FreshDash";
  }
}
