import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/lib/hooks/use-hydrated";

/** A short two-note chime from an oscillator: no audio file to fetch or cache. */
function chime(audio: AudioContext) {
  const t = audio.currentTime;
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.type = "sine";
  osc.frequency.setValueAtTime(880, t);
  osc.frequency.setValueAtTime(1320, t + 0.15);
  gain.gain.setValueAtTime(0.0001, t);
  gain.gain.exponentialRampToValueAtTime(0.3, t + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.4);
  osc.connect(gain).connect(audio.destination);
  osc.start(t);
  osc.stop(t + 0.45);
}

/**
 * Calls the picker when an order joins the queue (the live channel revalidates the page, so a new id
 * shows up in `orderIds`): the document title counts the open orders not yet seen, "(2) Queue: …",
 * until the staff member is back on the page (it gains focus or becomes visible, or they tap or type),
 * and a chime plays once they have turned the sound on (browsers start audio only after a gesture).
 * Without JavaScript this renders nothing: the queue page refreshes itself instead.
 */
export function NewOrderSignal({ orderIds, title }: { orderIds: string[]; title: string }) {
  const hydrated = useHydrated();
  // The ids on screen when the staff member last looked; the unseen ones are derived from it.
  const [looked, setLooked] = useState(() => new Set(orderIds));
  const unseen = orderIds.filter((id) => !looked.has(id)).length;
  const [soundOn, setSoundOn] = useState(false);
  const audio = useRef<AudioContext | null>(null);
  const latest = useRef(orderIds);
  const heard = useRef(new Set(orderIds));

  const idsKey = orderIds.join(",");
  useEffect(() => {
    latest.current = orderIds;
    const fresh = orderIds.filter((id) => !heard.current.has(id));
    for (const id of fresh) heard.current.add(id);
    if (fresh.length && audio.current?.state === "running") chime(audio.current);
    // orderIds is read through its key: a revalidation with the same ids is no change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [idsKey]);

  useEffect(() => {
    const look = () => {
      if (document.visibilityState === "visible") setLooked(new Set(latest.current));
    };
    window.addEventListener("focus", look);
    document.addEventListener("visibilitychange", look);
    window.addEventListener("pointerdown", look);
    window.addEventListener("keydown", look);
    return () => {
      window.removeEventListener("focus", look);
      document.removeEventListener("visibilitychange", look);
      window.removeEventListener("pointerdown", look);
      window.removeEventListener("keydown", look);
    };
  }, []);

  // After every render: <Meta> owns the <title> element but writes it only when the route's title changes.
  useEffect(() => {
    document.title = unseen ? `(${unseen}) ${title}` : title;
  });

  useEffect(() => () => void audio.current?.close(), []);

  const toggleSound = async () => {
    if (audio.current) {
      const old = audio.current;
      audio.current = null;
      setSoundOn(false);
      await old.close();
      return;
    }
    const next = new AudioContext();
    audio.current = next;
    await next.resume();
    setSoundOn(true);
  };

  if (!hydrated) return null;
  return (
    <button
      type="button"
      aria-pressed={soundOn}
      onClick={() => void toggleSound()}
      className={`rounded border px-3 py-1 text-sm ${soundOn ? "border-brand bg-brand text-white" : "border-neutral-300 hover:bg-neutral-100"}`}
    >
      Sound on
    </button>
  );
}
