import { Form } from "@remix-run/react";

/** Admins only: mark the order delivered without its code, with the reason recorded in its history. */
export function OverrideForm() {
  return (
    <Form method="post" className="grid gap-2 text-sm" aria-labelledby="override-title">
      <h2 id="override-title" className="font-semibold">
        Admin override
      </h2>
      <input type="hidden" name="intent" value="override" />
      <label className="grid gap-1">
        <span>Why is it delivered without the code?</span>
        <input name="reason" required minLength={3} maxLength={300} className="h-9 rounded border border-neutral-300 px-2" />
      </label>
      <button type="submit" className="h-10 rounded-md border border-red-600 px-4 font-semibold text-red-700 hover:bg-red-50">
        Mark delivered without the code
      </button>
    </Form>
  );
}
