import { useRef } from "react";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { FieldError } from "./FieldError";

const LENGTH = 6;

/**
 * Six single-character boxes (spec: OTP). With JavaScript focus advances as each is filled,
 * Backspace goes back, and pasting the whole code fills every box. Without JavaScript the same six
 * inputs are plain fields; the server joins otp0..otp5.
 */
export function OtpInput({ error }: { error?: string | null }) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const hydrated = useHydrated();
  const fill = (start: number, text: string) => {
    const digits = text
      .replace(/\D/g, "")
      .slice(0, LENGTH - start)
      .split("");
    digits.forEach((d, i) => {
      const box = refs.current[start + i];
      if (box) box.value = d;
    });
    refs.current[Math.min(start + digits.length, LENGTH - 1)]?.focus();
    refs.current[0]?.form?.dispatchEvent(new Event("input", { bubbles: true }));
  };
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Enter OTP</legend>
      <div className="flex gap-2">
        {Array.from({ length: LENGTH }, (_, i) => (
          <input
            key={i}
            ref={(el) => {
              refs.current[i] = el;
            }}
            name={`otp${i}`}
            aria-label={`Digit ${i + 1}`}
            inputMode="numeric"
            autoComplete={i === 0 ? "one-time-code" : "off"}
            pattern="[0-9]"
            maxLength={hydrated ? LENGTH : 1}
            required
            aria-invalid={error ? true : undefined}
            className="h-12 w-11 rounded-md border border-neutral-300 bg-blue-50/40 text-center text-lg font-semibold outline-none focus:border-brand"
            onInput={(e) => {
              const value = e.currentTarget.value;
              if (value.length > 1) fill(i, value);
              else if (/\d/.test(value)) refs.current[i + 1]?.focus();
            }}
            onKeyDown={(e) => {
              if (e.key === "Backspace" && !e.currentTarget.value) refs.current[i - 1]?.focus();
            }}
            onPaste={(e) => {
              e.preventDefault();
              fill(i, e.clipboardData.getData("text"));
            }}
          />
        ))}
      </div>
      <FieldError message={error} />
    </fieldset>
  );
}
