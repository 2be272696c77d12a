import { useNavigation } from "@remix-run/react";
import type { ButtonHTMLAttributes } from "react";

/** A submit button that shows a pending label while its form is submitting. */
export function SubmitButton({ children, pendingText, disabled, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { pendingText?: string }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  return (
    <button
      type="submit"
      {...props}
      disabled={disabled || pending}
      className="mt-2 h-10 w-full rounded-md bg-brand font-semibold text-white hover:bg-brand-dark disabled:cursor-not-allowed disabled:bg-neutral-400"
    >
      {pending && pendingText ? pendingText : children}
    </button>
  );
}
