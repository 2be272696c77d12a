import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { ActionAnswer } from "~/lib/action-answer";
import { useHydrated } from "~/lib/hooks/use-hydrated";

type Phase = "idle" | "starting" | "scanning" | "failed";

/**
 * The camera scan of one pick line (decision 042), with JavaScript only (the typed code is the
 * no-JS path): the back camera in a preview, read a few times a second by a BarcodeDetector (the
 * browser's, else the ZXing WebAssembly ponyfill, both loaded on the first tap), and the first code
 * read is posted as the line's confirmation. A wrong item's refusal ("This is X, not Y") shows here
 * at once; a confirmed one reloads the page's counts.
 */
export function ScanButton({ productId, name }: { productId: string; name: string }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<ActionAnswer>();
  const [phase, setPhase] = useState<Phase>("idle");
  const [problem, setProblem] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const stop = useRef<() => void>(() => {});

  useEffect(() => () => stop.current(), []);

  if (!hydrated) return null;

  async function start() {
    setProblem(null);
    setPhase("starting");
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    stop.current = () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
      setPhase((now) => (now === "failed" ? now : "idle"));
    };
    try {
      const [{ createBarcodeDetector }, media] = await Promise.all([
        import("~/lib/barcode-detector.client"),
        navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false }),
      ]);
      stream = media;
      const { detector } = await createBarcodeDetector();
      if (stopped || !video.current) return stop.current();
      video.current.srcObject = stream;
      await video.current.play();
      setPhase("scanning");
      const tick = async () => {
        if (stopped || !video.current) return;
        const codes = await detector.detect(video.current).catch(() => []);
        const code = codes.find((c) => /^[0-9]{12,13}$/.test(c.rawValue))?.rawValue;
        if (code) {
          stop.current();
          fetcher.submit({ intent: "confirm", method: "scan", productId, code }, { method: "post" });
          return;
        }
        timer = setTimeout(tick, 150);
      };
      void tick();
    } catch (error) {
      stop.current();
      setPhase("failed");
      setProblem(
        error instanceof DOMException && error.name === "NotAllowedError"
          ? "Allow the camera to scan, or type the code below"
          : "The camera could not start: type the code below",
      );
    }
  }

  const refusal = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error.message : null;
  const busy = phase === "starting" || phase === "scanning" || fetcher.state !== "idle";
  return (
    <div className="grid gap-2">
      <video
        ref={video}
        muted
        playsInline
        width={320}
        height={240}
        aria-label={`Camera for ${name}`}
        className={phase === "scanning" || phase === "starting" ? "aspect-[4/3] w-full rounded-md bg-black object-cover" : "hidden"}
      />
      {phase === "scanning" || phase === "starting" ? (
        <button type="button" onClick={() => stop.current()} className="h-11 rounded-md border border-neutral-400 px-4 font-semibold">
          {phase === "starting" ? "Starting the camera…" : "Stop scanning"}
        </button>
      ) : (
        <button
          type="button"
          onClick={() => void start()}
          aria-label={`Scan ${name} with the camera`}
          disabled={busy}
          className="h-12 rounded-md bg-brand px-4 text-base font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
        >
          {fetcher.state !== "idle" ? "Checking…" : "Scan with camera"}
        </button>
      )}
      {refusal || problem ? (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm font-semibold text-red-800" data-testid="scan-refusal">
          {refusal ?? problem}
        </p>
      ) : null}
    </div>
  );
}
