import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FormErrors } from "~/components/forms/FormErrors";
import { PermissionDenied } from "~/components/layout/PermissionDenied";
import { StorePageHeader } from "~/components/stores/StorePageHeader";
import { isId } from "~/lib/ids";
import { requireAdminAction, requireAdminPage } from "~/server/identity/auth.server";
import { readFormData } from "~/server/http/form-data.server";
import { notFound } from "~/server/http/not-found.server";
import { answered, pageAction, refused } from "~/server/http/page-actions.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { storeForImport } from "~/server/stores/stock-import.server";
import { createSyncToken, listSyncTokens, revokeSyncToken } from "~/server/identity/sync-tokens.server";
import { answerErrors } from "~/lib/action-answer";
import { Refusal } from "~/lib/refusal";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && "store" in data && data.store ? `Sync tokens: ${data.store.name} | FreshDash` : "Sync tokens | FreshDash" },
];

/**
 * A store's integration tokens (decision 024): each lets a chain's system call
 * `POST /api/store/stock-sync` for this store only. ADMIN only; plain forms (works without JavaScript).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { allowed } = await requireAdminPage(request, context);
  if (!allowed) return data({ allowed: false as const, store: null, tokens: [] }, { status: 403 });
  if (!isId(params.storeId)) throw notFound();
  const [store, tokens] = await Promise.all([storeForImport(context, params.storeId), listSyncTokens(context, params.storeId)]);
  if (!store) throw notFound();
  return data({ allowed: true as const, store, tokens });
}

const LABEL_MAX = 80;

/** `create`: issues a token and shows it once (in this answer only). `revoke`: ends one. */
export const action = pageAction(async ({ request, context, params }: ActionFunctionArgs) => {
  const user = await requireAdminAction(request, context);
  if (!isId(params.storeId)) throw notFound();
  const storeId = params.storeId;
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "create") {
    const label = String(form.get("label") ?? "").trim();
    if (!label || label.length > LABEL_MAX) return refused(new Refusal(`Name the token (1 to ${LABEL_MAX} characters), e.g. the system that will use it`, 400));
    const token = await createSyncToken(context, storeId, label, user.id);
    if (!token) throw notFound();
    return answered({ token: { label, value: token } });
  }
  if (intent === "revoke") {
    const id = form.get("id");
    if (!isId(id)) return refused(new Refusal("Choose a token to revoke", 400));
    await revokeSyncToken(context, storeId, id);
    return redirectWithToast(context, `/dashboard/stores/${storeId}/tokens`, { type: "success", text: "Token revoked: it no longer opens stock sync" });
  }
  return refused(new Refusal("Unknown action", 400));
});

const when = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ") + " UTC";

export default function StoreSyncTokens() {
  const { allowed, store, tokens } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!allowed || !store) return <PermissionDenied />;
  const created = actionData?.ok ? actionData.token : null;
  return (
    <section aria-labelledby="tokens-title" className="grid gap-4">
      <StorePageHeader id="tokens-title" title={`Sync tokens: ${store.name}, ${store.city}`} />
      <p className="text-sm text-neutral-700">
        A token lets your chain&apos;s system send this store&apos;s stock to <code>POST /api/store/stock-sync</code> (
        <code>Authorization: Bearer &lt;token&gt;</code>), for this store only.
      </p>
      <FormErrors errors={answerErrors(actionData)} />
      {created ? (
        <div role="status" className="grid gap-1 rounded-lg border border-green-700 bg-green-50 p-3">
          <p className="font-medium">Token “{created.label}” created. Copy it now: it is not shown again.</p>
          <code data-testid="new-token" className="break-all rounded bg-white p-2 text-sm">
            {created.value}
          </code>
        </div>
      ) : null}
      <Form method="post" className="flex flex-wrap items-end gap-2 rounded-lg bg-white p-3 shadow-sm">
        <div className="grid gap-1">
          <label htmlFor="token-label" className="text-sm font-medium">
            Token name
          </label>
          <input id="token-label" name="label" required maxLength={LABEL_MAX} className="rounded-md border border-neutral-300 px-3 py-2 text-sm" />
        </div>
        <button type="submit" name="intent" value="create" className="rounded bg-green-700 px-4 py-2 text-white hover:bg-green-800">
          Create token
        </button>
      </Form>
      {tokens.length ? (
        <ul className="grid gap-2">
          {tokens.map((token) => (
            <li key={token.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-white p-3 text-sm shadow-sm">
              <span>
                <span className="font-medium">{token.label}</span> · created {when(token.createdAt)}
                {token.revokedAt ? ` · revoked ${when(token.revokedAt)}` : ""}
              </span>
              {token.revokedAt ? null : (
                <Form method="post">
                  <input type="hidden" name="id" value={token.id} />
                  <button type="submit" name="intent" value="revoke" className="rounded bg-red-100 px-3 py-1 text-red-800 hover:bg-red-200">
                    Revoke <span className="sr-only">{token.label}</span>
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-neutral-700">No tokens yet.</p>
      )}
    </section>
  );
}
