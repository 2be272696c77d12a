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
import { loadCategoryTree } from "~/server/catalogue/catalogue.server";
import { type CategoryRef, type SubCategoryWithParents } from "~/server/catalogue/rows.server";
import { attempt, pageAction, refused } from "~/server/http/page-actions.server";

export const meta: MetaFunction = () => [{ title: "Sub Category | FreshDash" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { allowed } = await requireAdminPage(request, context);
  if (!allowed) {
    return data({ allowed: false as const, subCategories: [] as SubCategoryWithParents[], categories: [] as CategoryRef[] }, { status: 403 });
  }
  const { categories, subCategories } = await loadCategoryTree(context);
  return data({ allowed: true as const, subCategories, categories });
}

export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  await requireAdminAction(request, context);
  const form = await attempt(() => readAdminForm(request, context));
  if (!form.ok) return refused(form.error);
  return handleCategoryIntent(context, form.value, "subcategory");
});

export default function AdminSubCategories() {
  const { allowed, subCategories, categories } = useLoaderData<typeof loader>();
  // Typed by hand: Remix's inference keeps only the plainest of several refusal shapes.
  const actionData = useActionData<ActionAnswer<{ intent?: string; draft?: CategoryDraft; repickImages?: boolean }>>();
  const [params] = useSearchParams();
  if (!allowed) return <PermissionDenied />;
  const failed = actionData?.draft ? { ...actionData, draft: actionData.draft } : null;
  const dialog = failed ? (failed.intent === "update-subcategory" ? "edit-subcategory" : "add-subcategory") : params.get("dialog");
  const editing = subCategories.find((s) => s.id === (failed?.draft.id ?? params.get("id")));
  const deleting = params.get("dialog") === "delete-subcategory" ? subCategories.find((s) => s.id === params.get("id")) : undefined;
  const preview = params.get("dialog") === "preview" ? subCategories.find((s) => s.id === params.get("id")) : undefined;
  return (
    <section aria-labelledby="subcategory-title" className="grid gap-4">
      <div className="flex items-center justify-between bg-white py-2 shadow-sm">
        <h1 id="subcategory-title" className="text-lg font-semibold">
          Sub Category
        </h1>
        <Link to="?dialog=add-subcategory" preventScrollReset className="rounded border border-amber-400 px-3 py-1 text-sm hover:bg-amber-400">
          Add Sub Category
        </Link>
      </div>
      {!actionData?.draft ? <FormErrors errors={answerErrors(actionData)} /> : null}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="bg-neutral-900 text-white">
            <tr>
              <th className="p-2">Sr.No</th>
              <th className="p-2">Name</th>
              <th className="p-2">Image</th>
              <th className="p-2">Category</th>
              <th className="p-2">Action</th>
            </tr>
          </thead>
          <tbody>
            {subCategories.map((s, i) => (
              <tr key={s.id} className="border-b border-neutral-200">
                <td className="p-2">{i + 1}</td>
                <td className="p-2">{s.name}</td>
                <td className="p-2">
                  <Link to={`?dialog=preview&id=${s.id}`} preventScrollReset aria-label={`Open ${s.name} image`}>
                    <img src={s.image} alt="" width={40} height={40} loading="lazy" className="h-10 w-10 object-scale-down" />
                  </Link>
                </td>
                <td className="p-2">
                  <ul className="flex flex-wrap gap-1">
                    {s.categories.map((c) => (
                      <li key={c.id} className="rounded bg-neutral-100 px-2 py-0.5 text-xs">
                        {c.name}
                      </li>
                    ))}
                  </ul>
                </td>
                <td className="p-2">
                  <div className="flex gap-2">
                    <Link
                      to={`?dialog=edit-subcategory&id=${s.id}`}
                      preventScrollReset
                      aria-label={`Edit ${s.name}`}
                      className="rounded bg-green-100 px-2 py-1 text-green-700"
                    >
                      Edit
                    </Link>
                    <Link
                      to={`?dialog=delete-subcategory&id=${s.id}`}
                      preventScrollReset
                      aria-label={`Delete ${s.name}`}
                      className="rounded bg-red-100 px-2 py-1 text-red-700"
                    >
                      Delete
                    </Link>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {dialog === "add-subcategory" ? (
        <Dialog title="Add Sub Category" closeTo=".">
          <CategoryForm
            intent="create-subcategory"
            submitLabel="Submit"
            categoryOptions={categories}
            draft={failed?.draft ?? { name: "", image: "", categories: [] }}
            errors={fieldMessages(failed)}
            repickImage={failed?.repickImages}
          />
        </Dialog>
      ) : null}
      {dialog === "edit-subcategory" && editing ? (
        <Dialog title="Edit Sub Category" closeTo=".">
          <CategoryForm
            intent="update-subcategory"
            submitLabel="Submit"
            categoryOptions={categories}
            draft={failed?.draft ?? { id: editing.id, name: editing.name, image: editing.image, categories: editing.categories.map((c) => c.id) }}
            errors={fieldMessages(failed)}
            repickImage={failed?.repickImages}
          />
        </Dialog>
      ) : null}
      {deleting ? (
        <ConfirmDelete title="Delete" text="Are you sure permanent delete ?" intent="delete-subcategory" id={deleting.id} confirmLabel="Confirm" />
      ) : null}
      {preview ? (
        <Dialog title={preview.name} closeTo=".">
          <img src={preview.image} alt={preview.name} width={400} height={400} className="mx-auto max-h-[70vh] w-auto object-contain" />
        </Dialog>
      ) : null}
    </section>
  );
}
