import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { Form as RemixForm } from "@remix-run/react";
import { notifyRequestSchema } from "~/lib/schemas/store";
import { FormErrors } from "~/components/forms/FormErrors";
import { FormField } from "~/components/forms/FormField";

/** "Tell me when you do": an optional email for a pincode no store serves yet. */
export function StoreNotifyForm({
  Form,
  pincode,
  redirectTo,
  idPrefix,
  lastResult,
}: {
  Form: typeof RemixForm;
  pincode: string;
  redirectTo: string;
  idPrefix: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm({
    id: `${idPrefix}-notify`,
    lastResult,
    constraint: getZodConstraint(notifyRequestSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: notifyRequestSchema }),
  });
  return (
    <Form method="post" action="/location" {...getFormProps(form)} className="grid gap-2">
      <input type="hidden" name="intent" value="notify" />
      <input type="hidden" name="pincode" value={pincode} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormErrors errors={form.errors} />
      <FormField
        label="Email (optional)"
        autoComplete="email"
        errors={fields.email.errors}
        {...getInputProps(fields.email, { type: "email" })}
        id={fields.email.id}
      />
      <button type="submit" className="h-10 rounded-md border border-brand font-semibold text-brand hover:bg-brand hover:text-white">
        Tell me when you do
      </button>
    </Form>
  );
}
