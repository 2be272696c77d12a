import { lazy, Suspense } from "react";
import { useHydrated } from "~/lib/hooks/use-hydrated";

/**
 * Push needs JavaScript, a service worker and the browser's Push API, and draws nothing until it
 * knows it has them: its code (OrderPushControls) is a chunk of its own, fetched only in a browser
 * that has push, so the order page does not ship it with its first scripts (client JS budget,
 * decision 051).
 */
const OrderPushControls = lazy(() => import("~/components/orders/OrderPushControls").then((module) => ({ default: module.OrderPushControls })));

const canPush = () => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

export function OrderPushToggle({ publicKey }: { publicKey: string | null }) {
  const hydrated = useHydrated();
  if (!publicKey || !hydrated || !canPush()) return null;
  return (
    <Suspense fallback={null}>
      <OrderPushControls publicKey={publicKey} />
    </Suspense>
  );
}
