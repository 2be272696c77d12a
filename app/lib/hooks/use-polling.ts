import { useEffect } from "react";
import { useRevalidateWhenIdle } from "./use-revalidate-when-idle";

/**
 * Re-runs the page's loaders every `everyMs` while `active` and the tab is visible, so a shopper
 * watching an order (or an admin watching the board) sees changes without reloading.
 */
export function usePolling(active: boolean, everyMs: number) {
  const revalidate = useRevalidateWhenIdle();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") revalidate();
    }, everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs, revalidate]);
}
