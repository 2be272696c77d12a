import { useEffect, useState } from "react";

/**
 * The current time, ticking every `everyMs` once hydrated. It starts from the server's `now`, so
 * the first client render matches the server-rendered text exactly.
 */
export function useNow(serverNow: number, everyMs = 1000): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
