import { Form, Link } from "@remix-run/react";
import { Dialog } from "../forms/Dialog";

/** The confirm dialog (URL-driven): Cancel is a link back, the confirm button posts the delete intent. */
export function ConfirmDelete({
  title,
  text,
  intent,
  id,
  confirmLabel,
  closeTo = ".",
}: {
  title: string;
  text: string;
  intent: string;
  id: string;
  confirmLabel: string;
  closeTo?: string;
}) {
  return (
    <Dialog title={title} closeTo={closeTo}>
      <p className="mb-4">{text}</p>
      <Form method="post" className="flex justify-end gap-3">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        <Link to={closeTo} replace className="rounded border border-red-500 px-4 py-1 text-red-600 hover:bg-red-500 hover:text-white">
          Cancel
        </Link>
        <button type="submit" className="rounded border border-green-600 px-4 py-1 text-green-700 hover:bg-green-600 hover:text-white">
          {confirmLabel}
        </button>
      </Form>
    </Dialog>
  );
}
