import { useFetcher, useLocation, useSubmit } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { applyCartIntent, cartFetcherKey, usePendingCartIntents } from "~/lib/hooks/use-cart";
import { CartControlsContext, type CartControls } from "~/lib/hooks/use-cart-controls";
import { answerMessage, type ActionAnswer } from "~/lib/action-answer";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { useLoadedRootCart } from "~/lib/hooks/use-root-cart";
import { CART_INTENTS, cartFormId } from "./CartQuantityControl";
import { NOTIFY_CARD_FORM } from "~/components/notify/NotifyMeForm";
import { useToast } from "~/components/layout/Toaster";

type CartActionData = ActionAnswer<{ quantity?: number }>;

/** Marks the page's cart forms, the ones CartController sends through fetchers. */
const CART_FORM_ATTRIBUTE = "data-cart-form";

/**
 * The page's one cart controller. It renders the page's cart forms, one per intent (hidden: the
 * intent and the way back); every cart button (CartQuantityControl, no hooks) submits one of them
 * with its product id. Once hydrated, one delegated `submit` listener sends each through its
 * product's fetcher (`cart:<id>`, js=1), so the quantity changes at once (optimistic, from the
 * pending fetchers), fast clicks settle on the last one, and the result shows as a toast. Before
 * hydration, or without JavaScript, the forms post to /cart and come back with a flash.
 */
export function CartController({ children }: { children: ReactNode }) {
  const cart = useLoadedRootCart();
  const intents = usePendingCartIntents();
  const location = useLocation();
  const hydrated = useHydrated();
  const submit = useSubmit();
  // Products sent at least once: each gets a watcher that turns its fetcher's result into a toast.
  const [sent, setSent] = useState<string[]>([]);

  useEffect(() => {
    function onSubmit(event: SubmitEvent) {
      const form = event.target;
      if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !form.hasAttribute(CART_FORM_ATTRIBUTE)) return;
      event.preventDefault();
      const body = new FormData(form, event.submitter);
      body.set("js", "1");
      const fetcherKey = cartFetcherKey(String(body.get("productId") ?? ""));
      setSent((keys) => (keys.includes(fetcherKey) ? keys : [...keys, fetcherKey]));
      submit(body, { method: "post", action: "/cart", navigate: false, fetcherKey });
    }
    document.addEventListener("submit", onSubmit);
    return () => document.removeEventListener("submit", onSubmit);
  }, [submit]);

  // A new value (and a re-render of the cards) only when something a control shows has changed,
  // not on every router update: `intents` is a new Map each render, its content is the signature.
  const pendingSignature = [...intents].map(([id, intent]) => `${id}=${intent}`).join("&");
  const quantities = useMemo(() => new Map(cart.lines.map((line) => [line.productId, line.quantity])), [cart]);
  const controls = useMemo<CartControls>(
    () => ({
      quantityOf: (productId, stock) => applyCartIntent(quantities.get(productId) ?? 0, intents.get(productId), stock),
      redirectTo: location.pathname + location.search,
      hydrated,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `intents` is a new Map every render; `pendingSignature` is its content
    [quantities, pendingSignature, location.pathname, location.search, hydrated],
  );

  return (
    <CartControlsContext.Provider value={controls}>
      {children}
      {CART_INTENTS.map((intent) => (
        <form key={intent} id={cartFormId(intent)} method="post" action="/cart" hidden {...{ [CART_FORM_ATTRIBUTE]: "" }}>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="redirectTo" value={controls.redirectTo} />
        </form>
      ))}
      {/* Out-of-stock cards' "Notify me" buttons submit this one form (decision 032): no form per card. */}
      <form id={NOTIFY_CARD_FORM} method="post" action="/notify" hidden>
        <input type="hidden" name="intent" value="notify-me" />
        <input type="hidden" name="redirectTo" value={controls.redirectTo} />
      </form>
      {sent.map((key) => (
        <CartResultToast key={key} fetcherKey={key} />
      ))}
    </CartControlsContext.Provider>
  );
}

/** Shows each result of one product's cart fetcher once, as a toast. */
function CartResultToast({ fetcherKey }: { fetcherKey: string }) {
  const fetcher = useFetcher<CartActionData>({ key: fetcherKey });
  const toast = useToast();
  const shown = useRef<CartActionData | null>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && shown.current !== fetcher.data) {
      shown.current = fetcher.data;
      toast({ type: fetcher.data.ok ? "success" : "error", text: answerMessage(fetcher.data) ?? "" });
    }
  }, [fetcher.state, fetcher.data, toast]);
  return null;
}
