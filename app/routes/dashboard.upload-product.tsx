import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ProductForm } from "~/components/admin/ProductForm";
import { FormErrors } from "~/components/forms/FormErrors";
import { answerErrors, fieldMessages } from "~/lib/action-answer";
import { PermissionDenied } from "~/components/layout/PermissionDenied";
import { createProduct } from "~/server/catalogue/admin-catalogue.server";
import { EMPTY_DRAFT } from "~/lib/product-draft";
import { useFormKey } from "~/lib/hooks/use-form-key";
import { editStepAnswer, productStep, type ProductFormAnswer, readAdminForm, refusedSave } from "~/server/catalogue/admin-forms.server";
import { productFormOptions } from "~/server/catalogue/admin-options.server";
import { requireAdminAction, requireAdminPage } from "~/server/identity/auth.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { withStoredImages } from "~/server/catalogue/uploads.server";
import { attempt, pageAction, refused } from "~/server/http/page-actions.server";

export const meta: MetaFunction = () => [{ title: "Upload Product | FreshDash" }];

const PRODUCT_FORM_MAX_FILES = 6;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { allowed } = await requireAdminPage(request, context);
  if (!allowed) return data({ allowed: false as const, categories: [], subCategories: [] }, { status: 403 });
  return data({ allowed: true as const, ...(await productFormOptions(context)) });
}

export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  await requireAdminAction(request, context);
  const form = await attempt(() => readAdminForm(request, context, PRODUCT_FORM_MAX_FILES));
  if (!form.ok) return refused(form.error);
  const step = await productStep(form.value, { editing: false });
  if (step.kind === "edit") return editStepAnswer(step);
  const created = await attempt(() => withStoredImages(context, step.images, () => createProduct(context, step.value)));
  if (!created.ok) return editStepAnswer(refusedSave(step, created.error));
  // The form starts empty again after a create (spec), with the server's message.
  return redirectWithToast(context, "/dashboard/upload-product", { type: "success", text: "Product created successfully" });
});

export default function UploadProduct() {
  const { allowed, categories, subCategories } = useLoaderData<typeof loader>();
  // Typed by hand: Remix's inference keeps only the plainest of several refusal shapes.
  const actionData = useActionData<ProductFormAnswer>();
  const step = actionData?.draft ? actionData : null;
  const formKey = useFormKey(step !== null);
  if (!allowed) return <PermissionDenied />;
  return (
    <section aria-labelledby="upload-title" className="grid max-w-2xl gap-4">
      <h1 id="upload-title" className="bg-white py-2 text-lg font-semibold shadow-sm">
        Upload Product
      </h1>
      {!actionData?.draft ? <FormErrors errors={answerErrors(actionData)} /> : null}
      <ProductForm
        key={formKey}
        draft={step?.draft ?? EMPTY_DRAFT}
        errors={fieldMessages(step)}
        addingField={step?.addingField}
        repickImages={step?.repickImages}
        categories={categories}
        subCategories={subCategories}
        submitLabel="Submit"
      />
    </section>
  );
}
