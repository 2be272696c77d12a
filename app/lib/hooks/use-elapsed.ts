import { useEffect, useState } from "react";

/**
 * Milliseconds since the page's data was read (`serverNow` changes with each read), ticking every
 * second once hydrated: a countdown is `deadline - serverNow - elapsed`, so it never depends on
 * the phone's clock agreeing with the server's. The server render (and the first client render)
 * say 0, so both match.
 */
export function useElapsed(serverNow: number): number {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const start = Date.now();
    setElapsed(0);
    const timer = setInterval(() => setElapsed(Date.now() - start), 1000);
    return () => clearInterval(timer);
  }, [serverNow]);
  return elapsed;
}

/** m:ss of a duration in milliseconds (0:00 once past). */
export function minutesAndSeconds(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
