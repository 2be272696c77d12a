import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

const TONES = {
  primary: "bg-brand text-white hover:bg-brand-dark",
  danger: "border border-red-600 text-red-700 hover:bg-red-50",
  plain: "border border-neutral-300 hover:bg-neutral-100",
} as const;

/**
 * One button in its own POST form with hidden fields: a plain form submission without JavaScript,
 * a client-side submission with a pending label (for this form only) with it.
 */
export function IntentButton({
  fields,
  action,
  children,
  pendingText,
  tone = "plain",
  label,
}: {
  fields: Record<string, string>;
  action?: string;
  children: ReactNode;
  pendingText: string;
  tone?: keyof typeof TONES;
  /** An accessible name when the visible text is not enough on its own. */
  label?: string;
}) {
  const navigation = useNavigation();
  const submitted = navigation.formData;
  const pending = Boolean(submitted && Object.entries(fields).every(([name, value]) => submitted.get(name) === value));
  return (
    <Form method="post" action={action} preventScrollReset>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        aria-label={label}
        disabled={pending}
        className={`rounded-md px-3 py-1.5 text-sm font-semibold disabled:cursor-wait disabled:opacity-60 ${TONES[tone]}`}
      >
        {pending ? pendingText : children}
      </button>
    </Form>
  );
}
