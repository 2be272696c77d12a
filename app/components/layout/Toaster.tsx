import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import type { Toast } from "~/server/http/toast.server";

/** Spec: success 2 s, error 4 s, plain 4 s; at most 20 shown. */
const LIFETIME_MS: Record<Toast["type"], number> = { success: 2000, error: 4000, message: 4000 };
const MAX_TOASTS = 20;
const GAP_BELOW_HEADER_PX = 8;

type Show = (toast: Omit<Toast, "id"> & { id?: string }) => void;
const ToastContext = createContext<Show>(() => {});

/** Shows a toast from client code (fetcher results). */
export function useToast() {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: string) => {
    setToasts((all) => all.filter((t) => t.id !== id));
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
  }, []);

  const region = useRef<HTMLDivElement>(null);
  const show = useCallback<Show>(
    (toast) => {
      // The first toast of a batch goes just below where the header ends now (its height differs by
      // screen size and scroll): toasts never cover the logo, the search or the cart.
      const header = document.getElementById("site-header");
      if (header && region.current && !region.current.childElementCount)
        region.current.style.top = `${Math.max(0, header.getBoundingClientRect().bottom) + GAP_BELOW_HEADER_PX}px`;
      const id = toast.id ?? crypto.randomUUID();
      setToasts((all) => (all.some((t) => t.id === id) ? all : [...all, { ...toast, id }].slice(-MAX_TOASTS)));
      if (!timers.current.has(id))
        timers.current.set(
          id,
          setTimeout(() => dismiss(id), LIFETIME_MS[toast.type]),
        );
    },
    [dismiss],
  );

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div ref={region} aria-live="polite" className="pointer-events-none fixed inset-x-0 top-3 z-[100] flex flex-col items-center gap-2 px-3">
        {toasts.map((t) => (
          <div
            key={t.id}
            role="status"
            data-toast={t.type}
            className={`pointer-events-auto flex max-w-sm items-center gap-3 rounded-lg px-4 py-2 text-sm font-medium text-white shadow-lg ${
              t.type === "error" ? "bg-red-600" : t.type === "success" ? "bg-green-700" : "bg-neutral-800"
            }`}
          >
            <span>{t.text}</span>
            <button
              type="button"
              onClick={() => dismiss(t.id)}
              aria-label="Dismiss"
              className="-my-2 -mr-3 flex h-11 w-11 shrink-0 items-center justify-center opacity-80 hover:opacity-100"
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** Turns a server flash (already rendered as text) into a toast once hydrated. */
export function ShowServerToast({ toast }: { toast: Toast | null }) {
  const show = useToast();
  useEffect(() => {
    if (toast) show(toast);
  }, [toast, show]);
  return null;
}
