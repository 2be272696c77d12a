import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { LocationForm } from "~/components/stores/LocationForm";
import { locationSchema, notifyRequestSchema } from "~/lib/schemas/store";
import { deliveryLabel } from "~/lib/hooks/use-delivery-location";
import { answered, attempt, invalid, pageAction, refused } from "~/server/http/page-actions.server";
import { getSessionUser } from "~/server/identity/visitor.server";
import { readFormData } from "~/server/http/form-data.server";
import { limitByIp } from "~/server/platform/rate-limit.server";
import { storeChangeMessage } from "~/lib/stock-messages";
import { cartOwnerFor, loadCart } from "~/server/cart/cart.server";
import { chooseLocation, commitLocation, readLocation, requestStoreNotification } from "~/server/stores/stores.server";
import { redirectWithToast, safeRedirect } from "~/server/http/toast.server";

export const meta: MetaFunction = () => [{ title: "Delivery location | FreshDash" }];

/** The plain page behind the header's location link (no JavaScript needed); reads no D1. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  return { location: await readLocation(request, context), redirectTo };
}

/**
 * `intent=choose`: a served pincode is remembered (cookie, and the account when signed in) and the
 * answer is 303 back to `redirectTo`; an unserved one renders "We don't deliver to … yet" with the
 * "Tell me when you do" form. `intent=notify` stores that request once per email and pincode.
 */
export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readFormData(request);
  const redirectTo = safeRedirect(form.get("redirectTo"));
  if (form.get("intent") === "notify") {
    const submission = parseWithZod(form, { schema: notifyRequestSchema });
    const pincode = String(form.get("pincode") ?? "");
    if (submission.status !== "success") return invalid(submission, { extra: { intent: "notify" as const, unserved: pincode, redirectTo } });
    const limited = await attempt(() => limitByIp(context.cloudflare.env.PUBLIC_FORM_LIMITER, request, "store-notify"));
    if (!limited.ok) return refused(limited.error, { submission, extra: { intent: "notify" as const, unserved: pincode, redirectTo } });
    const { email } = submission.value;
    await requestStoreNotification(context, email, submission.value.pincode);
    return redirectWithToast(context, redirectTo, {
      type: "success",
      text: `Thanks! We'll email ${email} when we deliver to ${submission.value.pincode}.`,
    });
  }
  const submission = parseWithZod(form, { schema: locationSchema });
  if (submission.status !== "success") return invalid(submission, { extra: { intent: "choose" as const, unserved: null, redirectTo } });
  const { pincode } = submission.value;
  const user = await getSessionUser(request, context);
  const store = await chooseLocation(context, pincode, user?.id ?? null);
  if (!store) return answered({ intent: "choose" as const, result: submission.reply(), unserved: pincode, redirectTo });
  const headers = { "Set-Cookie": await commitLocation(context, pincode, store) };
  // Another store now serves the shopper: say what of the cart it cannot deliver (JS on and off).
  const previous = await readLocation(request, context);
  const owner = previous?.storeId === store._id ? null : await cartOwnerFor(request, context, user);
  const cart = owner && ("userId" in owner || owner.guest.length) ? await loadCart(context, owner, { storeId: store._id }) : null;
  const shortage = cart ? storeChangeMessage(store.name, cart.lines) : null;
  if (shortage) return redirectWithToast(context, redirectTo, { type: "error", text: shortage }, { headers });
  return redirect(redirectTo, { status: 303, headers });
});

export default function LocationPage() {
  const { location, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section aria-labelledby="location-title" className="mx-auto grid max-w-md gap-4 py-6">
      <h1 id="location-title" className="text-2xl font-bold">
        Delivery location
      </h1>
      {location ? (
        <p className="text-neutral-700">
          {deliveryLabel(location)} from {location.storeName}.
        </p>
      ) : (
        <p className="text-neutral-700">Enter your pincode to see how fast we deliver to you.</p>
      )}
      <LocationForm Form={Form} actionData={actionData} redirectTo={actionData?.redirectTo ?? redirectTo} idPrefix="location-page" />
      <p>
        <Link to={actionData?.redirectTo ?? redirectTo} className="font-semibold text-brand hover:underline">
          Back to shopping
        </Link>
      </p>
    </section>
  );
}
