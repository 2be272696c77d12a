import { useEffect, useRef } from "react";

const THRESHOLD = 0.8;
const THROTTLE_MS = 150;

/** The little of `window` the watcher reads, so it can be tested without a browser. */
export type ScrollView = Pick<Window, "addEventListener" | "removeEventListener" | "scrollY" | "innerHeight"> & {
  document: { documentElement: { scrollHeight: number } };
};

/**
 * Calls `onReach` once `view` is scrolled past 80% (spec), checking at most every 150 ms. The
 * throttle keeps a trailing check, so a single quick flick that ends inside the window still
 * loads. Returns the clean-up.
 */
export function watchScroll(view: ScrollView, onReach: () => void): () => void {
  let last = -Infinity;
  let fired = false;
  let trailing: ReturnType<typeof setTimeout> | undefined;
  const measure = () => {
    if (fired) return;
    last = Date.now();
    const height = view.document.documentElement.scrollHeight;
    if ((view.scrollY + view.innerHeight) / height >= THRESHOLD) {
      fired = true;
      onReach();
    }
  };
  const onScroll = () => {
    const wait = THROTTLE_MS - (Date.now() - last);
    if (wait <= 0) return measure();
    trailing ??= setTimeout(() => {
      trailing = undefined;
      measure();
    }, wait);
  };
  view.addEventListener("scroll", onScroll, { passive: true });
  measure();
  return () => {
    view.removeEventListener("scroll", onScroll);
    clearTimeout(trailing);
  };
}

/** React binding for `watchScroll` on the window; `loadMore` may change between renders. */
export function useInfiniteScroll(enabled: boolean, loadMore: () => void) {
  const latest = useRef(loadMore);
  latest.current = loadMore;
  useEffect(() => {
    if (!enabled) return;
    return watchScroll(window, () => latest.current());
  }, [enabled]);
}
