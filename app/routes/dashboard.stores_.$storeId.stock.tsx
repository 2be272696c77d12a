import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { StockCsvForm } from "~/components/admin/StockCsvForm";
import { StockImportPreview } from "~/components/admin/StockImportPreview";
import { FormErrors } from "~/components/forms/FormErrors";
import { PermissionDenied } from "~/components/layout/PermissionDenied";
import { isId } from "~/lib/ids";
import { stockCsvFormSchema, stockImportConfirmSchema } from "~/lib/schemas/stock-import";
import { decodeStockCsv, parseStockCsv, STOCK_CSV_ERRORS, STOCK_CSV_MAX_BYTES, STOCK_CSV_MAX_ROWS } from "~/lib/stock-csv";
import { requireAdminAction, requireAdminPage } from "~/server/identity/auth.server";
import { readFormData } from "~/server/http/form-data.server";
import { notFound } from "~/server/http/not-found.server";
import { confirmStockImport, previewStockImport, storeForImport, type StockImportPreview as Preview } from "~/server/stores/stock-import.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { pageAction } from "~/server/http/page-actions.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && "store" in data && data.store ? `Import stock: ${data.store.name} | FreshDash` : "Import stock | FreshDash" },
];

/** The body of either step: the file (≤ 100 KB) or pasted text, or the confirm form's plan. */
const BODY_MAX_BYTES = STOCK_CSV_MAX_BYTES * 3 + STOCK_CSV_MAX_ROWS * 64 * 3;

/** ADMIN only (others get the permission message and no data). One round trip: the store. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { allowed } = await requireAdminPage(request, context);
  if (!allowed) return data({ allowed: false as const, store: null }, { status: 403 });
  const store = isId(params.storeId) ? await storeForImport(context, params.storeId) : undefined;
  if (!store) throw notFound();
  return data({ allowed: true as const, store });
}

const CONFIRM_REFUSALS = {
  tampered: { status: 400, text: "This preview could not be verified, so nothing was imported. Preview the CSV again." },
  expired: { status: 409, text: "This preview is more than 30 minutes old, so nothing was imported. Preview the CSV again." },
  stale: {
    status: 409,
    text: "Stock or products at this store changed since the preview, so nothing was imported. Preview the CSV again to see the stock now.",
  },
  "already-applied": { status: 409, text: "This preview was already imported." },
} as const;

/**
 * `preview`: reads the CSV (file or pasted text) and answers the preview; writes nothing.
 * `confirm`: applies a signed preview in one batch and answers 303 back, or refuses it.
 */
type ImportAnswer = {
  formError: string | null;
  text: string;
  result: SubmissionResult<string[]> | null;
  preview: Preview | null;
};

/** Every answer of the action has one shape (the page shows whichever parts are set). */
function answer(status: number, parts: Partial<ImportAnswer>) {
  const body: ImportAnswer = { formError: null, text: "", result: null, preview: null, ...parts };
  return data(body, { status });
}

/**
 * The form of either step, or null when the body is over BODY_MAX_BYTES (declared or counted): the
 * page then answers 413 with its form and the size limit on it, not the root error page (issue 28,
 * item 9.2). Other refusals of the form reader (415, 400, 405) stay thrown.
 */
async function readImportForm(request: Request): Promise<FormData | null> {
  try {
    return await readFormData(request, { multipart: true, maxBytes: BODY_MAX_BYTES });
  } catch (error) {
    if (error instanceof Response && error.status === 413) return null;
    throw error;
  }
}

/**
 * `preview`: reads the CSV (file or pasted text) and answers the preview; writes nothing.
 * `confirm`: applies a signed preview in one batch and answers 303 back, or refuses it.
 */
export const action = pageAction(async ({ request, context, params }: ActionFunctionArgs) => {
  const user = await requireAdminAction(request, context);
  if (!isId(params.storeId)) throw notFound();
  const storeId = params.storeId;
  const form = await readImportForm(request);
  if (!form) return answer(413, { result: { status: "error", error: { "": [STOCK_CSV_ERRORS.tooLarge] } } });
  const intent = form.get("intent");

  if (intent === "confirm") {
    const parsed = stockImportConfirmSchema.safeParse({ token: form.get("token"), plan: form.get("plan") });
    if (!parsed.success) return answer(400, { formError: CONFIRM_REFUSALS.tampered.text });
    const outcome = await confirmStockImport(context, storeId, parsed.data, user.id);
    if (outcome.status === "applied") {
      const text = `Stock imported: ${outcome.rows} ${outcome.rows === 1 ? "product" : "products"} updated at ${outcome.storeName}`;
      return redirectWithToast(context, `/dashboard/stores/${storeId}/stock`, { type: "success", text });
    }
    const refusal = CONFIRM_REFUSALS[outcome.status];
    return answer(refusal.status, { formError: refusal.text });
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
  const parsed = parseStockCsv(decoded);
  if (!parsed.ok) return answer(400, { text, result: submission.reply({ hideFields: ["file"], fieldErrors: { [field]: [parsed.error] } }) });
  const preview = await previewStockImport(context, storeId, parsed.rows);
  if (!preview) throw notFound();
  return answer(200, { text, result: submission.reply({ hideFields: ["file"] }), preview });
});

export default function ImportStoreStock() {
  const { allowed, store } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!allowed || !store) return <PermissionDenied />;
  const preview = actionData?.preview ?? null;
  const result = actionData?.result ?? undefined;
  const text = actionData?.text ?? "";
  return (
    <section aria-labelledby="import-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2 bg-white py-2 shadow-sm">
        <h1 id="import-title" className="text-lg font-semibold">
          Import stock: {store.name}, {store.city}
        </h1>
        <Link to="/dashboard/stores" className="rounded border border-amber-400 px-3 py-1 text-sm hover:bg-amber-400">
          Back to stores
        </Link>
      </div>
      {actionData?.formError ? <FormErrors errors={[actionData.formError]} /> : null}
      <StockCsvForm key={preview?.confirm?.token ?? "form"} lastResult={result} text={text} />
      {preview ? <StockImportPreview storeName={preview.store.name} rows={preview.rows} valid={preview.valid} confirm={preview.confirm} /> : null}
    </section>
  );
}
