/** Category and sub-category form intents for the dashboard pages (multipart, no JavaScript needed). */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { isId } from "~/lib/ids";
import { categoryInputSchema, subCategoryInputSchema } from "~/lib/schemas/admin";
import { createCategory, createSubCategory, deleteCategory, deleteSubCategory, updateCategory, updateSubCategory } from "./admin-catalogue.server";
import { fieldErrors, uploadAll } from "./admin-forms.server";
import { ApiError } from "./api.server";
import { redirectWithToast } from "./toast.server";

type Kind = "category" | "subcategory";
const LABEL: Record<Kind, string> = { category: "Category", subcategory: "Sub category" };

export async function handleCategoryIntent(context: AppLoadContext, form: FormData, kind: Kind) {
  const back = `/dashboard/${kind}`;
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  try {
    if (intent === `delete-${kind}`) {
      if (!isId(id)) throw new ApiError("Not found", 404);
      await (kind === "category" ? deleteCategory(context, id) : deleteSubCategory(context, id));
      return redirectWithToast(context, back, { type: "success", text: `${LABEL[kind]} deleted` });
    }
    if (intent !== `create-${kind}` && intent !== `update-${kind}`) throw new ApiError("Unknown action", 400);
    const { urls, error: uploadError } = await uploadAll(context, form, "newImage");
    const draft = {
      id: intent === `update-${kind}` ? id : undefined,
      name: String(form.get("name") ?? ""),
      image: urls[0] ?? String(form.get("image") ?? ""),
      categories: form.getAll("category").map(String),
    };
    const parsed =
      kind === "category"
        ? categoryInputSchema.safeParse(draft)
        : subCategoryInputSchema.safeParse({ ...draft, category: draft.categories });
    if (uploadError || !parsed.success) {
      const errors = parsed.success ? {} : fieldErrors(parsed.error);
      if (uploadError) errors.image = uploadError;
      return data({ intent, draft, errors }, { status: uploadError ? 415 : 400 });
    }
    if (intent === `create-${kind}`) {
      await (kind === "category" ? createCategory(context, parsed.data as never) : createSubCategory(context, parsed.data as never));
      return redirectWithToast(context, back, { type: "success", text: `${LABEL[kind]} added` });
    }
    if (!isId(id)) throw new ApiError("Not found", 404);
    await (kind === "category" ? updateCategory(context, id, parsed.data as never) : updateSubCategory(context, id, parsed.data as never));
    return redirectWithToast(context, back, { type: "success", text: `${LABEL[kind]} updated` });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.errors) {
      const errors = Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]]));
      return data({ intent, draft: { id, name: String(form.get("name") ?? ""), image: String(form.get("image") ?? ""), categories: form.getAll("category").map(String) }, errors }, { status: error.status });
    }
    return redirectWithToast(context, back, { type: "error", text: error.message });
  }
}
