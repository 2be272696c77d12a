import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ProductForm } from "~/components/admin/ProductForm";
import { PermissionDenied } from "~/components/PermissionDenied";
import { createProduct } from "~/utils/admin-catalogue.server";
import { EMPTY_DRAFT } from "~/lib/product-draft";
import { productStep, readAdminForm } from "~/utils/admin-forms.server";
import { productFormOptions } from "~/utils/admin-options.server";
import { ApiError } from "~/utils/api.server";
import { requireAdminAction, requireAdminPage } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Upload Product | FreshDash" }];

const PRODUCT_FORM_MAX_FILES = 6;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { allowed } = await requireAdminPage(request, context);
  if (!allowed) return data({ allowed: false as const, categories: [], subCategories: [] }, { status: 403 });
  return data({ allowed: true as const, ...(await productFormOptions(context)) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdminAction(request, context);
  try {
    const step = await productStep(context, await readAdminForm(request, PRODUCT_FORM_MAX_FILES));
    if (step.kind === "edit") return data(step, { status: step.status });
    await createProduct(context, step.value);
    // The form starts empty again after a create (spec), with the server's message.
    return redirectWithToast(context, "/dashboard/upload-product", { type: "success", text: "Product created successfully" });
  } catch (error) {
    if (error instanceof ApiError) return redirectWithToast(context, "/dashboard/upload-product", { type: "error", text: error.message });
    throw error;
  }
}

export default function UploadProduct() {
  const { allowed, categories, subCategories } = useLoaderData<typeof loader>();
  const step = useActionData<typeof action>();
  if (!allowed) return <PermissionDenied />;
  return (
    <section aria-labelledby="upload-title" className="grid max-w-2xl gap-4">
      <h1 id="upload-title" className="bg-white py-2 text-lg font-semibold shadow-sm">
        Upload Product
      </h1>
      <ProductForm
        key={step ? "draft" : "empty"}
        draft={step?.draft ?? EMPTY_DRAFT}
        errors={step?.errors}
        addingField={step?.addingField}
        categories={categories}
        subCategories={subCategories}
        submitLabel="Submit"
      />
    </section>
  );
}
