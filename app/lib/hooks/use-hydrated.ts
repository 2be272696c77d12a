import { startTransition, useEffect, useState } from "react";

/**
 * False during the server render and the first client render, true once hydrated. The change is a
 * transition: React 18 renders an effect's ordinary update in one piece, and the cart controls
 * carry this flag to every card (84 on home), so a plain update blocked a phone's main thread for
 * ~100 ms right after hydration; as a transition it is rendered in slices between other work.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
