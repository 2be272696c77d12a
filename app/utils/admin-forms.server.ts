/**
 * Reading the admin forms (multipart, so images upload through the form itself without JavaScript).
 * A submit may also be an intermediate step (add a custom field, remove an image): whatever was
 * uploaded is stored at once and carried on as hidden URLs, so nothing typed or uploaded is lost.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { z } from "zod";
import type { ProductDraft } from "~/lib/product-draft";
import { productInputSchema } from "~/lib/schemas/admin";
import { ApiError } from "./api.server";
import { readFormData } from "./form-data.server";
import { IMAGE_MAX_BYTES, MULTIPART_OVERHEAD, storeImage } from "./uploads.server";

export type FieldErrors = Record<string, string>;

export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "_");
    out[key] ??= issue.message;
  }
  return out;
}

/** Stores every non-empty file under `field`; returns URLs and the first upload error, if any. */
export async function uploadAll(context: AppLoadContext, form: FormData, field: string) {
  const urls: string[] = [];
  let error: string | null = null;
  for (const file of form.getAll(field)) {
    if (typeof file === "string" || file.size === 0) continue;
    try {
      urls.push(await storeImage(context, file, { maxBytes: IMAGE_MAX_BYTES, prefix: "uploads" }));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      error = e.message;
    }
  }
  return { urls, error };
}

const text = (form: FormData, key: string) => String(form.get(key) ?? "");

/** The product form as typed, with new images stored and removed ones dropped. */
export async function readProductDraft(context: AppLoadContext, form: FormData) {
  const removed = new Set(form.getAll("removeImage").map(String));
  const kept = form.getAll("image").map(String).filter((url) => url && !removed.has(url));
  const { urls, error } = await uploadAll(context, form, "newImage");
  const names = form.getAll("fieldName").map(String);
  const values = form.getAll("fieldValue").map(String);
  const intent = String(form.get("intent") ?? "");
  const removeField = intent.startsWith("remove-field:") ? Number(intent.slice("remove-field:".length)) : -1;
  const fields = names.map((n, i) => ({ name: n, value: values[i] ?? "" })).filter((_, i) => i !== removeField);
  const draft: ProductDraft = {
    name: text(form, "name"),
    description: text(form, "description"),
    image: [...kept, ...urls],
    category: [...new Set(form.getAll("category").map(String))],
    subCategory: [...new Set(form.getAll("subCategory").map(String))],
    unit: text(form, "unit"),
    stock: text(form, "stock"),
    price: text(form, "price"),
    discount: text(form, "discount"),
    fields,
  };
  return { draft, uploadError: error };
}

export function validateProductDraft(draft: ProductDraft) {
  return productInputSchema.safeParse({ ...draft, more_details: draft.fields });
}

/** Fields the admin forms send several times: chips, kept and removed images, custom fields. */
export const ADMIN_REPEATABLE_FIELDS = ["category", "subCategory", "image", "removeImage", "newImage", "fieldName", "fieldValue"] as const;

/** An admin form: multipart (images upload with it) or plain, at most `maxFiles` images' worth. */
export function readAdminForm(request: Request, maxFiles = 1): Promise<FormData> {
  return readFormData(request, { multipart: true, maxBytes: IMAGE_MAX_BYTES * maxFiles + MULTIPART_OVERHEAD, repeatable: ADMIN_REPEATABLE_FIELDS });
}

export type ProductStep =
  | { kind: "save"; value: z.infer<typeof productInputSchema> }
  | { kind: "edit"; draft: ProductDraft; errors: FieldErrors; addingField: boolean; status: number };

/**
 * Decides what a product form submit means: an editing step (add or remove a custom field, open the
 * field dialog, an upload error, invalid input) re-renders the form with the draft; a valid save
 * returns the parsed product.
 */
export async function productStep(context: AppLoadContext, form: FormData): Promise<ProductStep> {
  const { draft, uploadError } = await readProductDraft(context, form);
  const intent = String(form.get("intent") ?? "save");
  if (intent === "open-add-field") return { kind: "edit", draft, errors: {}, addingField: true, status: 200 };
  if (intent === "add-field") {
    const fieldName = String(form.get("newFieldName") ?? "").trim();
    if (!fieldName || fieldName.length > 60) return { kind: "edit", draft, errors: { newFieldName: "Enter a field name (up to 60 characters)" }, addingField: true, status: 400 };
    if (draft.fields.some((f) => f.name.toLowerCase() === fieldName.toLowerCase())) {
      return { kind: "edit", draft, errors: { newFieldName: "That field already exists" }, addingField: true, status: 400 };
    }
    return { kind: "edit", draft: { ...draft, fields: [...draft.fields, { name: fieldName, value: "" }] }, errors: {}, addingField: false, status: 200 };
  }
  if (intent !== "save") return { kind: "edit", draft, errors: {}, addingField: false, status: 200 };
  const parsed = validateProductDraft(draft);
  if (uploadError || !parsed.success) {
    const errors = parsed.success ? {} : fieldErrors(parsed.error);
    if (uploadError) errors.image = uploadError;
    return { kind: "edit", draft, errors, addingField: false, status: uploadError ? 415 : 400 };
  }
  return { kind: "save", value: parsed.data };
}
