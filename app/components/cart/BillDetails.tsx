import { formatINR, signedINR } from "~/lib/money";
import { cashRoundOff, payment, type Bill } from "~/lib/pricing";

/**
 * Spec "Cart panel" bill: items total (struck undiscounted + discounted), quantity, delivery, the
 * coupon ("Coupon CODE −₹X") and the tip when there are any, grand total. With `cash` (checkout),
 * a total with paise also shows what cash on delivery collects: its round off and the whole rupees.
 * Those lines hide with CSS alone while "Pay online" is chosen (the checkout's `group`), so they
 * follow the choice with or without JavaScript.
 */
export function BillDetails({ bill, couponCode, cash = false, wallet = 0 }: { bill: Bill; couponCode?: string | null; cash?: boolean; wallet?: number }) {
  const roundOff = cash ? cashRoundOff(bill.grandTotal) : 0;
  // With the checkout's "Use wallet balance" box ticked (#use-wallet, CSS alone as for the payment).
  const withWallet = { cash: payment(bill.grandTotal, { cash: true, wallet }), online: payment(bill.grandTotal, { wallet }) };
  return (
    <section aria-labelledby="bill-title" className="rounded-lg bg-white p-4">
      <h2 id="bill-title" className="mb-2 font-semibold">
        Bill details
      </h2>
      <dl className="space-y-1 text-sm">
        <div className="flex justify-between gap-4">
          <dt>Items total</dt>
          <dd>
            {bill.savings > 0 ? (
              <s className="relative mr-2 text-neutral-500">
                <span className="sr-only">was </span>
                {formatINR(bill.undiscountedTotal)}
              </s>
            ) : null}
            {formatINR(bill.itemsTotal)}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>Quantity total</dt>
          <dd>
            {bill.quantityTotal} item{bill.quantityTotal === 1 ? "" : "s"}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>Delivery Charge</dt>
          <dd>{bill.deliveryCharge === 0 ? "Free" : formatINR(bill.deliveryCharge)}</dd>
        </div>
        {bill.couponDiscount > 0 ? (
          <div className="flex justify-between gap-4 text-green-700" data-testid="bill-coupon">
            <dt>Coupon {couponCode}</dt>
            <dd>−{formatINR(bill.couponDiscount)}</dd>
          </div>
        ) : null}
        {bill.tip > 0 ? (
          <div className="flex justify-between gap-4" data-testid="bill-tip">
            <dt>Tip for your delivery partner</dt>
            <dd>{formatINR(bill.tip)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-neutral-200 pt-2 text-base font-semibold">
          <dt>Grand total</dt>
          <dd data-testid="grand-total">{formatINR(bill.grandTotal)}</dd>
        </div>
        {roundOff !== 0 ? (
          <div className="space-y-1 group-has-[#pay-online:checked]:hidden group-has-[#use-wallet:checked]:hidden" data-testid="bill-cash">
            <div className="flex justify-between gap-4">
              <dt>Round off (cash on delivery)</dt>
              <dd data-testid="bill-round-off">{signedINR(roundOff)}</dd>
            </div>
            <div className="flex justify-between gap-4 font-semibold">
              <dt>Cash to pay</dt>
              <dd data-testid="bill-cash-total">{formatINR(bill.grandTotal + roundOff)}</dd>
            </div>
          </div>
        ) : null}
        {cash && wallet > 0 && bill.grandTotal > 0 ? (
          <div className="hidden space-y-1 group-has-[#use-wallet:checked]:block" data-testid="bill-wallet">
            <div className="flex justify-between gap-4 text-green-700">
              <dt>Paid from wallet</dt>
              <dd data-testid="bill-wallet-paid">−{formatINR(withWallet.online.walletPaid)}</dd>
            </div>
            {withWallet.cash.roundOff !== 0 ? (
              <div className="flex justify-between gap-4 group-has-[#pay-online:checked]:hidden">
                <dt>Round off (cash on delivery)</dt>
                <dd>{signedINR(withWallet.cash.roundOff)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-4 font-semibold group-has-[#pay-online:checked]:hidden">
              <dt>Left to pay in cash</dt>
              <dd data-testid="bill-wallet-cash">{formatINR(withWallet.cash.due)}</dd>
            </div>
            <div className="hidden justify-between gap-4 font-semibold group-has-[#pay-online:checked]:flex">
              <dt>Left to pay online</dt>
              <dd data-testid="bill-wallet-online">{formatINR(withWallet.online.due)}</dd>
            </div>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
