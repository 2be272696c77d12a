import { useHydrated } from "~/lib/hooks/use-hydrated";
import type { Toast } from "~/server/http/toast.server";
import { FlashMessage } from "./FlashMessage";
import { ShowServerToast } from "./Toaster";

/**
 * The root loader's flashes: messages in the page until it is hydrated, toasts from then on. A
 * component of its own so that becoming hydrated re-renders it alone, not the whole layout.
 */
export function ServerFlashes({ flashes }: { flashes: Toast[] }) {
  const hydrated = useHydrated();
  return (
    <>
      {hydrated ? null : flashes.map((flash) => <FlashMessage key={flash.id} toast={flash} />)}
      {flashes.map((flash) => (
        <ShowServerToast key={flash.id} toast={flash} />
      ))}
    </>
  );
}
