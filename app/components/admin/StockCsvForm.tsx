import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { stockCsvFormSchema } from "~/lib/schemas/stock-import";
import { FormErrors } from "../forms/FormErrors";

/**
 * Step 1 of a store's CSV stock import: choose a file or paste the text, then "Preview". A plain
 * multipart form (works without JavaScript); the server checks it with the same schema.
 */
export function StockCsvForm({ lastResult, text }: { lastResult?: SubmissionResult<string[]>; text: string }) {
  const [form, fields] = useForm({
    id: "stock-csv",
    lastResult,
    defaultValue: { csv: text },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: stockCsvFormSchema }),
  });
  const fileErrorId = `${fields.file.id}-error`;
  const csvErrorId = `${fields.csv.id}-error`;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-3 rounded-lg bg-white p-3 shadow-sm">
      <FormErrors errors={form.errors} />
      <p id="stock-csv-format" className="text-sm text-neutral-700">
        One line per product: <code>product id, barcode or name, stock</code>, and optionally a third value, the product&apos;s shelf location in this store, as
        in <code>Milk 1 L,24,A-03</code>. An empty or missing third value leaves the shelf location as it is. A header row (<code>product,stock,bin</code>) is
        optional. Nothing changes until you confirm the preview.
      </p>
      <div className="grid gap-1">
        <label htmlFor={fields.file.id} className="text-sm font-medium">
          CSV file
        </label>
        <input
          {...getInputProps(fields.file, { type: "file" })}
          accept=".csv,text/csv,text/plain"
          aria-describedby={fields.file.errors?.length ? `stock-csv-format ${fileErrorId}` : "stock-csv-format"}
          className="text-sm"
        />
        {fields.file.errors?.length ? (
          <p id={fileErrorId} className="text-sm text-red-600">
            {fields.file.errors[0]}
          </p>
        ) : null}
      </div>
      <div className="grid gap-1">
        <label htmlFor={fields.csv.id} className="text-sm font-medium">
          Or paste the CSV
        </label>
        <textarea
          {...getTextareaProps(fields.csv)}
          rows={8}
          spellCheck={false}
          aria-describedby={fields.csv.errors?.length ? `stock-csv-format ${csvErrorId}` : "stock-csv-format"}
          className="rounded-md border border-neutral-300 bg-blue-50/40 px-3 py-2 font-mono text-sm outline-none focus:border-brand"
        />
        {fields.csv.errors?.length ? (
          <p id={csvErrorId} className="text-sm text-red-600">
            {fields.csv.errors[0]}
          </p>
        ) : null}
      </div>
      <button type="submit" name="intent" value="preview" className="justify-self-start rounded bg-green-700 px-4 py-2 text-white hover:bg-green-800">
        Preview
      </button>
    </Form>
  );
}
