import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useSearchParams, useSubmit } from "@remix-run/react";
import { useRef } from "react";
import { ConfirmDelete } from "~/components/admin/ConfirmDelete";
import { ProductForm } from "~/components/admin/ProductForm";
import { Dialog } from "~/components/forms/Dialog";
import { FormErrors } from "~/components/forms/FormErrors";
import { PermissionDenied } from "~/components/layout/PermissionDenied";
import { isId } from "~/lib/ids";
import { pageParam } from "~/lib/schemas/catalogue";
import { paiseToRupees } from "~/lib/money";
import { deleteProduct, updateProduct } from "~/server/catalogue/admin-catalogue.server";
import type { ProductDraft } from "~/lib/product-draft";
import { formRefused, productStep, readAdminForm, refusedSave } from "~/server/catalogue/admin-forms.server";
import { productFormOptions, type StoreStockOption } from "~/server/catalogue/admin-options.server";
import { requireAdminAction, requireAdminPage } from "~/server/identity/auth.server";
import { loadProduct, loadProductPage } from "~/server/catalogue/catalogue.server";
import { type CatalogueProduct, type Page } from "~/server/catalogue/rows.server";
import { redirectWithToast, safeRedirect } from "~/server/http/toast.server";
import { withStoredImages } from "~/server/catalogue/uploads.server";
import { attempt, pageAction } from "~/server/http/page-actions.server";

export const meta: MetaFunction = () => [{ title: "Product | FreshDash" }];

const PAGE_SIZE = 12;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { allowed } = await requireAdminPage(request, context);
  if (!allowed)
    return data({ allowed: false as const, result: null as Page<CatalogueProduct> | null, search: "", editing: null, options: null }, { status: 403 });
  const url = new URL(request.url);
  const search = (url.searchParams.get("search") ?? "").slice(0, 100);
  const result = await loadProductPage(context, { page: pageParam(url), limit: PAGE_SIZE, search, store: null });
  const editId = url.searchParams.get("dialog") === "edit-product" ? url.searchParams.get("id") : null;
  const editing = editId && isId(editId) ? await loadProduct(context, editId, null) : null;
  const options = editing ? await productFormOptions(context, editing.id) : null;
  return data({
    allowed: true as const,
    result,
    search,
    editing: editing && options ? { id: editing.id, version: editing.version, draft: toDraft(editing, options.stores) } : null,
    options,
  });
}

function toDraft(p: CatalogueProduct, otherStores: StoreStockOption[]): ProductDraft {
  return {
    name: p.name,
    description: p.description,
    image: p.images,
    category: p.categories.map((c) => c.id),
    subCategory: p.subCategories.map((c) => c.id),
    unit: p.unit,
    stock: String(p.stock),
    storeStock: otherStores.map((store) => ({ store: store.id, stock: String(store.stock) })),
    price: String(paiseToRupees(p.price)),
    discount: String(p.discount),
    fields: Object.entries(p.moreDetails).map(([name, value]) => ({ name, value })),
  };
}

/**
 * Update (the edit dialog's form, intents as on Upload Product) and delete. A save carries the
 * product version the dialog opened with; a stale one comes back as typed with the reason (409).
 */
export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  await requireAdminAction(request, context);
  const url = new URL(request.url);
  const back = safeRedirect(
    `/dashboard/product?${new URLSearchParams({ search: url.searchParams.get("search") ?? "", page: url.searchParams.get("page") ?? "1" })}`,
  );
  const form = await attempt(() => readAdminForm(request, context, 6));
  if (!form.ok) return formRefused(form.error);
  // A product gone (or never there) comes back to the list with the reason as a toast.
  const goneBack = (message: string) => redirectWithToast(context, back, { type: "error", text: message });
  const id = String(form.value.get("id") ?? "");
  if (!isId(id)) return goneBack("Product not found");
  if (form.value.get("intent") === "delete-product") {
    const deleted = await attempt(() => deleteProduct(context, id));
    if (!deleted.ok) return goneBack(deleted.error.message);
    return redirectWithToast(context, back, { type: "success", text: "Product deleted successfully" });
  }
  const step = await productStep(form.value, { editing: true });
  if (step.kind === "edit") return data({ ...step, id }, { status: step.status });
  const saved = await attempt(() => withStoredImages(context, step.images, () => updateProduct(context, id, step.value, { version: step.version })));
  if (!saved.ok && saved.error.status === 404) return goneBack(saved.error.message);
  if (!saved.ok) return data({ ...refusedSave(step, saved.error), id }, { status: saved.error.status });
  return redirectWithToast(context, back, { type: "success", text: "Product updated successfully" });
});

export default function AdminProducts() {
  const { allowed, result, search, editing, options } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const step = actionData && "draft" in actionData && actionData.id === editing?.id ? actionData : null;
  const [params] = useSearchParams();
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  if (!allowed || !result) return <PermissionDenied />;
  const pageHref = (page: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(page));
    return `?${next}`;
  };
  return (
    <section aria-labelledby="product-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3 bg-white py-2 shadow-sm">
        <h1 id="product-title" className="text-lg font-semibold">
          Product
        </h1>
        {/* A GET form: Enter searches without JavaScript; with it, typing searches after 300 ms. The page resets to 1. */}
        <Form method="get" role="search" className="w-full max-w-sm" onSubmit={() => clearTimeout(timer.current)}>
          <input
            type="search"
            name="search"
            defaultValue={search}
            placeholder="Search product here ..."
            aria-label="Search product here ..."
            className="h-10 w-full rounded border border-neutral-300 bg-blue-50/40 px-3"
            onChange={(e) => {
              const form = e.currentTarget.form;
              clearTimeout(timer.current);
              timer.current = setTimeout(() => form && submit(form, { replace: true }), 300);
            }}
          />
        </Form>
      </div>
      {actionData && "formError" in actionData ? <FormErrors errors={[actionData.formError]} /> : null}
      <ul aria-label="Products" className="grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-6">
        {result.items.map((p) => (
          <li key={p.id} className="grid gap-1 rounded-lg bg-white p-2 text-sm shadow-sm ring-1 ring-neutral-200">
            <img src={p.images[0]} alt="" width={96} height={96} loading="lazy" className="mx-auto h-24 w-24 object-scale-down" />
            <p className="line-clamp-2 font-medium">{p.name}</p>
            <p className="text-neutral-500">{p.unit}</p>
            <div className="flex gap-2">
              <Link
                to={`?${withDialog(params, "edit-product", p.id)}`}
                preventScrollReset
                aria-label={`Edit ${p.name}`}
                className="flex-1 rounded bg-green-100 py-1 text-center text-green-700"
              >
                Edit
              </Link>
              <Link
                to={`?${withDialog(params, "delete-product", p.id)}`}
                preventScrollReset
                aria-label={`Delete ${p.name}`}
                className="flex-1 rounded bg-red-100 py-1 text-center text-red-700"
              >
                Delete
              </Link>
            </div>
          </li>
        ))}
      </ul>
      {result.items.length ? null : <p className="py-6 text-center">No Data found</p>}
      <nav aria-label="Pages" className="flex items-center justify-between">
        {result.page > 1 ? <Link to={pageHref(result.page - 1)}>Previous</Link> : <span className="text-neutral-500">Previous</span>}
        <span>
          {result.page}/{result.totalPages}
        </span>
        {result.page < result.totalPages ? <Link to={pageHref(result.page + 1)}>Next</Link> : <span className="text-neutral-500">Next</span>}
      </nav>
      {editing && options ? (
        <Dialog title="Edit Product" closeTo={`?${withDialog(params, null, null)}`}>
          <ProductForm
            id={editing.id}
            version={step ? step.version : editing.version}
            draft={step?.draft ?? editing.draft}
            errors={step?.errors}
            addingField={step?.addingField}
            repickImages={step?.repickImages}
            categories={options.categories}
            subCategories={options.subCategories}
            stores={options.stores}
            submitLabel="Update Product"
          />
        </Dialog>
      ) : null}
      {params.get("dialog") === "delete-product" && params.get("id") ? (
        <ConfirmDelete
          title="Permanent Delete"
          text="Are you sure want to delete permanent ?"
          intent="delete-product"
          id={params.get("id")!}
          confirmLabel="Delete"
          closeTo={`?${withDialog(params, null, null)}`}
        />
      ) : null}
    </section>
  );
}

function withDialog(params: URLSearchParams, dialog: string | null, id: string | null) {
  const next = new URLSearchParams(params);
  next.delete("dialog");
  next.delete("id");
  if (dialog && id) {
    next.set("dialog", dialog);
    next.set("id", id);
  }
  return next.toString();
}
