import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { publicOriginOf } from "~/server/platform/env.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { notifyFormSchema } from "~/lib/schemas/notify";
import { Refusal } from "~/lib/refusal";
import { productPath } from "~/lib/slugs";
import { readFormData } from "~/server/http/form-data.server";
import { attempt, pageAction } from "~/server/http/page-actions.server";
import { redirectWithToast, safeRedirect } from "~/server/http/toast.server";
import { getSessionUser } from "~/server/identity/visitor.server";
import { limitByIp } from "~/server/platform/rate-limit.server";
import { cancelRequest, subscribe } from "~/server/notify/requests.server";
import { pageStockStore } from "~/server/stores/store-stock.server";

/** Nothing to show: the forms post here and go back where they were. */
export const loader = () => redirect("/", { status: 303 });

/** The path of the page the form was on (a card's form names none), when the Referer is this site's. */
function samePageOf(request: Request): string | null {
  const referer = request.headers.get("Referer");
  if (!referer) return null;
  try {
    const from = new URL(referer);
    return from.origin === new URL(request.url).origin ? `${from.pathname}${from.search}` : null;
  } catch {
    return null;
  }
}

/**
 * "Notify me" (decision 032) from a card, the product page or the cart, and its undo: plain forms
 * that answer 303 back with a message, with or without JavaScript. A guest without an email (a
 * card's one-tap form) is sent to the product page's form, which asks for it.
 */
export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readFormData(request);
  const submission = parseWithZod(form, { schema: notifyFormSchema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "Check the form";
    throw new Refusal(message, 400);
  }
  const value = submission.value;
  const back = safeRedirect(value.redirectTo ?? samePageOf(request));
  const user = await getSessionUser(request, context);
  const who = user ? { userId: user.id, email: user.email } : null;
  if (value.intent === "notify-cancel") {
    const done = await attempt(() => cancelRequest(context, value.id, who));
    if (!done.ok) return redirectWithToast(context, back, { type: "error", text: done.error.message });
    return redirectWithToast(context, back, { type: "success", text: "Cancelled: we won't tell you about it" });
  }
  if (!who && !value.email) {
    // The product page resolves by id whatever the name part says.
    return redirectWithToast(context, `${productPath({ id: value.productId, name: "product" })}#notify-me`, {
      type: "message",
      text: "Give your email and we'll tell you when it's back",
    });
  }
  const limited = who ? null : await attempt(() => limitByIp(context.cloudflare.env.PUBLIC_FORM_LIMITER, request, "notify-me"));
  if (limited && !limited.ok) return redirectWithToast(context, back, { type: "error", text: limited.error.message });
  const store = await pageStockStore(request, context);
  const done = await attempt(() =>
    subscribe(context, {
      productId: value.productId,
      store,
      who: who ?? { userId: null, email: value.email! },
      origin: publicOriginOf(context.cloudflare.env, request),
    }),
  );
  if (!done.ok) return redirectWithToast(context, back, { type: "error", text: done.error.message });
  // A guest's answer is the same whether or not the email already waits (decision 046): no id.
  return redirectWithToast(context, back, {
    type: "success",
    text: `We'll tell you when it's back at ${done.value.storeName}${who ? "" : ` (we'll email ${done.value.email})`}`,
  });
});

/** Never rendered (the loader redirects); a page route so a form posting here works with JavaScript too. */
export default function Notify() {
  return null;
}
