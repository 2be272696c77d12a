import { formatINR } from "~/lib/money";
import { walletShare } from "~/lib/pricing";

/** The order page's wallet line: what the wallet paid of the total, and what was left online or in cash. */
export function OrderWalletPaid({ order }: { order: { total: number; walletPaid: number; paymentMethod: "COD" | "ONLINE" } }) {
  const fromWallet = walletShare(order);
  if (fromWallet <= 0) return null;
  const rest = order.total - fromWallet;
  return (
    <p className="text-right" data-testid="order-wallet-paid">
      Paid from wallet <strong>−{formatINR(fromWallet)}</strong>
      {rest > 0 ? (
        <span className="block text-neutral-700">
          {order.paymentMethod === "COD" ? `Cash to pay on delivery: ${formatINR(rest)}` : `Paid online: ${formatINR(rest)}`}
        </span>
      ) : null}
    </p>
  );
}
