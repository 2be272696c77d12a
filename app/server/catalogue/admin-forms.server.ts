/**
 * Reading the admin forms (multipart, so images upload through the form itself without JavaScript).
 * A submit may also be an intermediate step (add a custom field, remove an image): the form comes
 * back with everything typed kept. New image files are only checked on the way in; they are written
 * to R2 when the form is saved and valid (`withStoredImages`), so a refused or abandoned form leaves
 * nothing in the bucket. Without JavaScript the browser cannot refill a file input, so a form that
 * comes back asks for its new images again (`repickImages`).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { z } from "zod";
import type { ActionAnswer, NoExtra } from "~/lib/action-answer";
import type { ProductDraft } from "~/lib/product-draft";
import { productInputSchema, productVersionSchema, stockSeenSchema } from "~/lib/schemas/admin";
import { StaleProduct } from "./admin-catalogue.server";
import { StockChanged } from "~/server/stores/stock-writes.server";
import { Refusal, type RefusalStatus } from "~/lib/refusal";
import { readFormData } from "~/server/http/form-data.server";
import { answered, refused } from "~/server/http/page-actions.server";
import { IMAGE_MAX_BYTES, prepareImage, readUploadForm, type PreparedImage } from "./uploads.server";

export type FieldErrors = Record<string, string>;

export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "_");
    out[key] ??= issue.message;
  }
  return out;
}

/** Checks every non-empty file under `field` (at most `max`); returns them and the first upload error, if any. */
export async function prepareAll(form: FormData, field: string, max = Infinity) {
  const images: PreparedImage[] = [];
  let error: { message: string; status: number } | null = null;
  const files = form.getAll(field).filter((file): file is File => typeof file !== "string" && file.size > 0);
  for (const file of files.slice(0, max)) {
    try {
      images.push(await prepareImage(file, { maxBytes: IMAGE_MAX_BYTES, prefix: "uploads" }));
    } catch (e) {
      if (!(e instanceof Refusal)) throw e;
      error ??= { message: e.message, status: e.status };
    }
  }
  return { images, error };
}

const text = (form: FormData, key: string) => String(form.get(key) ?? "");

/** The product form as typed, with removed images dropped; new files are checked, not stored. */
async function readProductDraft(form: FormData) {
  const removed = new Set(form.getAll("removeImage").map(String));
  const kept = form
    .getAll("image")
    .map(String)
    .filter((url) => url && !removed.has(url));
  const { images, error } = await prepareAll(form, "newImage");
  const names = form.getAll("fieldName").map(String);
  const values = form.getAll("fieldValue").map(String);
  const intent = String(form.get("intent") ?? "");
  const removeField = intent.startsWith("remove-field:") ? Number(intent.slice("remove-field:".length)) : -1;
  const fields = names.map((n, i) => ({ name: n, value: values[i] ?? "" })).filter((_, i) => i !== removeField);
  const draft: ProductDraft = {
    name: text(form, "name"),
    description: text(form, "description"),
    image: kept,
    category: [...new Set(form.getAll("category").map(String))],
    subCategory: [...new Set(form.getAll("subCategory").map(String))],
    unit: text(form, "unit"),
    stock: text(form, "stock"),
    stockSeen: text(form, "stockSeen"),
    price: text(form, "price"),
    discount: text(form, "discount"),
    // A form without them (an older client) keeps the product's own (decision 031).
    hsnCode: form.has("hsnCode") ? text(form, "hsnCode") : undefined,
    gstRate: form.has("gstRate") ? text(form, "gstRate") : undefined,
    barcode: form.has("barcode") ? text(form, "barcode") : undefined,
    fields,
  };
  return { draft, images, uploadError: error };
}

/** Validates a draft as it would be saved: its kept images plus the new ones, under their future URLs. */
function validateProductDraft(draft: ProductDraft, images: PreparedImage[] = []) {
  return productInputSchema.safeParse({ ...draft, image: [...draft.image, ...images.map((image) => image.url)], more_details: draft.fields });
}

/** Fields the admin forms send several times: chips, kept and removed images, custom fields. */
const ADMIN_REPEATABLE_FIELDS = ["category", "subCategory", "image", "removeImage", "newImage", "fieldName", "fieldValue"] as const;

/**
 * An admin form: multipart (every admin form can carry images: the upload limit is spent and the
 * size checked before reading, at most `maxFiles` images' worth) or a plain form.
 */
export async function readAdminForm(request: Request, context: AppLoadContext, maxFiles = 1): Promise<FormData> {
  const repeatable = ADMIN_REPEATABLE_FIELDS;
  if ((request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    return readUploadForm(request, context, { scope: "upload", maxBytes: IMAGE_MAX_BYTES * maxFiles, repeatable });
  }
  return readFormData(request, { repeatable });
}

type SaveStep = {
  kind: "save";
  value: z.infer<typeof productInputSchema>;
  images: PreparedImage[];
  draft: ProductDraft;
  version: number | null;
  /** The default store's stock the edit form was opened with (null on Upload Product). */
  stockSeen: number | null;
  repickImages: boolean;
};
type EditStep = { kind: "edit"; draft: ProductDraft; errors: FieldErrors; addingField: boolean; status: number; repickImages: boolean; version: number | null };
export type ProductStep = SaveStep | EditStep;
/** What an answer carries of a product form that comes back (`editStepAnswer`), as the page reads it. */
export type ProductFormAnswer = ActionAnswer<Partial<Omit<EditStep, "kind" | "errors" | "status">>>;

/**
 * A valid form the database refused (a stale version, stock that moved, a category deleted
 * meanwhile): the form comes back as typed with the reason, and with the version and stock it is
 * now, so saving again after a review goes through.
 */
export function refusedSave(step: SaveStep, error: Refusal): EditStep {
  const conflicts = error instanceof StockChanged || error instanceof StaleProduct ? error.conflicts : [];
  // The form sets one store's stock (the default store's): what it is now becomes what was seen.
  const stockNow = conflicts.length === 1 ? String(conflicts[0].stock) : step.draft.stockSeen;
  return {
    kind: "edit",
    draft: { ...step.draft, stockSeen: stockNow },
    errors: { _: error.message },
    addingField: false,
    status: error.status,
    repickImages: step.repickImages,
    version: error instanceof StaleProduct ? error.current.version : step.version,
  };
}

/**
 * The page's answer for a form that comes back: the draft as typed with, when refused, the reason
 * (`_` is the form's own, the rest per field) and the status; an editing step (a custom field
 * opened or added) refuses nothing.
 */
export function editStepAnswer<Extra extends object = NoExtra>(step: EditStep, extra: Extra = {} as Extra) {
  const { errors, status, kind: _kind, ...form } = step;
  if (status < 400) return answered({ ...form, ...extra });
  const fields = Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, [message]]));
  const message = errors._ ?? Object.values(errors)[0] ?? "Check the form";
  return refused(new Refusal(message, status as RefusalStatus, { fields }), { extra: { ...form, ...extra } });
}

/**
 * Decides what a product form submit means: an editing step (add or remove a custom field, open the
 * field dialog, an upload error, invalid input) re-renders the form with the draft; a valid save
 * returns the parsed product and its new images, still to be stored. `version` is the product
 * version the edit form was opened with (null on Upload Product).
 */
export async function productStep(form: FormData, { editing }: { editing: boolean }): Promise<ProductStep> {
  const { draft, images, uploadError } = await readProductDraft(form);
  const parsedVersion = productVersionSchema.safeParse(form.get("version") ?? undefined);
  const version = parsedVersion.success ? (parsedVersion.data ?? null) : null;
  const parsedSeen = stockSeenSchema.safeParse(draft.stockSeen.trim() || undefined);
  const stockSeen = parsedSeen.success ? (parsedSeen.data ?? null) : null;
  const versionMissing = editing && (version === null || stockSeen === null);
  // If the form comes back, its new files are gone (no JavaScript) and must be chosen again; the
  // form keeps asking (a hidden field) until a submit carries files again.
  const repickImages = images.length > 0 || form.get("repickImages") === "1";
  const edit = (errors: FieldErrors, { addingField = false, status = 200, nextDraft = draft } = {}): ProductStep => ({
    kind: "edit",
    draft: nextDraft,
    errors,
    addingField,
    status,
    repickImages,
    version,
  });
  const intent = String(form.get("intent") ?? "save");
  if (intent === "open-add-field") return edit({}, { addingField: true });
  if (intent === "add-field") {
    const fieldName = String(form.get("newFieldName") ?? "").trim();
    if (!fieldName || fieldName.length > 60) return edit({ newFieldName: "Enter a field name (up to 60 characters)" }, { addingField: true, status: 400 });
    if (draft.fields.some((f) => f.name.toLowerCase() === fieldName.toLowerCase())) {
      return edit({ newFieldName: "That field already exists" }, { addingField: true, status: 400 });
    }
    return edit({}, { nextDraft: { ...draft, fields: [...draft.fields, { name: fieldName, value: "" }] } });
  }
  if (intent !== "save") return edit({});
  const parsed = validateProductDraft(draft, images);
  if (uploadError || !parsed.success || versionMissing) {
    const errors = parsed.success ? {} : fieldErrors(parsed.error);
    if (versionMissing) errors._ = "Open the product again to edit it: this form does not say which version it started from";
    if (uploadError) errors.image = uploadError.message;
    return edit(errors, { status: uploadError?.status ?? 400 });
  }
  return { kind: "save", value: parsed.data, images, draft, version, stockSeen: editing ? stockSeen : null, repickImages };
}
