import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { Refusal } from "~/lib/refusal";
import { readFormData } from "~/server/http/form-data.server";
import { pageAction } from "~/server/http/page-actions.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { readMailLinkToken, verifyGuestEmail } from "~/server/notify/delivery.server";
import { getSettings } from "~/server/platform/env.server";

export const meta: MetaFunction = () => [{ title: "Confirm your email | FreshDash" }, { name: "robots", content: "noindex" }];

async function emailOf(token: string, context: LoaderFunctionArgs["context"]) {
  return readMailLinkToken("notify-verify", token, getSettings(context.cloudflare.env).sessionSecret);
}

/** The link in a guest's first "back in stock" mail: a page with a button (a GET changes nothing). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const email = await emailOf(token, context);
  return data({ email, token: email ? token : "" }, { status: email ? 200 : 400, headers: { "Cache-Control": "private, no-store" } });
}

/** Confirms the email: its other waiting requests may now be mailed (those already back: now). */
export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readFormData(request);
  const email = await emailOf(String(form.get("token") ?? ""), context);
  if (!email) throw new Refusal("This link has expired or is not valid", 400);
  await verifyGuestEmail(context, email);
  return redirectWithToast(context, "/", { type: "success", text: `Thanks! We'll email ${email} when your other products are back` });
});

export default function VerifyNotifyEmail() {
  const { email, token } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto grid max-w-md gap-4 py-8">
      <h1 className="text-2xl font-semibold">Confirm your email</h1>
      {email ? (
        <Form method="post" className="grid gap-3">
          <p>
            Send &quot;back in stock&quot; mails to <strong>{email}</strong>?
          </p>
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="h-10 rounded-md bg-brand font-semibold text-white">
            Yes, confirm {email}
          </button>
        </Form>
      ) : (
        <p role="alert">This link has expired or is not valid.</p>
      )}
    </section>
  );
}
