import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { GST_STATES } from "~/lib/invoice/gst";
import { formatPincodeRanges, storeFormFields, storeFormSchema, timeOfDay, type PincodeRange } from "~/lib/schemas/store";
import { FormErrors } from "../forms/FormErrors";
import { FormField } from "../forms/FormField";

/** A store as the form starts from (an existing one when editing). */
export interface StoreDraft {
  id?: string;
  name: string;
  address: string;
  city: string;
  opensAt: number;
  closesAt: number;
  baseDeliveryMinutes: number;
  isDefault: boolean;
  ranges: PincodeRange[];
  legalName: string;
  state: string;
  gstin: string;
  invoiceSeries: string | null;
  fssaiLicence: string;
  substitutionMinutes: number;
}

export const NEW_STORE: StoreDraft = {
  name: "",
  address: "",
  city: "",
  opensAt: 360,
  closesAt: 1440,
  baseDeliveryMinutes: 10,
  isDefault: false,
  ranges: [],
  legalName: "",
  state: "",
  gstin: "",
  invoiceSeries: null,
  fssaiLicence: "",
  substitutionMinutes: 2,
};

/** Add or edit a dark store: a plain form (works without JavaScript), checked by the same zod schema on the server. */
export function StoreForm({ draft, lastResult }: { draft: StoreDraft; lastResult?: SubmissionResult<string[]> }) {
  const editing = Boolean(draft.id);
  const [form, fields] = useForm({
    id: editing ? `store-${draft.id}` : "store-new",
    lastResult,
    constraint: getZodConstraint(storeFormFields),
    defaultValue: {
      name: draft.name,
      address: draft.address,
      city: draft.city,
      opensAt: timeOfDay(draft.opensAt),
      closesAt: timeOfDay(draft.closesAt),
      baseDeliveryMinutes: String(draft.baseDeliveryMinutes),
      pincodes: formatPincodeRanges(draft.ranges),
      isDefault: draft.isDefault ? "on" : undefined,
      legalName: draft.legalName,
      state: draft.state,
      gstin: draft.gstin,
      invoiceSeries: draft.invoiceSeries ?? "",
      fssaiLicence: draft.fssaiLicence,
      substitutionMinutes: String(draft.substitutionMinutes),
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: storeFormSchema }),
  });
  const pincodeErrorId = `${fields.pincodes.id}-error`;
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3">
      <input type="hidden" name="intent" value={editing ? "update-store" : "create-store"} />
      {editing ? <input type="hidden" name="id" value={draft.id} /> : null}
      <FormErrors errors={form.errors} />
      <FormField label="Name" errors={fields.name.errors} {...getInputProps(fields.name, { type: "text" })} id={fields.name.id} />
      <FormField label="Address" errors={fields.address.errors} {...getInputProps(fields.address, { type: "text" })} id={fields.address.id} />
      <FormField label="City" errors={fields.city.errors} {...getInputProps(fields.city, { type: "text" })} id={fields.city.id} />
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Opens at" errors={fields.opensAt.errors} {...getInputProps(fields.opensAt, { type: "time" })} id={fields.opensAt.id} />
        <FormField label="Closes at" errors={fields.closesAt.errors} {...getInputProps(fields.closesAt, { type: "time" })} id={fields.closesAt.id} />
      </div>
      <FormField
        label="Delivery minutes"
        errors={fields.baseDeliveryMinutes.errors}
        {...getInputProps(fields.baseDeliveryMinutes, { type: "number" })}
        id={fields.baseDeliveryMinutes.id}
      />
      <FormField
        label="Minutes a shopper has to answer a substitution"
        errors={fields.substitutionMinutes.errors}
        {...getInputProps(fields.substitutionMinutes, { type: "number" })}
        id={fields.substitutionMinutes.id}
      />
      <div className="grid gap-1">
        <label htmlFor={fields.pincodes.id} className="text-sm font-medium">
          Pincodes served
        </label>
        <p id={`${fields.pincodes.id}-hint`} className="text-xs text-neutral-600">
          A list or ranges, e.g. 560001-560103, 560200
        </p>
        <textarea
          {...getTextareaProps(fields.pincodes)}
          rows={3}
          aria-describedby={fields.pincodes.errors?.length ? `${fields.pincodes.id}-hint ${pincodeErrorId}` : `${fields.pincodes.id}-hint`}
          className="rounded-md border border-neutral-300 bg-blue-50/40 px-3 py-2 outline-none focus:border-brand"
        />
        {fields.pincodes.errors?.length ? (
          <p id={pincodeErrorId} className="text-sm text-red-600">
            {fields.pincodes.errors[0]}
          </p>
        ) : null}
      </div>
      <fieldset className="grid gap-3 rounded-md border border-neutral-200 p-3">
        <legend className="px-1 text-sm font-medium">Tax invoice (GST)</legend>
        <FormField label="Legal entity" errors={fields.legalName.errors} {...getInputProps(fields.legalName, { type: "text" })} id={fields.legalName.id} />
        <div className="grid gap-1">
          <label htmlFor={fields.state.id} className="text-sm font-medium">
            State
          </label>
          <select
            {...getSelectProps(fields.state)}
            className="h-10 rounded-md border border-neutral-300 bg-blue-50/40 px-3 outline-none focus:border-brand"
            aria-describedby={fields.state.errors?.length ? `${fields.state.id}-error` : undefined}
          >
            <option value="">Not set</option>
            {GST_STATES.map((s) => (
              <option key={s.code} value={s.name}>
                {s.name} ({s.code})
              </option>
            ))}
          </select>
          {fields.state.errors?.length ? (
            <p id={`${fields.state.id}-error`} className="text-sm text-red-600">
              {fields.state.errors[0]}
            </p>
          ) : null}
        </div>
        <FormField label="GSTIN" errors={fields.gstin.errors} {...getInputProps(fields.gstin, { type: "text" })} id={fields.gstin.id} />
        <FormField
          label="Invoice series (1-3 letters or digits, blank: assigned)"
          errors={fields.invoiceSeries.errors}
          {...getInputProps(fields.invoiceSeries, { type: "text" })}
          id={fields.invoiceSeries.id}
        />
        <FormField
          label="FSSAI licence number"
          errors={fields.fssaiLicence.errors}
          {...getInputProps(fields.fssaiLicence, { type: "text" })}
          inputMode="numeric"
          id={fields.fssaiLicence.id}
        />
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input {...getInputProps(fields.isDefault, { type: "checkbox" })} value="on" />
        Default store (its stock is shown until a shopper chooses a pincode)
      </label>
      <button type="submit" className="h-10 rounded-md bg-brand font-semibold text-white hover:bg-brand-dark">
        {editing ? "Save store" : "Add store"}
      </button>
    </Form>
  );
}
