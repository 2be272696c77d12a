/** A form field's error, announced when it appears (nothing when there is none). */
export function FieldError({ message }: { message?: string | null }) {
  return message ? (
    <p role="alert" className="text-sm text-red-600">
      {message}
    </p>
  ) : null;
}
