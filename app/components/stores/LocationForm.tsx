import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { Form as RemixForm } from "@remix-run/react";
import type { ActionAnswer } from "~/lib/action-answer";
import { locationSchema } from "~/lib/schemas/store";
import { FormErrors } from "~/components/forms/FormErrors";
import { FormField } from "~/components/forms/FormField";
import { StoreNotifyForm } from "./StoreNotifyForm";

/** What POST /location answers when it does not redirect: a pincode no store serves is not refused (`ok`), it offers the notify form. */
export type LocationActionData = ActionAnswer<{ intent: "choose" | "notify"; unserved: string | null; redirectTo?: string }>;

/**
 * The pincode form of the /location page and of the header's dialog (`Form` is Remix's `Form` or a
 * fetcher's), then, for a pincode no store serves, the message and the "Tell me when you do" form.
 */
export function LocationForm({
  Form,
  actionData,
  redirectTo,
  idPrefix,
  pending = false,
}: {
  Form: typeof RemixForm;
  actionData: LocationActionData | undefined;
  redirectTo: string;
  idPrefix: string;
  pending?: boolean;
}) {
  const [form, fields] = useForm({
    id: `${idPrefix}-pincode`,
    lastResult: actionData?.intent === "choose" ? actionData.result : undefined,
    constraint: getZodConstraint(locationSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: locationSchema }),
  });
  const unserved = actionData?.unserved ?? null;
  return (
    <div className="grid gap-4">
      <Form method="post" action="/location" {...getFormProps(form)} className="grid gap-3">
        <input type="hidden" name="intent" value="choose" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormErrors errors={form.errors} />
        <FormField
          label="Pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="e.g. 560001"
          errors={fields.pincode.errors}
          {...getInputProps(fields.pincode, { type: "text" })}
          id={fields.pincode.id}
        />
        <button
          type="submit"
          disabled={pending}
          className="h-10 rounded-md bg-brand font-semibold text-white hover:bg-brand-dark disabled:cursor-not-allowed disabled:bg-neutral-400"
        >
          {pending ? "Checking…" : "Check delivery"}
        </button>
      </Form>
      {unserved ? (
        <div className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-3">
          <p role="status" className="font-semibold text-amber-900">
            We don&apos;t deliver to {unserved} yet.
          </p>
          <StoreNotifyForm
            Form={Form}
            pincode={unserved}
            redirectTo={redirectTo}
            idPrefix={idPrefix}
            lastResult={actionData?.intent === "notify" ? actionData.result : undefined}
          />
        </div>
      ) : null}
    </div>
  );
}
