import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { addressSchema, type AddressInput } from "~/lib/schemas/address";
import { FormField } from "~/components/forms/FormField";

interface Props {
  intent: "create-address" | "update-address";
  action?: string;
  addressId?: string;
  defaultValue?: Partial<AddressInput>;
  lastResult?: SubmissionResult<string[]> | null;
  redirectTo?: string;
}

const FIELDS: { name: keyof AddressInput; label: string; autoComplete: string; inputMode?: "numeric" | "tel" }[] = [
  { name: "address_line", label: "Address Line", autoComplete: "street-address" },
  { name: "city", label: "City", autoComplete: "address-level2" },
  { name: "state", label: "State", autoComplete: "address-level1" },
  { name: "pincode", label: "Pincode", autoComplete: "postal-code", inputMode: "numeric" },
  { name: "country", label: "Country", autoComplete: "country-name" },
  { name: "mobile", label: "Mobile No.", autoComplete: "tel-national", inputMode: "tel" },
];

/** Add/edit address form (all six fields required); validated by the same schema on the server. */
export function AddressForm({ intent, action, addressId, defaultValue, lastResult, redirectTo }: Props) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `address-${addressId ?? "new"}`,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(addressSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addressSchema }),
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="grid gap-3">
      <input type="hidden" name="intent" value={intent} />
      {addressId ? <input type="hidden" name="_id" value={addressId} /> : null}
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {form.errors?.length ? (
        <p role="alert" className="text-sm text-red-600">
          {form.errors[0]}
        </p>
      ) : null}
      {FIELDS.map((f) => (
        <FormField
          label={f.label}
          autoComplete={f.autoComplete}
          inputMode={f.inputMode}
          errors={fields[f.name].errors}
          {...getInputProps(fields[f.name], { type: "text" })}
          key={f.name}
          id={fields[f.name].id}
        />
      ))}
      <button type="submit" disabled={busy} className="mt-2 h-10 rounded-md bg-brand font-semibold text-white hover:bg-brand-dark disabled:opacity-60">
        {busy ? "Saving…" : "Submit"}
      </button>
    </Form>
  );
}
