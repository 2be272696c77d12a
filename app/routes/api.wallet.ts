import { paiseToRupees } from "~/lib/money";
import { walletEntryLabel } from "~/lib/wallet-entries";
import { apiLoader } from "~/server/api/api-route.server";
import { apiSuccess, methodNotAllowed } from "~/server/http/api.server";
import { walletOf } from "~/server/wallet/ledger.server";

/**
 * GET /api/wallet (signed-in shoppers): the caller's own FreshDash wallet, `{ balance, entries }`,
 * money in rupees; the newest 50 entries first, each with what it was (`description`), the order it
 * names (`order_ref`, `orderNumber`) and the balance after it.
 */
export const loader = apiLoader({ auth: "user" }, async ({ context, user }) => {
  const wallet = await walletOf(context, user.id);
  return apiSuccess({
    balance: paiseToRupees(wallet.balance),
    entries: wallet.entries.map((entry) => ({
      _id: entry.id,
      kind: entry.kind,
      description: walletEntryLabel(entry),
      amount: paiseToRupees(entry.amount),
      balanceAfter: paiseToRupees(entry.balanceAfter),
      order_ref: entry.orderId,
      orderNumber: entry.orderNumber,
      note: entry.note,
      createdAt: new Date(entry.createdAt).toISOString(),
    })),
  });
});

export const action = () => methodNotAllowed("GET");
