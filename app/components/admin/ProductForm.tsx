import { Form } from "@remix-run/react";
import { GST_RATES } from "~/lib/invoice/gst";
import type { ProductDraft } from "~/lib/product-draft";
import { Dialog } from "../forms/Dialog";
import { FieldError } from "../forms/FieldError";
import { SubmitButton } from "../forms/SubmitButton";
import { ImageField } from "./ImageField";

type Option = { id: string; name: string };

const input = "h-10 rounded-md border border-neutral-300 bg-blue-50/40 px-3 outline-none focus:border-brand";

function Text({
  name,
  label,
  value,
  error,
  type = "text",
  ...rest
}: {
  name: keyof ProductDraft;
  label: string;
  value: string;
  error?: string;
  type?: string;
  step?: string;
  min?: string;
  max?: string;
}) {
  return (
    <label className="grid gap-1 text-sm font-medium">
      {label}
      <input name={name} type={type} defaultValue={value} required aria-invalid={error ? true : undefined} className={`${input} font-normal`} {...rest} />
      <FieldError message={error} />
    </label>
  );
}

function Chips({ name, legend, options, selected, error }: { name: string; legend: string; options: Option[]; selected: string[]; error?: string }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex max-h-40 flex-wrap gap-2 overflow-y-auto">
        {options.map((o) => (
          <label
            key={o.id}
            className="flex cursor-pointer items-center gap-1 rounded-full border border-neutral-300 px-3 py-1 text-sm has-[:checked]:border-brand has-[:checked]:bg-green-50"
          >
            <input type="checkbox" name={name} value={o.id} defaultChecked={selected.includes(o.id)} />
            {o.name}
          </label>
        ))}
      </div>
      <FieldError message={error} />
    </fieldset>
  );
}

/**
 * The product form (spec "Upload Product"). Multipart, so images upload with it. 'Add Fields',
 * 'Remove' on a custom field and the field-name dialog are submit buttons handled by the server,
 * which re-renders the form with everything kept: it all works without JavaScript.
 */
export function ProductForm({
  draft,
  errors = {},
  categories,
  subCategories,
  submitLabel,
  id,
  version,
  addingField = false,
  repickImages = false,
}: {
  draft: ProductDraft;
  errors?: Record<string, string>;
  categories: Option[];
  subCategories: Option[];
  submitLabel: string;
  id?: string;
  /** The product version this edit started from (decision 010): a save from an older one is refused. */
  version?: number | null;
  addingField?: boolean;
  repickImages?: boolean;
}) {
  return (
    <Form method="post" encType="multipart/form-data" className="grid gap-3">
      {id ? <input type="hidden" name="id" value={id} /> : null}
      {version != null ? <input type="hidden" name="version" value={version} /> : null}
      {/* Editing: the stock the form opened with, so a changed "Number of Stock" is set given it (decision 023). */}
      {version != null ? <input type="hidden" name="stockSeen" value={draft.stockSeen} /> : null}
      {repickImages ? <input type="hidden" name="repickImages" value="1" /> : null}
      <FieldError message={errors._} />
      <Text name="name" label="Name" value={draft.name} error={errors.name} />
      <label className="grid gap-1 text-sm font-medium">
        Description
        <textarea
          name="description"
          rows={3}
          defaultValue={draft.description}
          required
          className="rounded-md border border-neutral-300 bg-blue-50/40 p-3 font-normal"
        />
        <FieldError message={errors.description} />
      </label>
      <ImageField label="Image" images={draft.image} multiple error={errors.image} repick={repickImages} />
      <Chips name="category" legend="Category" options={categories} selected={draft.category} error={errors.category} />
      <Chips name="subCategory" legend="Sub Category" options={subCategories} selected={draft.subCategory} error={errors.subCategory} />
      <Text name="unit" label="Unit" value={draft.unit} error={errors.unit} />
      <Text name="stock" label="Number of Stock" type="number" min="0" step="1" value={draft.stock} error={errors.stock} />
      <Text name="price" label="Price" type="number" min="0" step="0.01" value={draft.price} error={errors.price} />
      <Text name="discount" label="Discount" type="number" min="0" max="100" step="1" value={draft.discount} error={errors.discount} />
      <label className="grid gap-1 text-sm font-medium">
        HSN code
        <input
          name="hsnCode"
          defaultValue={draft.hsnCode ?? ""}
          inputMode="numeric"
          pattern="[0-9]{4}|[0-9]{6}|[0-9]{8}"
          aria-invalid={errors.hsnCode ? true : undefined}
          className={`${input} font-normal`}
        />
        <FieldError message={errors.hsnCode} />
      </label>
      <label className="grid gap-1 text-sm font-medium">
        GST rate
        <select name="gstRate" defaultValue={draft.gstRate ?? "5"} className={`${input} font-normal`} aria-invalid={errors.gstRate ? true : undefined}>
          {GST_RATES.map((rate) => (
            <option key={rate} value={String(rate)}>
              {rate} %
            </option>
          ))}
        </select>
        <FieldError message={errors.gstRate} />
      </label>
      <label className="grid gap-1 text-sm font-medium">
        Barcode (EAN-13 or UPC-A)
        <input
          name="barcode"
          defaultValue={draft.barcode ?? ""}
          inputMode="numeric"
          pattern="[0-9]{12,13}"
          autoComplete="off"
          aria-invalid={errors.barcode ? true : undefined}
          aria-describedby="barcode-hint"
          className={`${input} font-normal`}
        />
        <span id="barcode-hint" className="text-xs font-normal text-neutral-600">
          As printed under the pack&apos;s bars. Left empty, the store numbers the product itself.
        </span>
        <FieldError message={errors.barcode} />
      </label>
      {draft.fields.map((field, i) => (
        <div key={`${field.name}-${i}`} className="grid gap-1">
          <input type="hidden" name="fieldName" value={field.name} />
          <label className="grid gap-1 text-sm font-medium">
            {field.name}
            <span className="flex gap-2">
              <input name="fieldValue" defaultValue={field.value} required className={`${input} flex-1 font-normal`} />
              <button
                type="submit"
                name="intent"
                value={`remove-field:${i}`}
                formNoValidate
                className="rounded border border-red-400 px-2 text-xs text-red-600"
                aria-label={`Remove field ${field.name}`}
              >
                Remove
              </button>
            </span>
          </label>
        </div>
      ))}
      <FieldError message={errors.more_details} />
      <button
        type="submit"
        name="intent"
        value="open-add-field"
        formNoValidate
        className="w-fit rounded border border-amber-400 px-3 py-1 text-sm hover:bg-amber-400"
      >
        Add Fields
      </button>
      {addingField ? (
        <Dialog title="Add Field" closeTo="?">
          <label className="grid gap-1 text-sm font-medium">
            Field name
            <input name="newFieldName" placeholder="Enter field name" aria-label="Enter field name" maxLength={60} className={`${input} font-normal`} />
          </label>
          <FieldError message={errors.newFieldName} />
          <div className="mt-3 flex gap-2">
            <button type="submit" name="intent" value="keep" formNoValidate className="h-10 flex-1 rounded-md border border-neutral-300">
              Cancel
            </button>
            <button
              type="submit"
              name="intent"
              value="add-field"
              formNoValidate
              className="h-10 flex-1 rounded-md bg-amber-400 font-semibold hover:bg-amber-500"
            >
              Add Field
            </button>
          </div>
        </Dialog>
      ) : null}
      <SubmitButton name="intent" value="save" pendingText="Loading...">
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
