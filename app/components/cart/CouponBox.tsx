import { useFetcher } from "@remix-run/react";
import { answerMessage, type ActionAnswer } from "~/lib/action-answer";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { formatINR } from "~/lib/money";

export interface CouponBoxProps {
  /** The applied code (kept in the bill cookie), its discount now, or why it does not apply. */
  code: string | null;
  discount: number;
  reason: string | null;
  offers: { code: string; offer: string; applies: boolean; discount: number; reason: string | null }[];
  /** Where the no-JS form comes back to. */
  redirectTo: string;
}

/**
 * Apply a coupon code (cart and checkout, decision 030): plain forms posting to /coupon (303 back
 * without JavaScript); with it, one fetcher sends them and the page's loaders re-run, so the bill
 * updates in place. "Available offers" lists the live codes and whether each applies to this cart.
 */
export function CouponBox({ code, discount, reason, offers, redirectTo }: CouponBoxProps) {
  const fetcher = useFetcher<ActionAnswer>({ key: "coupon" });
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle";
  const hidden = (
    <>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
    </>
  );
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <section aria-labelledby="coupon-title" className="grid gap-2 rounded-lg bg-white p-4 text-sm">
      <h2 id="coupon-title" className="font-semibold">
        Coupon
      </h2>
      {code ? (
        <fetcher.Form method="post" action="/coupon" className="flex items-center justify-between gap-2">
          {hidden}
          <p>
            <strong data-testid="applied-coupon">{code}</strong>{" "}
            {reason ? (
              <span className="text-red-700" data-testid="coupon-reason">
                {reason}
              </span>
            ) : (
              <span className="text-green-700">applied: you save {formatINR(discount)}</span>
            )}
          </p>
          <button type="submit" name="intent" value="remove" disabled={busy} className="font-semibold text-brand underline">
            Remove
          </button>
        </fetcher.Form>
      ) : null}
      <fetcher.Form method="post" action="/coupon" className="flex gap-2">
        {hidden}
        <label htmlFor="coupon-code" className="sr-only">
          Coupon code
        </label>
        <input
          id="coupon-code"
          name="code"
          required
          maxLength={20}
          autoComplete="off"
          placeholder="Enter coupon code"
          className="h-9 min-w-0 flex-1 rounded-md border border-neutral-300 px-2 uppercase"
        />
        <button type="submit" name="intent" value="apply" disabled={busy} className="h-9 rounded-md bg-brand px-3 font-semibold text-white disabled:opacity-60">
          {busy ? "Applying…" : "Apply"}
        </button>
      </fetcher.Form>
      {answer ? (
        <p role={answer.ok ? "status" : "alert"} className={answer.ok ? "text-green-700" : "text-red-700"}>
          {answerMessage(answer)}
        </p>
      ) : null}
      {offers.length ? (
        <details open className="mt-1">
          <summary className="cursor-pointer font-semibold">Available offers</summary>
          <ul className="mt-2 grid gap-2">
            {offers.map((offer) => (
              <li key={offer.code} className="flex items-start justify-between gap-2 rounded-md border border-dashed border-neutral-300 p-2">
                <span>
                  <strong>{offer.code}</strong>: {offer.offer}
                  <br />
                  {offer.applies ? (
                    <span className="text-green-700">You save {formatINR(offer.discount)}</span>
                  ) : (
                    <span className="text-neutral-600">{offer.reason}</span>
                  )}
                </span>
                {offer.code !== code ? (
                  <fetcher.Form method="post" action="/coupon">
                    {hidden}
                    <input type="hidden" name="code" value={offer.code} />
                    <button
                      type="submit"
                      name="intent"
                      value="apply"
                      disabled={busy}
                      aria-label={`Apply ${offer.code}`}
                      className="font-semibold text-brand underline disabled:opacity-60"
                    >
                      Apply
                    </button>
                  </fetcher.Form>
                ) : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
