/** Form-level errors (not tied to one field), announced to screen readers. */
export function FormErrors({ errors }: { errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <div role="alert" className="rounded-md border-l-4 border-red-600 bg-red-50 px-3 py-2 text-sm text-red-800">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}
