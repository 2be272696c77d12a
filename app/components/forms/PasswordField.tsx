import { useState, type InputHTMLAttributes } from "react";
import { useHydrated } from "~/lib/hooks/use-hydrated";

/** A password input with a show/hide toggle (the toggle needs JavaScript, so it appears only then). */
export function PasswordField({ label, errors, id, ...input }: { label: string; errors?: string[]; id: string } & InputHTMLAttributes<HTMLInputElement>) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex h-10 items-center rounded-md border border-neutral-300 bg-blue-50/40 focus-within:border-brand">
        <input
          {...input}
          id={id}
          type={visible ? "text" : "password"}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? errorId : undefined}
          className="h-full w-full bg-transparent px-3 outline-none"
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? "Hide password" : "Show password"}
            aria-pressed={visible}
            className="px-3 text-xs font-medium text-neutral-600"
          >
            {visible ? "Hide" : "Show"}
          </button>
        ) : null}
      </div>
      {errors?.length ? (
        <p id={errorId} className="text-sm text-red-600">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}
