import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { Refusal } from "~/lib/refusal";
import { readFormData } from "~/server/http/form-data.server";
import { pageAction } from "~/server/http/page-actions.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { readMailLinkToken } from "~/server/notify/delivery.server";
import { cancelMailbox } from "~/server/notify/requests.server";
import { getSettings } from "~/server/platform/env.server";

export const meta: MetaFunction = () => [{ title: "Stop back-in-stock mails | FreshDash" }, { name: "robots", content: "noindex" }];

async function emailOf(token: string, context: LoaderFunctionArgs["context"]) {
  return readMailLinkToken("notify-cancel", token, getSettings(context.cloudflare.env).sessionSecret);
}

/**
 * The cancel link in a guest's "back in stock" mail (decision 046): a page with a button (a GET
 * changes nothing, so a mail scanner following links cancels nothing). The signed token is the
 * only way a guest cancels: a request's id is no capability.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const email = await emailOf(token, context);
  return data({ email, token: email ? token : "" }, { status: email ? 200 : 400, headers: { "Cache-Control": "private, no-store" } });
}

/** Cancels every open request of the token's mailbox. */
export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readFormData(request);
  const email = await emailOf(String(form.get("token") ?? ""), context);
  if (!email) throw new Refusal("This link has expired or is not valid", 400);
  await cancelMailbox(context, email);
  return redirectWithToast(context, "/", { type: "success", text: `Done: we won't email ${email} about products coming back` });
});

export default function CancelNotifyEmail() {
  const { email, token } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto grid max-w-md gap-4 py-8">
      <h1 className="text-2xl font-semibold">Stop back-in-stock mails</h1>
      {email ? (
        <Form method="post" className="grid gap-3">
          <p>
            Cancel every &quot;back in stock&quot; request for <strong>{email}</strong>?
          </p>
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="h-10 rounded-md bg-brand font-semibold text-white">
            Yes, stop mailing {email}
          </button>
        </Form>
      ) : (
        <p role="alert">This link has expired or is not valid.</p>
      )}
    </section>
  );
}
