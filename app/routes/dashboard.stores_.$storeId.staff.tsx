import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormErrors } from "~/components/forms/FormErrors";
import { IntentButton } from "~/components/forms/IntentButton";
import { PermissionDenied } from "~/components/layout/PermissionDenied";
import { StaffRoleSelect } from "~/components/operations/StaffRoleSelect";
import { isId } from "~/lib/ids";
import { staffSchema } from "~/lib/schemas/store-ops";
import { readFormData } from "~/server/http/form-data.server";
import { notFound } from "~/server/http/not-found.server";
import { attempt, pageAction, refused } from "~/server/http/page-actions.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { requireAdminAction, requireAdminPage } from "~/server/identity/auth.server";
import { addStaff, listStaff, removeStaff, storeBasics, type StaffMember } from "~/server/operations/staff.server";
import { answerErrors } from "~/lib/action-answer";
import { Refusal } from "~/lib/refusal";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.store ? `Staff: ${data.store.name} | FreshDash` : "Staff | FreshDash" }];

/** ADMIN only: others get the permission message (403) and no data. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  if (!isId(params.storeId)) notFound("No such store");
  const { allowed } = await requireAdminPage(request, context);
  if (!allowed) return data({ allowed: false as const, store: null, staff: [] as StaffMember[] }, { status: 403 });
  const [store, staff] = await Promise.all([storeBasics(context, params.storeId), listStaff(context, params.storeId)]);
  if (!store) notFound("No such store");
  return data({ allowed: true as const, store, staff });
}

/**
 * `add` a staff member by email with a role, change one's `role`, or `remove` one: 303 back, or the
 * refusal (400, 404, 409) with its status.
 */
export const action = pageAction(async ({ request, context, params }: ActionFunctionArgs) => {
  const admin = await requireAdminAction(request, context);
  if (!isId(params.storeId)) notFound("No such store");
  const storeId = params.storeId;
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent !== "add" && intent !== "role" && intent !== "remove") return refused(new Refusal("Unknown action", 400));
  const parsed = staffSchema.safeParse({ storeId, email: form.get("email"), role: intent === "remove" ? undefined : (form.get("role") ?? undefined) });
  if (!parsed.success) return refused(new Refusal(parsed.error.issues[0].message, 400));
  const { email, role } = parsed.data;
  if (intent === "role" && !role) return refused(new Refusal("Choose a role", 400));
  const done = await attempt(() =>
    intent === "remove" ? removeStaff(context, { storeId, email }) : addStaff(context, { storeId, email, role, by: admin.id }),
  );
  if (!done.ok) return refused(done.error);
  return redirectWithToast(context, `/dashboard/stores/${storeId}/staff`, { type: "success", text: done.value.message });
});

export default function StoreStaff() {
  const { allowed, store, staff } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!allowed || !store) return <PermissionDenied />;
  return (
    <section aria-labelledby="staff-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2 bg-white py-2 shadow-sm">
        <h1 id="staff-title" className="text-lg font-semibold">
          Staff: {store.name}
        </h1>
        <div className="flex gap-3 text-sm">
          <Link to={`/dashboard/stores/${store.id}/queue`} className="text-brand underline">
            Queue
          </Link>
          <Link to="/dashboard/stores" className="text-brand underline">
            All stores
          </Link>
        </div>
      </div>
      <FormErrors errors={answerErrors(actionData)} />
      <Form method="post" className="flex flex-wrap items-end gap-2 text-sm">
        <input type="hidden" name="intent" value="add" />
        <label className="grid gap-1">
          <span>Email of the account to add</span>
          <input name="email" type="email" required maxLength={254} className="h-9 w-72 max-w-full rounded border border-neutral-300 px-2" />
        </label>
        <StaffRoleSelect label="Role" />
        <button type="submit" className="h-9 rounded-md bg-brand px-4 font-semibold text-white hover:bg-brand-dark">
          Add staff
        </button>
      </Form>
      {staff.length ? (
        <ul className="grid gap-2">
          {staff.map((member) => (
            <li key={member.userId} className="flex flex-wrap items-center justify-between gap-2 rounded bg-white p-3 text-sm shadow-sm">
              <span>
                {member.name} <span className="text-neutral-600">{member.email}</span>
              </span>
              <Form method="post" className="flex items-end gap-2">
                <input type="hidden" name="intent" value="role" />
                <input type="hidden" name="email" value={member.email} />
                <StaffRoleSelect label={`Role of ${member.email}`} value={member.role} hideLabel />
                <button type="submit" className="h-11 rounded-md border border-brand px-3 font-semibold text-brand">
                  Save role
                </button>
              </Form>
              <IntentButton fields={{ intent: "remove", email: member.email }} pendingText="Removing…" tone="danger" label={`Remove ${member.email}`}>
                Remove
              </IntentButton>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-neutral-600">No staff at this store yet.</p>
      )}
    </section>
  );
}
