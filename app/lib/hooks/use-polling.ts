import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/**
 * Re-runs the page's loaders every `everyMs` while `active` and the tab is visible, so a shopper
 * watching an order (or an admin watching the board) sees changes without reloading.
 */
export function usePolling(active: boolean, everyMs: number) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && state === "idle") revalidate();
    }, everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs, revalidate, state]);
}
