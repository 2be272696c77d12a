import { useEffect, useState } from "react";

/**
 * "Notify me when my order moves" (decision 037): Web Push for this browser, asked for only when
 * the shopper presses the button, never on load. Push needs JavaScript and a service worker, so
 * nothing is drawn until the browser has shown it can (and never without JavaScript). Loaded by
 * OrderPushToggle only in a browser that has push.
 */
type State = "hidden" | "off" | "on" | "denied" | "busy";

const bytesOf = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

function sameKey(key: ArrayBuffer | null | undefined, publicKey: string) {
  if (!key) return false;
  const a = new Uint8Array(key);
  const b = bytesOf(publicKey);
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

async function post(path: string, body: unknown) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  const json = (await response.json().catch(() => null)) as { message?: string } | null;
  return { status: response.status, ok: response.ok, message: json?.message ?? "" };
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  // No service worker registered (yet): there is nothing to receive a push.
  if (!(await navigator.serviceWorker.getRegistration())) return null;
  return navigator.serviceWorker.ready;
}

export function OrderPushControls({ publicKey }: { publicKey: string }) {
  const [state, setState] = useState<State>("hidden");
  const [note, setNote] = useState("");

  useEffect(() => {
    let live = true;
    registration()
      .then(async (reg) => {
        if (!live || !reg) return;
        if (Notification.permission === "denied") return setState("denied");
        const subscription = await reg.pushManager.getSubscription();
        if (live) setState(subscription && sameKey(subscription.options.applicationServerKey, publicKey) ? "on" : "off");
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [publicKey]);

  if (state === "hidden") return null;

  async function turnOn(key: string) {
    setState("busy");
    setNote("");
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setState(permission === "denied" ? "denied" : "off");
        return;
      }
      const reg = await navigator.serviceWorker.ready;
      const subscribe = () => reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytesOf(key) });
      let subscription = await reg.pushManager.getSubscription();
      if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await subscribe();
      let answer = await post("/api/push/subscribe", subscription.toJSON());
      if (answer.status === 409) {
        // This browser's subscription belongs to another account: a fresh one is this shopper's.
        await subscription.unsubscribe();
        subscription = await subscribe();
        answer = await post("/api/push/subscribe", subscription.toJSON());
      }
      if (!answer.ok) throw new Error(answer.message || "Could not turn notifications on");
      setState("on");
      setNote("Done: this device will tell you when your order moves.");
    } catch (error) {
      setState("off");
      setNote(error instanceof Error && error.message ? error.message : "Could not turn notifications on");
    }
  }

  async function turnOff() {
    setState("busy");
    setNote("");
    try {
      const reg = await navigator.serviceWorker.ready;
      const subscription = await reg.pushManager.getSubscription();
      if (subscription) {
        await post("/api/push/unsubscribe", { endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      setState("off");
      setNote("Notifications for your orders are off on this device.");
    } catch {
      setState("on");
      setNote("Could not turn notifications off: try again");
    }
  }

  const button = "min-h-11 rounded-md px-3 py-2 text-sm font-semibold disabled:cursor-wait disabled:opacity-60";
  return (
    <div className="grid gap-1 text-sm" data-testid="order-push">
      {state === "denied" ? (
        <p className="text-neutral-700">
          Notifications are blocked for this site: allow them in your browser&apos;s settings to be told when your order moves.
        </p>
      ) : state === "on" ? (
        <button type="button" className={`${button} justify-self-start border border-neutral-400 bg-white text-neutral-800`} onClick={turnOff}>
          Stop notifications about my orders
        </button>
      ) : (
        <button
          type="button"
          className={`${button} justify-self-start bg-brand text-white hover:bg-brand-dark`}
          disabled={state === "busy"}
          onClick={() => turnOn(publicKey)}
        >
          Notify me when my order moves
        </button>
      )}
      <p aria-live="polite" className="text-xs text-neutral-600">
        {note}
      </p>
    </div>
  );
}
