import { Link } from "@remix-run/react";
import type { WalletEntryKind } from "~/db/schema";
import { formatINR } from "~/lib/money";
import { walletEntryLabel } from "~/lib/wallet-entries";

export interface WalletPanelEntry {
  id: string;
  amount: number;
  balanceAfter: number;
  kind: WalletEntryKind;
  orderId: string | null;
  orderNumber: string | null;
  createdAt: number;
}

const dateOf = (ms: number) => new Date(ms).toLocaleDateString("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });

/** The account page's FreshDash wallet: the balance and the latest entries, each saying what it was. */
export function WalletPanel({ balance, entries }: { balance: number; entries: WalletPanelEntry[] }) {
  return (
    <section id="wallet" aria-labelledby="wallet-title" className="grid gap-3">
      <h2 id="wallet-title" className="text-lg font-semibold">
        FreshDash wallet
      </h2>
      <p>
        Balance: <strong data-testid="wallet-balance">{formatINR(balance)}</strong>
      </p>
      {entries.length ? (
        <ul aria-label="Wallet entries" className="grid gap-2">
          {entries.map((entry) => (
            <li key={entry.id} className="flex items-center justify-between gap-3 rounded-md border border-neutral-200 p-2 text-sm">
              <span>
                {entry.orderId && entry.orderNumber ? (
                  <Link to={`/dashboard/myorders/${entry.orderId}`} className="underline">
                    {walletEntryLabel(entry)}
                  </Link>
                ) : (
                  walletEntryLabel(entry)
                )}
                <span className="block text-xs text-neutral-500">{dateOf(entry.createdAt)}</span>
              </span>
              <span className={entry.amount < 0 ? "font-semibold" : "font-semibold text-green-700"}>
                {entry.amount < 0 ? `−${formatINR(-entry.amount)}` : `+${formatINR(entry.amount)}`}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-neutral-600">Your wallet is empty. Refunds for missing or damaged items land here, and you can spend them at checkout.</p>
      )}
    </section>
  );
}
