import { data, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useSearchParams, useSubmit } from "@remix-run/react";
import { useRef } from "react";
import { ConfirmDelete } from "~/components/admin/ConfirmDelete";
import { ProductForm } from "~/components/admin/ProductForm";
import { Dialog } from "~/components/forms/Dialog";
import { FormErrors } from "~/components/forms/FormErrors";
import { answerErrors, fieldMessages } from "~/lib/action-answer";
import { Refusal } from "~/lib/refusal";
import { PermissionDenied } from "~/components/layout/PermissionDenied";
import { isId } from "~/lib/ids";
import { pageParam } from "~/lib/schemas/catalogue";
import { paiseToRupees } from "~/lib/money";
import { deleteProduct, updateProduct } from "~/server/catalogue/admin-catalogue.server";
import type { ProductDraft } from "~/lib/product-draft";
import { editStepAnswer, productStep, type ProductFormAnswer, readAdminForm, refusedSave } from "~/server/catalogue/admin-forms.server";
import { productFormOptions, storeStockSummary, type StoreStockSummary } from "~/server/catalogue/admin-options.server";
import { StoreStockSummaryPanel } from "~/components/admin/StoreStockSummaryPanel";
import { storeStockAddSchema, storeStockSetSchema } from "~/lib/schemas/admin";
import { addStoreStock, setStoreStock } from "~/server/stores/stock-writes.server";
import { setProductBin } from "~/server/stores/product-bins.server";
import { binFormSchema } from "~/lib/schemas/store-ops";
import { requireAdminAction, requireAdminPage } from "~/server/identity/auth.server";
import { loadProduct } from "~/server/catalogue/catalogue.server";
import { loadProductPage } from "~/server/search/product-page.server";
import { type CatalogueProduct, type Page } from "~/server/catalogue/rows.server";
import { redirectWithToast, safeRedirect } from "~/server/http/toast.server";
import { withStoredImages } from "~/server/catalogue/uploads.server";
import { attempt, pageAction, refused } from "~/server/http/page-actions.server";

export const meta: MetaFunction = () => [{ title: "Product | FreshDash" }];

const PAGE_SIZE = 12;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { allowed } = await requireAdminPage(request, context);
  if (!allowed)
    return data(
      {
        allowed: false as const,
        result: null as Page<CatalogueProduct> | null,
        search: "",
        editing: null,
        options: null,
        stock: null as StoreStockSummary | null,
      },
      { status: 403 },
    );
  const url = new URL(request.url);
  const search = (url.searchParams.get("search") ?? "").slice(0, 100);
  const result = await loadProductPage(context, { page: pageParam(url), limit: PAGE_SIZE, search, store: null });
  const editId = url.searchParams.get("dialog") === "edit-product" ? url.searchParams.get("id") : null;
  const editing = editId && isId(editId) ? await loadProduct(context, editId, null) : null;
  const [options, stock] = editing
    ? await Promise.all([
        productFormOptions(context),
        storeStockSummary(context, editing.id, { search: (url.searchParams.get("storeSearch") ?? "").trim().slice(0, 100), page: storePageParam(url) }),
      ])
    : [null, null];
  return data({
    allowed: true as const,
    result,
    search,
    editing: editing && options ? { id: editing.id, version: editing.version, draft: toDraft(editing) } : null,
    options,
    stock,
  });
}

/** The stock summary's page (`storePage`), 1 when absent or not a page number. */
function storePageParam(url: URL) {
  const page = Number(url.searchParams.get("storePage"));
  return Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

function toDraft(p: CatalogueProduct): ProductDraft {
  return {
    name: p.name,
    description: p.description,
    image: p.images,
    category: p.categories.map((c) => c.id),
    subCategory: p.subCategories.map((c) => c.id),
    unit: p.unit,
    stock: String(p.stock),
    stockSeen: String(p.stock),
    price: String(paiseToRupees(p.price)),
    discount: String(p.discount),
    hsnCode: p.hsnCode,
    gstRate: String(p.gstRate),
    barcode: p.barcode ?? "",
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
  if (!form.ok) return refused(form.error);
  // A product gone (or never there) comes back to the list with the reason as a toast.
  const goneBack = (message: string) => redirectWithToast(context, back, { type: "error", text: message });
  const id = String(form.value.get("id") ?? "");
  if (!isId(id)) return goneBack("Product not found");
  const intent = form.value.get("intent");
  if (intent === "set-store-stock" || intent === "add-store-stock") return changeStoreStock(context, request, id, intent, form.value);
  if (intent === "set-bin") return changeBin(context, request, id, form.value);
  if (intent === "delete-product") {
    const deleted = await attempt(() => deleteProduct(context, id));
    if (!deleted.ok) return goneBack(deleted.error.message);
    return redirectWithToast(context, back, { type: "success", text: "Product deleted successfully" });
  }
  const step = await productStep(form.value, { editing: true });
  if (step.kind === "edit") return editStepAnswer(step, { id });
  const saved = await attempt(() =>
    withStoredImages(context, step.images, () => updateProduct(context, id, step.value, { version: step.version, stockSeen: step.stockSeen })),
  );
  if (!saved.ok && saved.error.status === 404) return goneBack(saved.error.message);
  if (!saved.ok) return editStepAnswer(refusedSave(step, saved.error), { id });
  return redirectWithToast(context, back, { type: "success", text: "Product updated successfully" });
});

/**
 * The stock summary's forms: one store's stock set given the stock shown, or units added. Back to
 * the same dialog (303) with the stock now, or the reason with the form's status.
 */
async function changeStoreStock(context: AppLoadContext, request: Request, productId: string, intent: string, form: FormData) {
  const url = new URL(request.url);
  const here = safeRedirect(`${url.pathname}${url.search}`);
  const fields = Object.fromEntries(["store", "stock", "seen", "delta"].map((key) => [key, form.get(key) ?? undefined]));
  const parsed = intent === "set-store-stock" ? storeStockSetSchema.safeParse(fields) : storeStockAddSchema.safeParse(fields);
  const store = typeof fields.store === "string" ? fields.store : "";
  if (!parsed.success) return refused(new Refusal(parsed.error.issues[0].message, 400), { extra: { stockStore: store } });
  const value = parsed.data;
  const changed = await attempt(() =>
    "delta" in value ? addStoreStock(context, productId, value) : setStoreStock(context, productId, { store: value.store, to: value.stock, seen: value.seen }),
  );
  if (!changed.ok) return refused(changed.error, { extra: { stockStore: store } });
  return redirectWithToast(context, here, { type: "success", text: `Stock saved: ${changed.value} in stock now` });
}

/** The stock summary's third form: a store's shelf location for the product (empty clears it). 303 back, or the reason. */
async function changeBin(context: AppLoadContext, request: Request, productId: string, form: FormData) {
  const url = new URL(request.url);
  const here = safeRedirect(`${url.pathname}${url.search}`);
  const store = String(form.get("store") ?? "");
  const parsed = binFormSchema.safeParse({ storeId: store, bin: form.get("bin") ?? undefined });
  if (!parsed.success) return refused(new Refusal(parsed.error.issues[0].message, 400), { extra: { stockStore: store } });
  const saved = await attempt(() => setProductBin(context, { ...parsed.data, productId }));
  if (!saved.ok) return refused(saved.error, { extra: { stockStore: store } });
  return redirectWithToast(context, here, { type: "success", text: saved.value.message.slice(0, 300) });
}

export default function AdminProducts() {
  const { allowed, result, search, editing, options, stock } = useLoaderData<typeof loader>();
  // Typed by hand: Remix's inference keeps only the plainest of several refusal shapes.
  const actionData = useActionData<ProductFormAnswer & { id?: string; stockStore?: string }>();
  const step = actionData?.draft && actionData.id === editing?.id ? actionData : null;
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
      {!actionData?.draft && actionData?.stockStore === undefined ? <FormErrors errors={answerErrors(actionData)} /> : null}
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
            version={step ? (step.version ?? null) : editing.version}
            draft={step?.draft ?? editing.draft}
            errors={fieldMessages(step)}
            addingField={step?.addingField}
            repickImages={step?.repickImages}
            categories={options.categories}
            subCategories={options.subCategories}
            submitLabel="Update Product"
          />
          {stock ? (
            <StoreStockSummaryPanel
              productId={editing.id}
              summary={stock}
              error={actionData?.stockStore !== undefined && !actionData.ok ? { store: actionData.stockStore, message: actionData.error.message } : null}
            />
          ) : null}
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
