import { useEffect, useRef } from "react";

const THRESHOLD = 0.8;
const THROTTLE_MS = 150;

/** Calls `loadMore` once the page is scrolled past 80% (spec), throttled to 150 ms. */
export function useInfiniteScroll(enabled: boolean, loadMore: () => void) {
  const latest = useRef(loadMore);
  latest.current = loadMore;
  useEffect(() => {
    if (!enabled) return;
    let last = 0;
    let fired = false;
    const check = () => {
      const now = Date.now();
      if (fired || now - last < THROTTLE_MS) return;
      last = now;
      const { scrollY, innerHeight } = window;
      const height = document.documentElement.scrollHeight;
      if ((scrollY + innerHeight) / height >= THRESHOLD) {
        fired = true;
        latest.current();
      }
    };
    window.addEventListener("scroll", check, { passive: true });
    check();
    return () => window.removeEventListener("scroll", check);
  }, [enabled]);
}
