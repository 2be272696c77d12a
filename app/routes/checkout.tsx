import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { publicOriginOf } from "~/server/platform/env.server";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { AddAddressTile } from "~/components/addresses/AddAddressTile";
import { AddressLines } from "~/components/addresses/AddressCard";
import { BillDetails } from "~/components/cart/BillDetails";
import { PaymentChoice } from "~/components/cart/PaymentChoice";
import { ReplacementChoice } from "~/components/cart/ReplacementChoice";
import { Dialog } from "~/components/forms/Dialog";
import { FormErrors } from "~/components/forms/FormErrors";
import { answerErrors } from "~/lib/action-answer";
import { formatINR } from "~/lib/money";
import { newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import { checkoutChoices, checkoutFormSchema, type CheckoutChoices } from "~/lib/schemas/order";
import { ADDRESS_INTENTS, handleAddressIntent } from "~/server/addresses/address-actions.server";
import { addressesQuery } from "~/server/addresses/addresses.server";
import { cartFromRows, loadCart } from "~/server/cart/cart.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { attempt, pageAction, refused } from "~/server/http/page-actions.server";
import { type SessionUser } from "~/server/identity/auth.server";
import { getSessionUser, getSignedInVisitor } from "~/server/identity/visitor.server";
import { getDb } from "~/server/db/db.server";
import { getStripe, ONLINE_PAYMENT_UNAVAILABLE, startOnlinePayment } from "~/server/orders/stripe.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { readFormData } from "~/server/http/form-data.server";
import { pageStockStore } from "~/server/stores/store-stock.server";
import { billWithChoices, commitBillChoices } from "~/server/coupons/bill-choices.server";
import { CouponBox } from "~/components/cart/CouponBox";
import { TipChoice } from "~/components/cart/TipChoice";
import { cashRoundOff, payment as payWith } from "~/lib/pricing";
import { walletBalanceQuery } from "~/server/wallet/ledger.server";
import { lazy, Suspense } from "react";

/**
 * The add-address form validates in the browser with conform and zod (~40 KB gzip): a chunk of its
 * own, fetched when the dialog opens, so a checkout with a saved address does not ship it (decision 051).
 */
const AddressForm = lazy(() => import("~/components/addresses/AddressForm").then((module) => ({ default: module.AddressForm })));

export const meta: MetaFunction = () => [{ title: "Checkout | FreshDash" }];

async function requireCheckoutShopper(request: Request, context: LoaderFunctionArgs["context"]): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (!user) throw await redirectWithToast(context, "/login?redirectTo=%2Fcheckout", { type: "error", text: "Please Login" });
  return user;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Round trip 1: the session's batch brings the shopper's cart with them.
  const user = await requireCheckoutShopper(request, context);
  const cart = cartFromRows((await getSignedInVisitor(request, context))?.cartRows ?? []);
  const store = await pageStockStore(request, context);
  // Round trip 2: the coupon and the tip (decision 030) with the addresses. The bill shows them, and the form sends exactly these.
  const {
    bill,
    coupon,
    tip,
    also: [addresses, wallet],
  } = await billWithChoices(request, context, { userId: user.id, lines: cart.lines, store, withTip: true }, [
    addressesQuery(getDb(context), user.id),
    walletBalanceQuery(getDb(context), user.id),
  ] as const);
  const walletBalance = Number(wallet[0]?.balance ?? 0);
  return data({ addresses, cart: { ...cart, bill }, coupon, tip, walletBalance, idempotencyKey: newId(), onlinePayment: Boolean(getStripe(context)) });
}

/**
 * A refused order (409: the coupon was used up or changed meanwhile, an item sold out, a price
 * changed) reads the bill again, as a document POST does without JavaScript: Remix skips
 * revalidation after a 4xx by default, which left the refused coupon on the bill (and in the form).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) => actionStatus === 409 || defaultShouldRevalidate;

export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const user = await requireCheckoutShopper(request, context);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  if ((ADDRESS_INTENTS as readonly string[]).includes(intent)) {
    return handleAddressIntent(context, user.id, form, "/checkout");
  }

  // Every refusal sends back what the shopper chose, so the page (with or without JavaScript) shows it again.
  const chosen = checkoutChoices(form);
  const refuse = (error: Refusal) => refused(error, { extra: { chosen } });
  const parsed = checkoutFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return refuse(new Refusal(parsed.error.issues[0]?.message ?? "Invalid checkout", 400));
  const { addressId, idempotencyKey, replacementPreference, couponCode, tip, useWallet } = parsed.data;
  const online = parsed.data.intent === "online";
  const stripe = online ? getStripe(context) : null;
  if (online && !stripe) return refuse(new Refusal(ONLINE_PAYMENT_UNAVAILABLE, 400));

  // The cart as its store shows it; the address must be served by that store (decision 020).
  const cartStore = await pageStockStore(request, context);
  const cart = await loadCart(context, { userId: user.id }, cartStore);
  const placed = await attempt(() =>
    placeOrder(context, {
      cartStore,
      userId: user.id,
      addressId,
      lines: cart.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
      paymentMethod: online ? "ONLINE" : "COD",
      idempotencyKey,
      replacementPreference,
      couponCode,
      tip,
      useWallet,
    }),
  );
  if (!placed.ok) return refuse(placed.error);
  const order = placed.value;
  // The code is used and the tip paid: the next cart starts without them.
  const cleared = new Headers({ "Set-Cookie": await commitBillChoices(context, { code: null, tip: 0 }) });

  // A second submit of the same page (same key) continues the order the first one made.
  if (order.bill.due === 0 && order.bill.walletPaid > 0) {
    return redirectWithToast(context, orderPage(order.id), { type: "success", text: "Order placed and paid from your wallet" }, { headers: cleared });
  }
  if (order.state.paymentMethod === "COD") {
    const text =
      order.bill.walletPaid > 0
        ? `Order placed: ${formatINR(order.bill.walletPaid)} paid from your wallet, pay ${formatINR(order.bill.due)} in cash when it arrives`
        : "Order placed: pay in cash when it arrives";
    return redirectWithToast(context, orderPage(order.id), { type: "success", text }, { headers: cleared });
  }
  const payments = stripe ?? getStripe(context);
  if (!payments) return refuse(new Refusal(ONLINE_PAYMENT_UNAVAILABLE, 400));
  const session = await attempt(() =>
    startOnlinePayment(context, payments, order, { origin: publicOriginOf(context.cloudflare.env, request), email: user.email, userId: user.id }),
  );
  if (!session.ok) return refuse(session.error);
  return redirect(session.value.url, { status: 303, headers: cleared });
});

/** The live order page, where the shopper lands after ordering (Stripe's success URL too). */
const orderPage = (id: string) => `/dashboard/myorders/${id}`;

export default function Checkout() {
  const { addresses, cart, coupon, tip, walletBalance, idempotencyKey, onlinePayment } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/checkout") ? navigation.formData?.get("intent") : null;
  const addressResult = actionData?.result ?? null;
  const showAddDialog = params.get("dialog") === "add-address" || Boolean(addressResult);
  const formErrors = actionData?.result ? null : answerErrors(actionData);
  const chosen: Partial<CheckoutChoices> = (actionData && "chosen" in actionData ? actionData.chosen : null) ?? {};
  const addressId = addresses.some((a) => a.id === chosen.addressId) ? chosen.addressId : addresses[0]?.id;
  // What a refusal (or the loaded cart) says is short: the way to fix it is the cart.
  const short = cart.lines.filter((line) => line.quantity > line.stock);
  const payment = chosen.payment === "online" && onlinePayment ? "online" : chosen.payment === "cod" || !onlinePayment ? "cod" : "online";
  // What cash on delivery collects: the total in whole rupees (the pricing module's round off).
  const cashTotal = cart.bill.grandTotal + cashRoundOff(cart.bill.grandTotal);
  // What is left to pay with the wallet box ticked (CSS shows it, with or without JavaScript).
  const walletCash = payWith(cart.bill.grandTotal, { cash: true, wallet: walletBalance });
  const walletOnline = payWith(cart.bill.grandTotal, { wallet: walletBalance });
  const offerWallet = walletBalance > 0 && cart.bill.grandTotal > 0;

  if (!cart.lines.length) {
    return (
      <section className="mx-auto max-w-lg py-12 text-center">
        <h1 className="text-xl font-bold">Checkout</h1>
        <div className="mt-3">
          <FormErrors errors={formErrors} />
        </div>
        <p className="mt-3 text-neutral-600">Your cart is empty.</p>
        <Link to="/" className="mt-5 inline-block rounded-md bg-brand px-5 py-2 font-semibold text-white">
          Shop Now
        </Link>
      </section>
    );
  }

  // `group`: the pay button's label follows the chosen payment with CSS alone, so it is right without JavaScript too.
  return (
    <section className="group grid gap-4 lg:grid-cols-[1fr_420px] lg:gap-6">
      <Form method="post" id="checkout" className="grid content-start gap-3">
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        {/* What the bill shows is what the order asks for: the server judges the code again. */}
        {coupon.code && !coupon.reason ? <input type="hidden" name="couponCode" value={coupon.code} /> : null}
        <input type="hidden" name="tip" value={String(tip / 100)} />
        <h1 className="text-lg font-semibold">Choose your address</h1>
        <fieldset className="grid gap-3">
          <legend className="sr-only">Delivery address</legend>
          {addresses.map((address) => (
            <label key={address.id} className="flex cursor-pointer gap-3 rounded-lg border border-neutral-200 bg-white p-4 text-sm has-[:checked]:border-brand">
              <input type="radio" name="addressId" value={address.id} defaultChecked={address.id === addressId} required className="mt-1" />
              <span>
                <AddressLines address={address} />
              </span>
            </label>
          ))}
        </fieldset>
        {!addresses.length ? <p className="text-sm text-neutral-600">You have no saved address yet: add one to place your order.</p> : null}
        <AddAddressTile />
        <ReplacementChoice chosen={chosen.replacementPreference ?? "refund"} />
      </Form>
      <aside className="grid content-start gap-3 rounded-lg bg-neutral-100 p-3 sm:p-4" aria-labelledby="summary-title">
        <h2 id="summary-title" className="text-lg font-semibold">
          Summary
        </h2>
        <BillDetails bill={cart.bill} couponCode={coupon.code} cash wallet={walletBalance} />
        {offerWallet ? (
          <label className="flex items-center gap-2 rounded-lg bg-white p-3 text-sm font-medium">
            <input type="checkbox" id="use-wallet" name="useWallet" value="true" form="checkout" defaultChecked={chosen.useWallet ?? false} />
            Use wallet balance ({formatINR(walletBalance)})
          </label>
        ) : null}
        <CouponBox {...coupon} redirectTo="/checkout" />
        <TipChoice tip={tip} redirectTo="/checkout" />
        <PaymentChoice form="checkout" chosen={payment} onlinePayment={onlinePayment} />
      </aside>
      {/* In the page's flow at its end: it stays at the bottom of the screen while the page scrolls and covers nothing once there. */}
      <div
        data-testid="pay-bar"
        className="sticky bottom-0 z-20 -mx-3 grid gap-2 border-t border-neutral-200 bg-white px-3 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] sm:-mx-4 sm:px-4 lg:col-start-2 lg:mx-0 lg:rounded-lg lg:border"
      >
        <FormErrors errors={formErrors} />
        {short.length ? (
          <p className="text-sm" data-testid="short-lines">
            {`Not enough in stock at your store: ${short.map((line) => line.name).join(", ")}. `}
            <Link to="/cart" className="font-semibold text-brand underline">
              Change your cart
            </Link>
            , then place your order.
          </p>
        ) : null}
        <div className="flex items-center gap-3">
          <p className="shrink-0 leading-tight">
            <span className="block text-xs text-neutral-600">To pay</span>
            {offerWallet ? (
              <strong className="hidden text-lg group-has-[#use-wallet:checked]:inline" data-testid="pay-total-wallet">
                <span className="group-has-[#pay-online:checked]:hidden">{formatINR(walletCash.due)}</span>
                <span className="hidden group-has-[#pay-online:checked]:inline">{formatINR(walletOnline.due)}</span>
              </strong>
            ) : null}
            <strong className="text-lg group-has-[#use-wallet:checked]:hidden" data-testid="pay-total">
              {cashTotal === cart.bill.grandTotal ? (
                formatINR(cashTotal)
              ) : (
                <>
                  {/* Cash is collected in whole rupees; online pays the exact total. */}
                  <span className="group-has-[#pay-online:checked]:hidden">{formatINR(cashTotal)}</span>
                  <span className="hidden group-has-[#pay-online:checked]:inline">{formatINR(cart.bill.grandTotal)}</span>
                </>
              )}
            </strong>
          </p>
          <button
            type="submit"
            form="checkout"
            disabled={Boolean(submitting)}
            className="h-12 flex-1 rounded-md bg-brand px-4 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
          >
            {submitting === "online" ? (
              "Redirecting to payment…"
            ) : submitting ? (
              "Placing order…"
            ) : (
              <>
                <span className="hidden group-has-[#pay-online:checked]:inline">Pay online</span>
                <span className="group-has-[#pay-online:checked]:hidden">Place order</span>
              </>
            )}
          </button>
        </div>
      </div>
      {showAddDialog ? (
        <Suspense fallback={null}>
          <Dialog title="Add Address" closeTo=".">
            <AddressForm intent="create-address" lastResult={addressResult} redirectTo="/checkout" />
          </Dialog>
        </Suspense>
      ) : null}
    </section>
  );
}
