import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { formatINR } from "~/lib/money";
import { Refusal, type RefusalStatus } from "~/lib/refusal";
import { billChoiceSchema } from "~/lib/schemas/coupon";
import { loadCart, cartOwnerFor } from "~/server/cart/cart.server";
import { cartCoupon, commitBillChoices, readBillChoices } from "~/server/coupons/bill-choices.server";
import { readFormData } from "~/server/http/form-data.server";
import { answered, pageAction, refused } from "~/server/http/page-actions.server";
import { redirectWithToast, safeRedirect } from "~/server/http/toast.server";
import { getSessionUser } from "~/server/identity/visitor.server";
import { pageStockStore } from "~/server/stores/store-stock.server";

/** Nothing to show here: the coupon and tip are set from the cart and checkout. */
export const loader = () => redirect("/cart");

/**
 * POST /coupon: apply or remove a coupon code, or choose the tip (decision 030). The choice is kept
 * in the `__bill` cookie; the code is judged against the cart now (an unknown code is not kept; one
 * that does not apply yet is kept, with the reason shown on the bill). Without JavaScript it answers
 * 303 back with the message; a fetcher (js=1) gets it as data and the page's loaders re-run.
 */
export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readFormData(request);
  const fromFetcher = form.get("js") === "1";
  const back = safeRedirect(form.get("redirectTo"), "/cart");
  const reply = async (ok: boolean, message: string, status: RefusalStatus | 200, cookie?: string) => {
    const headers = new Headers();
    if (cookie) headers.append("Set-Cookie", cookie);
    if (fromFetcher) return status === 200 ? answered({ message }, { headers }) : refused(new Refusal(message, status, { headers }));
    return redirectWithToast(context, back, { type: ok ? "success" : "error", text: message }, { headers });
  };
  const parsed = billChoiceSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return reply(false, parsed.error.issues[0]?.message ?? "Invalid request", 400);
  const choices = await readBillChoices(request, context);
  const choice = parsed.data;

  if (choice.intent === "remove")
    return reply(true, choices.code ? `${choices.code} removed` : "No coupon applied", 200, await commitBillChoices(context, { ...choices, code: null }));
  if (choice.intent === "tip") {
    const text = choice.tip ? `Tip of ${formatINR(choice.tip)} added: thank you!` : "No tip";
    return reply(true, text, 200, await commitBillChoices(context, { ...choices, tip: choice.tip }));
  }

  const user = await getSessionUser(request, context);
  const store = await pageStockStore(request, context);
  const cart = await loadCart(context, await cartOwnerFor(request, context, user), store);
  const { coupon: judged } = await cartCoupon(context, { code: choice.code, userId: user?.id ?? null, lines: cart.lines, store });
  if (judged.reason && /is not a valid coupon code/.test(judged.reason)) return reply(false, judged.reason, 404);
  const cookie = await commitBillChoices(context, { ...choices, code: choice.code });
  if (judged.reason) return reply(false, judged.reason, 422, cookie);
  return reply(true, `${choice.code} applied: you save ${formatINR(judged.discount)}`, 200, cookie);
});
