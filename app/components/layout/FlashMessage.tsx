import type { Toast } from "~/server/http/toast.server";

const styles: Record<Toast["type"], string> = {
  success: "border-green-600 bg-green-50 text-green-900",
  error: "border-red-600 bg-red-50 text-red-900",
  message: "border-neutral-400 bg-neutral-50 text-neutral-900",
};

/** The server-rendered flash message; the Toaster takes over its job when JavaScript runs. */
export function FlashMessage({ toast }: { toast: Toast }) {
  return (
    <p role="status" className={`mb-3 rounded-md border-l-4 px-4 py-2 text-sm font-medium ${styles[toast.type]}`}>
      {toast.text}
    </p>
  );
}
