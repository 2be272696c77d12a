import { Form } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { FormField } from "../forms/FormField";
import { SubmitButton } from "../forms/SubmitButton";
import { ImageField } from "./ImageField";

export interface CategoryDraft {
  id?: string;
  name: string;
  image: string;
  categories?: string[];
}

/**
 * Add/edit form for categories and sub-categories (multipart: the image uploads with the form).
 * With JavaScript the upload stays disabled until a name is typed (spec).
 */
export function CategoryForm({
  intent,
  draft,
  errors = {},
  submitLabel,
  categoryOptions,
  repickImage = false,
}: {
  intent: string;
  draft: CategoryDraft;
  errors?: Record<string, string>;
  submitLabel: string;
  categoryOptions?: { id: string; name: string }[];
  /** The form came back and the new image it carried was not kept. */
  repickImage?: boolean;
}) {
  const hydrated = useHydrated();
  const [name, setName] = useState(draft.name);
  return (
    <Form method="post" encType="multipart/form-data" className="grid gap-3">
      <input type="hidden" name="intent" value={intent} />
      {draft.id ? <input type="hidden" name="id" value={draft.id} /> : null}
      {errors._ ? (
        <p role="alert" className="text-sm text-red-600">
          {errors._}
        </p>
      ) : null}
      <FormField
        id="category-name"
        label="Name"
        name="name"
        defaultValue={draft.name}
        required
        maxLength={120}
        errors={errors.name ? [errors.name] : undefined}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <ImageField label="Image" images={draft.image ? [draft.image] : []} error={errors.image} disabled={hydrated && !name.trim()} repick={repickImage} />
      {categoryOptions ? (
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium">Select Category</legend>
          <div className="flex flex-wrap gap-2">
            {categoryOptions.map((c) => (
              <label
                key={c.id}
                className="flex cursor-pointer items-center gap-1 rounded-full border border-neutral-300 px-3 py-1 text-sm has-[:checked]:border-brand has-[:checked]:bg-green-50"
              >
                <input type="checkbox" name="category" value={c.id} defaultChecked={draft.categories?.includes(c.id)} />
                {c.name}
              </label>
            ))}
          </div>
          {errors.category ? (
            <p role="alert" className="text-sm text-red-600">
              {errors.category}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <SubmitButton pendingText="Loading...">{submitLabel}</SubmitButton>
    </Form>
  );
}
