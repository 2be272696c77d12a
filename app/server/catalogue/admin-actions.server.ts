/** Category and sub-category form intents for the dashboard pages (multipart, no JavaScript needed). */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { isId } from "~/lib/ids";
import { categoryInputSchema, subCategoryInputSchema } from "~/lib/schemas/admin";
import { createCategory, createSubCategory, deleteCategory, deleteSubCategory, updateCategory, updateSubCategory } from "./admin-catalogue.server";
import { fieldErrors, prepareAll } from "./admin-forms.server";
import { Refusal, type RefusalStatus } from "~/lib/refusal";
import { attempt, refused } from "~/server/http/page-actions.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { withStoredImages } from "./uploads.server";

type Kind = "category" | "subcategory";
const LABEL: Record<Kind, string> = { category: "Category", subcategory: "Sub category" };

/**
 * One category or sub-category form submit. Its new image is checked on the way in and stored only
 * with a valid save (removed again if the database refuses it), so a refused form leaves nothing in R2.
 */
export async function handleCategoryIntent(context: AppLoadContext, form: FormData, kind: Kind) {
  const back = `/dashboard/${kind}`;
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const typed = {
    id: intent === `update-${kind}` ? id : undefined,
    name: String(form.get("name") ?? ""),
    image: String(form.get("image") ?? ""),
    categories: form.getAll("category").map(String),
  };
  const { images, error: uploadError } = await prepareAll(form, "newImage", 1);
  const sendBack = (fields: Record<string, string[]>, status: number) => {
    const message = fields._?.[0] ?? Object.values(fields)[0]?.[0] ?? "Check the form";
    return refused(new Refusal(message, status as RefusalStatus, { fields }), { extra: { intent, draft: typed, repickImages: images.length > 0 } });
  };
  const saved = await attempt(async () => {
    if (intent === `delete-${kind}`) {
      if (!isId(id)) throw new Refusal("Not found", 404);
      await (kind === "category" ? deleteCategory(context, id) : deleteSubCategory(context, id));
      return redirectWithToast(context, back, { type: "success", text: `${LABEL[kind]} deleted` });
    }
    if (intent !== `create-${kind}` && intent !== `update-${kind}`) throw new Refusal("Unknown action", 400);
    const input = { name: typed.name, image: images[0]?.url ?? typed.image };
    const parsed = kind === "category" ? categoryInputSchema.safeParse(input) : subCategoryInputSchema.safeParse({ ...input, category: typed.categories });
    if (uploadError || !parsed.success) {
      const errors: Record<string, string[]> = Object.fromEntries(Object.entries(parsed.success ? {} : fieldErrors(parsed.error)).map(([k, v]) => [k, [v]]));
      if (uploadError) errors.image = [uploadError.message];
      return sendBack(errors, uploadError?.status ?? 400);
    }
    if (intent === `create-${kind}`) {
      await withStoredImages(context, images, () =>
        kind === "category" ? createCategory(context, parsed.data as never) : createSubCategory(context, parsed.data as never),
      );
      return redirectWithToast(context, back, { type: "success", text: `${LABEL[kind]} added` });
    }
    if (!isId(id)) throw new Refusal("Not found", 404);
    await withStoredImages(context, images, () =>
      kind === "category" ? updateCategory(context, id, parsed.data as never) : updateSubCategory(context, id, parsed.data as never),
    );
    return redirectWithToast(context, back, { type: "success", text: `${LABEL[kind]} updated` });
  });
  if (saved.ok) return saved.value;
  const { fields, status, message } = saved.error;
  if (fields) return sendBack(fields, status);
  return redirectWithToast(context, back, { type: "error", text: message });
}
