import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";

/**
 * `revalidate()` that waits while a navigation, a fetcher or a revalidation is under way, then runs
 * once. Called during the loads that follow a form's action, Remix's `revalidate()` aborts them and
 * loads again; by then the server has answered the first load, whose root loader read (and cleared)
 * the action's one-time toast cookie, so the toast went with the answer the page threw away. Once
 * everything is idle the page reloads its data, so a change announced meanwhile is still shown.
 */
export function useRevalidateWhenIdle() {
  const { revalidate, state } = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = state !== "idle" || navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  const busyNow = useRef(busy);
  busyNow.current = busy;
  const owed = useRef(false);
  useEffect(() => {
    if (busy || !owed.current) return;
    owed.current = false;
    revalidate();
  }, [busy, revalidate]);
  return useCallback(() => {
    if (busyNow.current) owed.current = true;
    else revalidate();
  }, [revalidate]);
}
