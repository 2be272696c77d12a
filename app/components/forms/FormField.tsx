import type { InputHTMLAttributes } from "react";

/** A labelled input with its error message linked for screen readers. */
export function FormField({ label, errors, ...input }: { label: string; errors?: string[] } & InputHTMLAttributes<HTMLInputElement> & { id: string }) {
  const errorId = `${input.id}-error`;
  return (
    <div className="grid gap-1">
      <label htmlFor={input.id} className="text-sm font-medium">
        {label}
      </label>
      <input
        {...input}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
        className="h-10 rounded-md border border-neutral-300 bg-blue-50/40 px-3 outline-none focus:border-brand"
      />
      {errors?.length ? (
        <p id={errorId} className="text-sm text-red-600">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}
