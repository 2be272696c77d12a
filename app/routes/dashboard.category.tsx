import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { CategoryForm, type CategoryDraft } from "~/components/admin/CategoryForm";
import { ConfirmDelete } from "~/components/admin/ConfirmDelete";
import { Dialog } from "~/components/forms/Dialog";
import { FormErrors } from "~/components/forms/FormErrors";
import { answerErrors, fieldMessages, type ActionAnswer } from "~/lib/action-answer";
import { PermissionDenied } from "~/components/layout/PermissionDenied";
import { handleCategoryIntent } from "~/server/catalogue/admin-actions.server";
import { readAdminForm } from "~/server/catalogue/admin-forms.server";
import { requireAdminAction, requireAdminPage } from "~/server/identity/auth.server";
import { loadCategories } from "~/server/catalogue/catalogue.server";
import { type CategoryRef } from "~/server/catalogue/rows.server";
import { attempt, pageAction, refused } from "~/server/http/page-actions.server";

export const meta: MetaFunction = () => [{ title: "Category | FreshDash" }];

/** ADMIN only: others get the permission message and no data. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { allowed } = await requireAdminPage(request, context);
  if (!allowed) return data({ allowed: false as const, categories: [] as CategoryRef[] }, { status: 403 });
  return data({ allowed: true as const, categories: await loadCategories(context) });
}

export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  await requireAdminAction(request, context);
  const form = await attempt(() => readAdminForm(request, context));
  if (!form.ok) return refused(form.error);
  return handleCategoryIntent(context, form.value, "category");
});

export default function AdminCategories() {
  const { allowed, categories } = useLoaderData<typeof loader>();
  // Typed by hand: Remix's inference keeps only the plainest of several refusal shapes.
  const actionData = useActionData<ActionAnswer<{ intent?: string; draft?: CategoryDraft; repickImages?: boolean }>>();
  const [params] = useSearchParams();
  if (!allowed) return <PermissionDenied />;
  const failed = actionData?.draft ? { ...actionData, draft: actionData.draft } : null;
  const dialog = failed ? (failed.intent === "update-category" ? "edit-category" : "add-category") : params.get("dialog");
  const editing = categories.find((c) => c.id === (failed?.draft.id ?? params.get("id")));
  const deleting = params.get("dialog") === "delete-category" ? categories.find((c) => c.id === params.get("id")) : undefined;
  return (
    <section aria-labelledby="category-title" className="grid gap-4">
      <div className="flex items-center justify-between bg-white py-2 shadow-sm">
        <h1 id="category-title" className="text-lg font-semibold">
          Category
        </h1>
        <Link to="?dialog=add-category" preventScrollReset className="rounded border border-amber-400 px-3 py-1 text-sm hover:bg-amber-400">
          Add Category
        </Link>
      </div>
      {!actionData?.draft ? <FormErrors errors={answerErrors(actionData)} /> : null}
      {categories.length ? (
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-6">
          {categories.map((c) => (
            <li key={c.id} className="grid gap-1 rounded-lg bg-white p-2 text-center text-sm shadow-sm ring-1 ring-neutral-200">
              <img src={c.image} alt="" width={120} height={120} loading="lazy" className="mx-auto h-28 w-28 object-scale-down" />
              <p className="font-medium">{c.name}</p>
              <div className="flex gap-2">
                <Link
                  to={`?dialog=edit-category&id=${c.id}`}
                  preventScrollReset
                  aria-label={`Edit ${c.name}`}
                  className="flex-1 rounded bg-green-100 py-1 text-green-700 hover:bg-green-200"
                >
                  Edit
                </Link>
                <Link
                  to={`?dialog=delete-category&id=${c.id}`}
                  preventScrollReset
                  aria-label={`Delete ${c.name}`}
                  className="flex-1 rounded bg-red-100 py-1 text-red-700 hover:bg-red-200"
                >
                  Delete
                </Link>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="py-10 text-center text-neutral-600">No categories yet: add the first one.</p>
      )}
      {dialog === "add-category" ? (
        <Dialog title="Category" closeTo=".">
          <CategoryForm
            intent="create-category"
            submitLabel="Add Category"
            draft={failed?.draft ?? { name: "", image: "" }}
            errors={fieldMessages(failed)}
            repickImage={failed?.repickImages}
          />
        </Dialog>
      ) : null}
      {dialog === "edit-category" && editing ? (
        <Dialog title="Update Category" closeTo=".">
          <CategoryForm
            intent="update-category"
            submitLabel="Update Category"
            draft={failed?.draft ?? { id: editing.id, name: editing.name, image: editing.image }}
            errors={fieldMessages(failed)}
            repickImage={failed?.repickImages}
          />
        </Dialog>
      ) : null}
      {deleting ? (
        <ConfirmDelete title="Delete" text="Are you sure permanent delete ?" intent="delete-category" id={deleting.id} confirmLabel="Confirm" />
      ) : null}
    </section>
  );
}
