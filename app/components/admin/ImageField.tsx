import { useHydrated } from "~/lib/hooks/use-hydrated";
import { FieldError } from "../forms/FieldError";

const REPICK_IMAGES = "Choose the new images again: images are uploaded only when the form is saved.";

/**
 * Current images (kept as hidden URLs, each with a Remove checkbox) plus a file input for more.
 * New files are stored only when the form is saved and valid. When the form comes back
 * (`repick`), a page without JavaScript has lost the chosen files and says so; with JavaScript
 * the form stays mounted and the picker still holds them.
 */
export function ImageField({
  label,
  images,
  multiple = false,
  error,
  disabled = false,
  repick = false,
}: {
  label: string;
  images: string[];
  multiple?: boolean;
  error?: string;
  disabled?: boolean;
  repick?: boolean;
}) {
  const hydrated = useHydrated();
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium">{label}</legend>
      {images.length ? (
        <ul className="flex flex-wrap gap-2">
          {images.map((url) => (
            <li key={url} className="grid justify-items-center gap-1 rounded border border-neutral-200 p-1 text-xs">
              <a href={url} target="_blank" rel="noreferrer" aria-label="Preview image">
                <img src={url} alt="" width={64} height={64} className="h-16 w-16 object-scale-down" />
              </a>
              <input type="hidden" name="image" value={url} />
              {multiple ? (
                <label className="flex items-center gap-1">
                  <input type="checkbox" name="removeImage" value={url} /> Remove
                </label>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <label className="grid gap-1 text-xs text-neutral-600">
        {images.length && !multiple ? "Replace image" : multiple ? "Add images" : "Upload image"}
        <input
          name="newImage"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          multiple={multiple}
          disabled={disabled}
          className="text-sm text-neutral-900 disabled:opacity-50"
        />
      </label>
      <FieldError message={error} />
      {repick && !hydrated ? (
        <p role="alert" className="text-sm text-amber-700">
          {REPICK_IMAGES}
        </p>
      ) : null}
    </fieldset>
  );
}
