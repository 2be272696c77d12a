/** A fieldset of checkboxes sending the ticked ids under `name` (a coupon's categories or stores). */
export function ScopeChecklist({
  name,
  legend,
  options,
  checked,
  error,
}: {
  name: string;
  legend: string;
  options: { id: string; name: string }[];
  checked: string[];
  /** The field's error message, if any. */
  error?: string;
}) {
  return (
    <fieldset className="grid gap-1 text-sm">
      <legend className="font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-3">
        {options.map((option) => (
          <label key={option.id} className="flex items-center gap-1">
            <input type="checkbox" name={name} value={option.id} defaultChecked={checked.includes(option.id)} /> {option.name}
          </label>
        ))}
      </div>
      {error ? (
        <span id={`${name}-error`} className="text-xs text-red-700">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
