import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { IntentButton } from "~/components/forms/IntentButton";
import { OrderEta } from "~/components/orders/OrderEta";
import { InvoiceLinks } from "~/components/orders/InvoiceLinks";
import { OrderItems } from "~/components/orders/OrderItems";
import { OrderPayment } from "~/components/orders/OrderPayment";
import { OrderPushToggle } from "~/components/orders/OrderPushToggle";
import { OrderRatingForm } from "~/components/orders/OrderRatingForm";
import { SubstitutionAnswer } from "~/components/orders/SubstitutionAnswer";
import { OrderTimeline, STATUS_LABELS } from "~/components/orders/OrderTimeline";
import { isId } from "~/lib/ids";
import { formatINR, signedINR } from "~/lib/money";
import { orderRoundOff } from "~/lib/pricing";
import { couponNoteOf } from "~/lib/pick-notes";
import { nextStatus, shopperCanCancel } from "~/lib/order-status";
import { shopperOrderActionSchema } from "~/lib/schemas/fulfilment";
import { REPLACEMENT_LABELS } from "~/lib/order-choices";
import { rateOrderFormSchema } from "~/lib/schemas/rating";
import { useLiveRevalidate } from "~/lib/hooks/use-live-revalidate";
import { liveOrderUrl } from "~/lib/live";
import { attempt, pageAction, refused } from "~/server/http/page-actions.server";
import { requireUser } from "~/server/identity/auth.server";
import { moveOrder, reorderToCart } from "~/server/orders/fulfilment.server";
import { rateOrder } from "~/server/orders/ratings.server";
import { listOrders } from "~/server/orders/read-orders.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { readFormData } from "~/server/http/form-data.server";
import { notFound } from "~/server/http/not-found.server";
import { pageStockStore } from "~/server/stores/store-stock.server";
import { pushPublicKey } from "~/server/push/subscriptions.server";
import { substitutionsOf } from "~/server/operations/substitutions.server";
import { answerFormStep } from "~/server/operations/substitution-forms.server";
import { Refusal } from "~/lib/refusal";
import { DeliveryAddress } from "~/components/addresses/DeliveryAddress";
import { OrderReportSection } from "~/components/reports/OrderReportSection";
import { orderReportsView } from "~/server/reports/read.server";
import { readPageReport, REPORT_FORM_MAX_BYTES, typedReport } from "~/server/reports/report-requests.server";
import { submitReport } from "~/server/reports/submit.server";
import { decideAutomatically } from "~/server/reports/decide.server";
import { publicOriginOf } from "~/server/platform/env.server";
import { OrderWalletPaid } from "~/components/wallet/OrderWalletPaid";

const ORDER_NOT_FOUND = "Order not found";
/** A live order's page without JavaScript reloads itself this often. */
const NO_SCRIPT_REFRESH_SECONDS = 15;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Order ${data.order.orderId} | FreshDash` : "Order | FreshDash" }];

/** The shopper's own order only: anyone else's id is a 404, exactly like an unknown one. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  if (!isId(params.orderId)) notFound(ORDER_NOT_FOUND);
  const [order] = await listOrders(context, user.id, { orderId: params.orderId, limit: 1 });
  if (!order) notFound(ORDER_NOT_FOUND);
  // Substitutions to answer and their outcomes (decision 043); due ones expire on this read.
  const substitutions = await substitutionsOf(context, order.id);
  // Reports of a delivered order's items (decision 050): what can still be reported, and the answers.
  const reports = order.status === "delivered" ? await orderReportsView(context, order) : null;
  return data({ order, serverNow: Date.now(), pushKey: pushPublicKey(context), substitutions, reports });
}

export const action = pageAction(async ({ request, context, params }: ActionFunctionArgs) => {
  const user = await requireUser(request, context);
  const orderId = params.orderId;
  if (!isId(orderId)) notFound(ORDER_NOT_FOUND);
  const here = `/dashboard/myorders/${orderId}`;
  // The report form is multipart (its photo); every other form of the page is a few text fields.
  const formData = await readFormData(request, { multipart: true, maxBytes: REPORT_FORM_MAX_BYTES });
  const form = Object.fromEntries(formData);
  if (form.intent === "report") {
    const report = await attempt(async () => submitReport(context, user, await readPageReport(request, context, orderId, formData)));
    if (!report.ok && report.error.status === 404) notFound(ORDER_NOT_FOUND);
    if (!report.ok) return refused(report.error, { extra: { reportTyped: typedReport(formData) } });
    // The rules approve (and refund) at once when it is safe; otherwise the report waits for support.
    await decideAutomatically(context, report.value.reportId, { localOrigin: publicOriginOf(context.cloudflare.env, request) });
    return redirectWithToast(context, `${here}#reports`, { type: "success", text: "Thank you for telling us: your report is below" });
  }
  if (form.intent === "substitution") {
    const answer = await attempt(() => answerFormStep(context, user, form));
    if (!answer.ok && answer.error.status === 404) notFound(ORDER_NOT_FOUND);
    return answer.ok
      ? redirectWithToast(context, here, { type: "success", text: answer.value.message })
      : redirectWithToast(context, here, { type: "error", text: answer.error.message });
  }
  if (form.intent === "rate") {
    // Rating after delivery (decision 027 "Ratings"): refused input comes back with the form and its status (400/404/409).
    const typed = { rating: String(form.rating ?? "").slice(0, 2), comment: String(form.comment ?? "").slice(0, 2000) };
    const rating = rateOrderFormSchema.safeParse(form);
    if (!rating.success) return refused(new Refusal(rating.error.issues[0].message, 400), { extra: { typed } });
    const result = await attempt(() => rateOrder(context, user.id, orderId, rating.data));
    if (!result.ok && result.error.status === 404) notFound(ORDER_NOT_FOUND);
    if (!result.ok) return refused(result.error, { extra: { typed } });
    return redirectWithToast(context, here, { type: "success", text: `Thank you: you rated this order ${result.value.rating} of 5` });
  }
  const parsed = shopperOrderActionSchema.safeParse(form);
  if (!parsed.success) return redirectWithToast(context, here, { type: "error", text: parsed.error.issues[0].message });

  if (parsed.data.intent === "reorder") {
    const store = await pageStockStore(request, context);
    const result = await attempt(() => reorderToCart(context, user.id, orderId, store));
    if (!result.ok && result.error.status === 404) notFound(ORDER_NOT_FOUND);
    return result.ok
      ? redirectWithToast(context, "/cart", { type: "success", text: result.value.message.slice(0, 300) })
      : redirectWithToast(context, here, { type: "error", text: result.error.message.slice(0, 300) });
  }
  const result = await attempt(() => moveOrder(context, { id: orderId, to: "cancelled", actor: { id: user.id, as: "shopper" } }));
  if (!result.ok && result.error.status === 404) notFound(ORDER_NOT_FOUND);
  const text = result.ok ? shopperCancelMessage(result.value.refund) : result.error.message;
  return redirectWithToast(context, here, { type: result.ok ? "success" : "error", text });
});

function shopperCancelMessage(refund: "refunded" | "already-refunded" | "failed" | "none" | undefined) {
  if (refund === "refunded") return "Order cancelled. Your refund is on its way to your original payment method.";
  if (refund === "failed") return "Order cancelled. Your refund needs a manual check: our team has been alerted and will sort it out.";
  return "Order cancelled";
}

export default function OrderDetail() {
  const { order, serverNow, pushKey, substitutions, reports } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const refusedReport = actionData && !actionData.ok && "reportTyped" in actionData ? { error: actionData.error.message, typed: actionData.reportTyped } : null;
  const refusedRating = actionData && !actionData.ok && "typed" in actionData ? { rateError: actionData.error.message, typed: actionData.typed } : null;
  const active = order.status !== "delivered" && order.status !== "cancelled";
  // Pushed by the order's live channel; polls every 5 s only while that is not connected (decision 028).
  useLiveRevalidate(active ? liveOrderUrl(order.id) : null, { fallbackPollMs: 5000 });
  const upcoming: string[] = [];
  for (let s = nextStatus(order.status); s; s = nextStatus(s)) upcoming.push(STATUS_LABELS[s]);
  const refunded = order.items.reduce((sum, item) => sum + item.refundedAmount, 0);
  const roundOff = orderRoundOff(order);
  // What a short pick did to the coupon is the shopper's to know (the rest of the pick's note is for staff).
  const couponNote = couponNoteOf(order.history.find((step) => step.status === "packed")?.note);
  return (
    <section aria-labelledby="order-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2 bg-white py-2 shadow-sm">
        <h1 id="order-title" className="text-lg font-semibold">
          {`Order No : ${order.orderId}`}
        </h1>
        <Link to="/dashboard/myorders" className="text-sm text-brand underline">
          All orders
        </Link>
      </div>

      <div className="grid gap-2 rounded-lg border border-neutral-200 bg-white p-4 text-sm">
        <p>
          Status: <strong data-testid="order-status">{STATUS_LABELS[order.status]}</strong>
        </p>
        <OrderEta order={order} serverNow={serverNow} />
        {order.deliveryCode ? (
          <p className="rounded-md border-2 border-green-700 bg-green-50 p-3 text-base" data-testid="delivery-code">
            Delivery code: <strong className="font-mono text-xl tracking-widest">{order.deliveryCode}</strong>
            <span className="block text-xs text-neutral-700">
              Give this code to {order.riderName ? `your rider, ${order.riderName},` : "your rider"} when your order arrives. Never share it before.
            </span>
          </p>
        ) : null}
        <OrderTimeline history={order.history} />
        {upcoming.length ? <p className="text-xs text-neutral-500">Still to come: {upcoming.join(" → ")}</p> : null}
        {active ? (
          <>
            {/* Without JavaScript nothing is pushed: the browser reloads the page instead, so the line below stays true. */}
            <noscript>
              <meta httpEquiv="refresh" content={String(NO_SCRIPT_REFRESH_SECONDS)} />
            </noscript>
            <p className="text-xs text-neutral-500">This page updates by itself while your order is on its way.</p>
          </>
        ) : null}
      </div>

      <SubstitutionAnswer substitutions={substitutions} serverNow={serverNow} />
      <OrderPushToggle publicKey={pushKey} />
      <div className="grid gap-3 rounded-lg border border-neutral-200 bg-white p-4 text-sm">
        <h2 className="font-semibold">Items</h2>
        <OrderItems items={order.items} />
        {order.discount > 0 || order.tip > 0 || roundOff !== 0 ? (
          <dl className="grid justify-end gap-1 text-right">
            <div className="flex justify-end gap-4">
              <dt>Items</dt>
              <dd>{formatINR(order.subTotal)}</dd>
            </div>
            {order.discount > 0 ? (
              <div className="flex justify-end gap-4 text-green-700" data-testid="order-coupon">
                <dt>Coupon {order.couponCode}</dt>
                <dd>−{formatINR(order.discount)}</dd>
              </div>
            ) : null}
            {order.tip > 0 ? (
              <div className="flex justify-end gap-4" data-testid="order-tip">
                <dt>Tip for your delivery partner</dt>
                <dd>{formatINR(order.tip)}</dd>
              </div>
            ) : null}
            {roundOff !== 0 ? (
              <div className="flex justify-end gap-4" data-testid="order-round-off">
                <dt>Round off (cash in whole rupees)</dt>
                <dd>{signedINR(roundOff)}</dd>
              </div>
            ) : null}
          </dl>
        ) : null}
        <p className="text-right font-semibold" data-testid="order-total">
          Total {formatINR(order.total)}
        </p>
        <OrderWalletPaid order={order} />
        {couponNote ? (
          <p className="text-right text-amber-800" data-testid="order-coupon-note">
            {couponNote}
          </p>
        ) : null}
        {refunded ? <p className="text-right text-green-800">{formatINR(refunded)} refunded for items we were short of</p> : null}
        <p className="text-neutral-600">If an item is out of stock: {REPLACEMENT_LABELS[order.replacementPreference]}</p>
        <p>
          <OrderPayment order={order} />
        </p>
        <DeliveryAddress address={order.deliveryAddress} heading="Delivering to" />
      </div>

      {order.status === "delivered" ? (
        <OrderRatingForm saved={order.rating === null ? null : { rating: order.rating, comment: order.ratingComment }} refused={refusedRating} />
      ) : refusedRating ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-700">
          {refusedRating.rateError}
        </p>
      ) : null}

      {reports ? <OrderReportSection view={reports} refused={refusedReport} /> : null}

      <InvoiceLinks order={order} />

      <div className="flex flex-wrap gap-3">
        <IntentButton fields={{ intent: "reorder" }} pendingText="Adding…" tone="primary">
          Buy again
        </IntentButton>
        {shopperCanCancel(order.status) ? (
          <IntentButton fields={{ intent: "cancel" }} pendingText="Cancelling…" tone="danger">
            Cancel order
          </IntentButton>
        ) : null}
      </div>
    </section>
  );
}
