import { Link } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";

/**
 * A modal driven by the URL (`?dialog=...`): the server renders it open, so it works without
 * JavaScript; closing is a link back to `closeTo`. With JavaScript, focus moves into it and Escape closes.
 */
export function Dialog({ title, closeTo, children }: { title: string; closeTo: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const first = ref.current?.querySelector<HTMLElement>("input, select, textarea, button");
    first?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") closeRef.current?.click();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-3">
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby="dialog-title"
        className="max-h-[90vh] w-full max-w-lg overflow-y-auto rounded-lg bg-white p-5 shadow-xl"
      >
        <div className="mb-4 flex items-center justify-between">
          <h2 id="dialog-title" className="text-lg font-semibold">
            {title}
          </h2>
          <Link ref={closeRef} to={closeTo} replace preventScrollReset aria-label="Close" className="rounded p-1 text-xl leading-none hover:bg-neutral-100">
            ×
          </Link>
        </div>
        {children}
      </div>
    </div>
  );
}
