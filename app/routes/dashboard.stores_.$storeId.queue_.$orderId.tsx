import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormErrors } from "~/components/forms/FormErrors";
import { IntentButton } from "~/components/forms/IntentButton";
import { PermissionDenied } from "~/components/layout/PermissionDenied";
import { DeliverForm } from "~/components/operations/DeliverForm";
import { DispatchForm } from "~/components/operations/DispatchForm";
import { OverrideForm } from "~/components/operations/OverrideForm";
import { PickForm } from "~/components/operations/PickForm";
import { ClaimBar } from "~/components/operations/ClaimBar";
import { PickLines } from "~/components/operations/PickLines";
import { SubstitutionProposal } from "~/components/operations/SubstitutionProposal";
import type { StaffPageHandle } from "~/components/operations/StaffHeader";
import { OrderItems } from "~/components/orders/OrderItems";
import { OrderPayment } from "~/components/orders/OrderPayment";
import { OrderTimeline, STATUS_LABELS } from "~/components/orders/OrderTimeline";
import { useLiveRevalidate } from "~/lib/hooks/use-live-revalidate";
import { liveOrderUrl } from "~/lib/live";
import { useNow } from "~/lib/hooks/use-now";
import { isId } from "~/lib/ids";
import { formatINR, signedINR } from "~/lib/money";
import { orderRoundOff } from "~/lib/pricing";
import { InvoiceLinks } from "~/components/orders/InvoiceLinks";
import { DELIVERY_CODE_TRIES, deliveryDueAt, minutesSince } from "~/lib/order-status";
import { REPLACEMENT_LABELS } from "~/lib/schemas/order";
import { claimFormSchema, pickedFromForm, pickLinesSchema, riderSchema, storeOrderFormSchema, type RiderInput } from "~/lib/schemas/store-ops";
import { Refusal } from "~/lib/refusal";
import { readFormData } from "~/server/http/form-data.server";
import { notFound } from "~/server/http/not-found.server";
import { attempt, pageAction, refused } from "~/server/http/page-actions.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { managesStore, requireStoreAction, requireStorePage } from "~/server/identity/store-access.server";
import { claimOrder, releaseClaim } from "~/server/operations/claims.server";
import { deliverWithCode, dispatchOrder, markReady, overrideDelivery } from "~/server/operations/handover.server";
import { pickOrder } from "~/server/operations/pick.server";
import { confirmFromForm, lineConfirmations } from "~/server/operations/pick-confirm.server";
import { loadStoreOrder } from "~/server/operations/queue.server";
import { isSubstitutionIntent, substitutionFormStep, substitutionPageData } from "~/server/operations/substitution-forms.server";
import { answerMessage, fieldMessages, type ActionAnswer } from "~/lib/action-answer";
import { DeliveryAddress } from "~/components/addresses/DeliveryAddress";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.view ? `Pick ${data.view.order.orderId} | FreshDash` : "Store order | FreshDash" },
];

const ORDER_NOT_FOUND = "Order not found";

export const handle: StaffPageHandle = {
  staffPage: (data, params) => {
    const view = (data as { view?: { order: { storeName: string | null } } | null } | undefined)?.view;
    return view && params.storeId ? { storeId: params.storeId, storeName: view.order.storeName } : null;
  },
};

/** The store's staff and admins; an order of another store is 404, anyone else gets 403. One batch. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  if (!isId(params.storeId) || !isId(params.orderId)) notFound(ORDER_NOT_FOUND);
  const { user, allowed } = await requireStorePage(request, context, params.storeId);
  if (!allowed)
    return data({ allowed: false as const, view: null, isAdmin: false, serverNow: Date.now(), me: null, subs: null, confirmations: {} }, { status: 403 });
  const [view, confirmations] = await Promise.all([attempt(() => loadStoreOrder(context, user, params.orderId!)), lineConfirmations(context, params.orderId)]);
  if (!view.ok || view.value.order.storeId !== params.storeId) notFound(ORDER_NOT_FOUND);
  const me = { id: user.id, manages: managesStore(user, params.storeId) };
  // Substitutions (decision 043): the order's, and suggestions for the line `?suggest=` names.
  const subs = await substitutionPageData(context, user, view.value.order, view.value.lines, new URL(request.url));
  return data({ allowed: true as const, view: view.value, isAdmin: user.role === "ADMIN", serverNow: Date.now(), me, subs, confirmations });
}

/** The rider a dispatch form names: a typed name and phone, else a staff member, else the caller. */
function riderFrom(form: { riderUserId?: string; riderName?: string; riderPhone?: string }): RiderInput | undefined {
  const name = form.riderName?.trim();
  const phone = form.riderPhone?.trim();
  const typed = name || phone ? { name: name ?? "", phone: phone ?? "" } : form.riderUserId ? { userId: form.riderUserId } : undefined;
  if (!typed) return undefined;
  const parsed = riderSchema.safeParse(typed);
  if (!parsed.success) throw new Refusal(parsed.error.issues[0].message, 400);
  return parsed.data;
}

/** pick, ready, dispatch, deliver (code) or override (admins): 303 back with a message, or the refusal with its status. */
export const action = pageAction(async ({ request, context, params }: ActionFunctionArgs) => {
  if (!isId(params.storeId) || !isId(params.orderId)) notFound(ORDER_NOT_FOUND);
  const { storeId, orderId } = params;
  const user = await requireStoreAction(request, context, storeId);
  const form = await readFormData(request);
  const here = `/dashboard/stores/${storeId}/queue/${orderId}`;
  const step = await attempt(async () => {
    if (isSubstitutionIntent(form.get("intent"))) return substitutionFormStep(context, user, orderId, form);
    if (form.get("intent") === "confirm") return confirmFromForm(context, { orderId, user, form });
    if (form.get("intent") === "pick") {
      const lines = [...form.entries()]
        .filter(([name]) => name.startsWith("picked."))
        .map(([name, picked]) => ({ productId: name.slice(7), picked: pickedFromForm(picked) }));
      const parsed = pickLinesSchema.safeParse(lines);
      if (!parsed.success) throw new Refusal(parsed.error.issues[0].message, 400);
      const result = await pickOrder(context, { orderId, user, lines: parsed.data });
      return { message: result.message, failed: result.refund === "failed" };
    }
    // Who is picking it (decision 047): claim, or release (the claimant, the store's manager, admins).
    if (form.get("intent") === "claim" || form.get("intent") === "release") {
      const claim = claimFormSchema.safeParse(Object.fromEntries(form));
      if (!claim.success) throw new Refusal(claim.error.issues[0].message, 400);
      if (claim.data.intent === "claim") return claimOrder(context, { orderId, user });
      return releaseClaim(context, { orderId, user, reason: claim.data.reason, holder: claim.data.holder });
    }
    const parsed = storeOrderFormSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw new Refusal(parsed.error.issues[0].message, 400);
    const input = parsed.data;
    if (input.intent === "ready") return markReady(context, { orderId, user });
    if (input.intent === "dispatch") return dispatchOrder(context, { orderId, user, rider: riderFrom(input) });
    if (input.intent === "deliver") return deliverWithCode(context, { orderId, user, code: input.code });
    return overrideDelivery(context, { orderId, user, reason: input.reason });
  });
  if (!step.ok) {
    if (step.error.status === 404) notFound(ORDER_NOT_FOUND);
    // The pick list comes back with what the picker typed, so a refused line is fixed, not retyped.
    const typed = Object.fromEntries([...form.entries()].filter(([name]) => name.startsWith("picked.")).map(([name, value]) => [name, String(value)]));
    if (form.get("intent") === "confirm")
      return refused(step.error, { extra: { picked: { [`code.${form.get("productId")}`]: String(form.get("code") ?? "") } } });
    return refused(step.error, { extra: { picked: typed } });
  }
  const failed = "failed" in step.value && step.value.failed;
  const back = "back" in step.value ? step.value.back : "";
  return redirectWithToast(context, here + back, { type: failed ? "error" : "success", text: step.value.message.slice(0, 300) });
});

export default function StoreOrder() {
  const { allowed, view, isAdmin, serverNow, me, subs, confirmations } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionAnswer<{ picked?: Record<string, string> }>>();
  const now = useNow(serverNow, 30_000);
  const open = Boolean(view && view.order.status !== "delivered" && view.order.status !== "cancelled");
  // Pushed by the order's live channel; polls every 5 s only while that is not connected (decision 028).
  useLiveRevalidate(open && view ? liveOrderUrl(view.order.id) : null, { fallbackPollMs: 5000 });
  if (!allowed || !view || !me) return <PermissionDenied />;
  const { order, lines, history, riders } = view;
  const dueAt = deliveryDueAt({ createdAt: order.createdAt, etaMinutes: order.etaMinutes });
  const late = now > dueAt && open;
  const pickable = order.status === "placed" || order.status === "paid";
  const formError = answerMessage(actionData);
  const triesLeft = DELIVERY_CODE_TRIES - order.deliveryCodeTries;
  const roundOff = orderRoundOff(order);
  return (
    <section aria-labelledby="store-order-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2 bg-white py-2 shadow-sm">
        <h1 id="store-order-title" className="text-lg font-semibold">
          {`Order No : ${order.orderId}`}
        </h1>
        <Link to={`/dashboard/stores/${order.storeId}/queue`} className="text-sm text-brand underline">
          Back to the queue
        </Link>
      </div>
      <FormErrors errors={formError ? [formError] : null} />
      <div className="grid gap-1 rounded-lg border border-neutral-200 bg-white p-4 text-sm">
        <p>
          State: <strong data-testid="store-order-status">{STATUS_LABELS[order.status]}</strong> · {minutesSince(order.createdAt, now)} min old
          {late ? <strong className="ml-2 rounded bg-red-700 px-1.5 py-0.5 text-xs text-white">LATE</strong> : null}
        </p>
        <p>
          <OrderPayment order={order} /> · Total <span data-testid="store-order-total">{formatINR(order.total)}</span>
          {roundOff !== 0 ? <span data-testid="store-order-round-off"> (round off {signedINR(roundOff)})</span> : null}
        </p>
        {order.paymentMethod === "COD" && order.status !== "cancelled" && order.status !== "delivered" ? (
          <p className="text-base font-semibold" data-testid="store-order-collect">
            Collect {formatINR(order.total)} in cash
          </p>
        ) : null}
        <p>If an item is short: {REPLACEMENT_LABELS[order.replacementPreference]}</p>
        {order.replacementPreference === "call" ? (
          <p>
            Shopper: {order.customerName}, {order.customerMobile || order.deliveryAddress.mobile || "no phone on file"}
          </p>
        ) : null}
        <DeliveryAddress address={order.deliveryAddress} heading="Deliver to" withMap />
        {order.riderName ? <p>Rider: {[order.riderName, order.riderPhone].filter(Boolean).join(", ")}</p> : null}
        {order.needsAttention ? <p className="font-semibold text-red-700">Needs attention: {order.attentionNote}</p> : null}
        <OrderTimeline history={history} showActors />
      </div>

      {pickable ? <ClaimBar claim={order} userId={me.id} canRelease={me.manages} /> : null}
      <div className="rounded-lg border border-neutral-200 bg-white p-4 text-sm">
        {pickable ? (
          <div className="grid gap-4">
            <PickLines
              lines={lines}
              confirmations={confirmations}
              errors={fieldMessages(actionData)}
              typed={actionData && !actionData.ok ? actionData.picked : undefined}
            />
            <PickForm
              lines={lines.map((line) => ({ ...line, confirmed: (confirmations[line.id] ?? []).reduce((sum, c) => sum + c.units, 0) }))}
              typed={actionData && !actionData.ok ? actionData.picked : subs?.typed}
              errors={fieldMessages(actionData)}
            />
            {subs ? (
              <SubstitutionProposal
                order={{
                  preference: order.replacementPreference,
                  shopper: order.customerName,
                  phone: order.customerMobile || order.deliveryAddress.mobile || null,
                }}
                lines={lines}
                substitutions={subs.substitutions}
                suggestion={subs.suggestion}
                typed={actionData && !actionData.ok ? (actionData.picked ?? {}) : subs.typed}
                serverNow={serverNow}
              />
            ) : null}
          </div>
        ) : (
          <div className="grid gap-2">
            <h2 className="font-semibold">Picked</h2>
            <OrderItems items={lines} />
          </div>
        )}
      </div>

      <div className="grid gap-3 rounded-lg border border-neutral-200 bg-white p-4">
        {order.status === "packed" ? (
          <IntentButton fields={{ intent: "ready" }} pendingText="Saving…" tone="primary">
            Ready for pickup
          </IntentButton>
        ) : null}
        {order.status === "ready" ? <DispatchForm riders={riders} /> : null}
        {order.status === "out_for_delivery" ? <DeliverForm triesLeft={triesLeft} error={formError} /> : null}
        {order.status === "out_for_delivery" && isAdmin ? <OverrideForm /> : null}
        {pickable ? <p className="text-sm text-neutral-600">Finish picking to pack the order.</p> : null}
        {order.status === "delivered" || order.status === "cancelled" ? (
          <p className="text-sm">This order is {STATUS_LABELS[order.status].toLowerCase()}.</p>
        ) : null}
        <InvoiceLinks order={order} />
      </div>
    </section>
  );
}
