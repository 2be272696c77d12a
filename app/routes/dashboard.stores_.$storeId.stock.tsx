import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { StockCsvForm } from "~/components/admin/StockCsvForm";
import { StockImportPreview } from "~/components/admin/StockImportPreview";
import { FormErrors } from "~/components/forms/FormErrors";
import { PermissionDenied } from "~/components/layout/PermissionDenied";
import { StorePageHeader } from "~/components/stores/StorePageHeader";
import { isId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import { stockCsvFormSchema, stockImportConfirmSchema, stockImportPageSchema } from "~/lib/schemas/stock-import";
import { decodeStockCsv, STOCK_CSV_ERRORS, STOCK_CSV_MAX_BYTES } from "~/lib/stock-csv";
import { requireAdminAction, requireAdminPage } from "~/server/identity/auth.server";
import { readFormData } from "~/server/http/form-data.server";
import { notFound } from "~/server/http/not-found.server";
import { confirmStockImport, previewStockImport, readPreviewPage, storeForImport } from "~/server/stores/stock-import.server";
import { parseStockCsv } from "~/server/stores/stock-csv.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { pageAction } from "~/server/http/page-actions.server";
import { answerMessage, type ActionAnswer } from "~/lib/action-answer";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && "store" in data && data.store ? `Import stock: ${data.store.name} | FreshDash` : "Import stock | FreshDash" },
];

/** The body of the preview step: the file or the pasted text (each ≤ STOCK_CSV_MAX_BYTES), and the form's own fields. */
const BODY_MAX_BYTES = STOCK_CSV_MAX_BYTES * 2 + 64 * 1024;

/**
 * ADMIN only (others get the permission message and no data). `?import=<id>&page=<n>&show=errors`
 * shows a page of a preview kept server-side (decision 024). One round trip each for the store and
 * the preview page.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { allowed } = await requireAdminPage(request, context);
  if (!allowed) return data({ allowed: false as const, store: null, preview: null, gone: false }, { status: 403 });
  const store = isId(params.storeId) ? await storeForImport(context, params.storeId) : undefined;
  if (!store) throw notFound();
  const query = new URL(request.url).searchParams;
  if (!query.has("import")) return data({ allowed: true as const, store, preview: null, gone: false });
  const parsed = stockImportPageSchema.safeParse(Object.fromEntries(query));
  const preview = parsed.success
    ? await readPreviewPage(context, store.id, parsed.data.import, { page: parsed.data.page - 1, errorsOnly: parsed.data.show === "errors" })
    : null;
  return data({ allowed: true as const, store, preview, gone: !preview }, { status: preview ? 200 : 404 });
}

const PREVIEW_GONE = "This preview is more than a day old, or was never made: nothing was imported from it. Preview the CSV again.";

/**
 * A refused step: the reason on the page (`formError`) or on the CSV form's fields (`result`, with
 * the pasted `text` kept), as one ActionAnswer.
 */
function answer(status: number, { formError, text = "", result }: { formError?: string; text?: string; result?: SubmissionResult<string[]> }) {
  const message = formError ?? Object.values(result?.error ?? {}).flatMap((messages) => messages ?? [])[0] ?? "Check the CSV";
  const body: ActionAnswer<{ text: string }> = { ok: false, error: { message }, text, ...(result ? { result } : {}) };
  return data(body, { status });
}

/**
 * The form of either step, or null when the body is over BODY_MAX_BYTES (declared or counted): the
 * page then answers 413 with its form and the size limit on it, not the root error page.
 * Other refusals of the form reader (415, 400, 405) stay thrown.
 */
async function readImportForm(request: Request): Promise<FormData | null> {
  try {
    return await readFormData(request, { multipart: true, maxBytes: BODY_MAX_BYTES });
  } catch (error) {
    if (error instanceof Refusal && error.status === 413) return null;
    throw error;
  }
}

/**
 * `preview`: reads the CSV (file or pasted text), keeps the preview and answers 303 to its first
 * page; writes no stock. `confirm`: applies a preview through the bulk engine (compare-and-set per
 * row against what the preview showed) and answers 303 to its page, which then shows the outcome.
 */
export const action = pageAction(async ({ request, context, params }: ActionFunctionArgs) => {
  const user = await requireAdminAction(request, context);
  if (!isId(params.storeId)) throw notFound();
  const storeId = params.storeId;
  const form = await readImportForm(request);
  if (!form) return answer(413, { result: { status: "error", error: { "": [STOCK_CSV_ERRORS.tooLarge] } } });
  const intent = form.get("intent");

  if (intent === "confirm") {
    const parsed = stockImportConfirmSchema.safeParse({ importId: form.get("importId") });
    if (!parsed.success) return answer(400, { formError: "Choose a preview to confirm: preview the CSV again." });
    const outcome = await confirmStockImport(context, storeId, parsed.data.importId, user.id);
    if (outcome.status !== "applied")
      return outcome.status === "gone"
        ? answer(409, { formError: PREVIEW_GONE })
        : answer(400, { formError: "No row of this preview can be imported: fix the CSV and preview again." });
    const { applied, unchanged, conflicts, errors } = outcome.answer;
    const skipped = errors.length;
    const text = `Stock imported: ${applied} ${applied === 1 ? "product" : "products"} updated, ${unchanged} already right${
      skipped ? `, ${skipped} changed since the preview and not applied${conflicts === skipped ? "" : " (or deleted)"}` : ""
    }`;
    return redirectWithToast(context, `/dashboard/stores/${storeId}/stock?import=${parsed.data.importId}`, { type: skipped ? "message" : "success", text });
  }
  if (intent !== "preview") return answer(400, { formError: "Unknown action" });

  const submission = parseWithZod(form, { schema: stockCsvFormSchema });
  const pasted = form.get("csv");
  const text = typeof pasted === "string" ? pasted.slice(0, STOCK_CSV_MAX_BYTES) : "";
  if (submission.status !== "success") return answer(400, { text, result: submission.reply({ hideFields: ["file"] }) });
  const { file, csv } = submission.value;
  const field = file ? "file" : "csv";
  const decoded = file ? decodeStockCsv(new Uint8Array(await file.arrayBuffer())) : (csv ?? "");
  if (decoded === null) return answer(400, { text, result: submission.reply({ hideFields: ["file"], fieldErrors: { file: [STOCK_CSV_ERRORS.encoding] } }) });
  const parsed = await parseStockCsv(context, decoded);
  if (!parsed.ok) return answer(400, { text, result: submission.reply({ hideFields: ["file"], fieldErrors: { [field]: [parsed.error] } }) });
  const importId = await previewStockImport(context, storeId, parsed.rows, user.id);
  if (!importId) throw notFound();
  return redirect(`/dashboard/stores/${storeId}/stock?import=${importId}`, 303);
});

export default function ImportStoreStock() {
  const { allowed, store, preview, gone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!allowed || !store) return <PermissionDenied />;
  const result = actionData?.result;
  const text = actionData?.text ?? "";
  const formError = result ? null : answerMessage(actionData);
  return (
    <section aria-labelledby="import-title" className="grid gap-4">
      <StorePageHeader id="import-title" title={`Import stock: ${store.name}, ${store.city}`} />
      {formError ? <FormErrors errors={[formError]} /> : null}
      {gone && !formError ? <FormErrors errors={[PREVIEW_GONE]} /> : null}
      <StockCsvForm key={preview?.importId ?? "form"} lastResult={result} text={text} />
      {preview ? <StockImportPreview storeName={store.name} preview={preview} /> : null}
    </section>
  );
}
