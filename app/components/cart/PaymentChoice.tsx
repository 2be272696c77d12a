/**
 * Checkout: how the shopper pays. Online payment is offered only when this store has a payment
 * provider configured; otherwise it is shown disabled with the reason, and cash on delivery is the
 * choice. The radios belong to the checkout form (`form`) though they sit in the summary, after
 * the bill, the coupon and the tip.
 */
export function PaymentChoice({ form, chosen, onlinePayment }: { form: string; chosen: "cod" | "online"; onlinePayment: boolean }) {
  return (
    <fieldset className="grid gap-2 rounded-lg border border-neutral-200 bg-white p-4 text-sm">
      <legend className="px-1 font-semibold">Payment</legend>
      <label className={`flex min-h-11 items-center gap-2 ${onlinePayment ? "cursor-pointer" : "text-neutral-500"}`}>
        <input
          type="radio"
          id="pay-online"
          form={form}
          name="intent"
          value="online"
          disabled={!onlinePayment}
          defaultChecked={onlinePayment && chosen === "online"}
          aria-describedby={onlinePayment ? undefined : "pay-online-reason"}
        />
        <span>
          Online Payment
          {onlinePayment ? null : (
            <span id="pay-online-reason" className="block text-xs">
              Not available: online payment is not set up on this store yet.
            </span>
          )}
        </span>
      </label>
      <label className="flex min-h-11 cursor-pointer items-center gap-2">
        <input type="radio" form={form} name="intent" value="cod" defaultChecked={!onlinePayment || chosen === "cod"} />
        <span>Cash on Delivery</span>
      </label>
    </fieldset>
  );
}
