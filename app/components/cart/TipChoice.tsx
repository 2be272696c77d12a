import { useFetcher } from "@remix-run/react";
import { answerMessage, type ActionAnswer } from "~/lib/action-answer";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { TIP_CHOICES } from "~/lib/pricing";

/**
 * Checkout: a tip for the delivery partner (decision 030): none, ₹10, ₹20, ₹30 or a custom whole
 * amount up to ₹200. Its own form posting to /coupon: without JavaScript "Update tip" saves it and
 * comes back with the bill updated; with it, choosing a quick amount sends it at once.
 */
export function TipChoice({ tip, redirectTo }: { tip: number; redirectTo: string }) {
  const fetcher = useFetcher<ActionAnswer>({ key: "tip" });
  const hydrated = useHydrated();
  const rupees = tip / 100;
  const quick = (TIP_CHOICES as readonly string[]).includes(String(rupees));
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <fetcher.Form method="post" action="/coupon" className="grid gap-2 rounded-lg border border-neutral-200 bg-white p-4 text-sm">
      <input type="hidden" name="intent" value="tip" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <fieldset className="grid gap-2">
        <legend className="px-1 font-semibold">Tip your delivery partner</legend>
        <p className="text-neutral-600">All of it goes to them. It is never discounted.</p>
        <div className="flex flex-wrap gap-3">
          {TIP_CHOICES.map((choice) => (
            <label key={choice} className="flex cursor-pointer items-center gap-1">
              <input
                type="radio"
                name="tipChoice"
                value={choice}
                defaultChecked={quick && String(rupees) === choice}
                onChange={(event) => fetcher.submit(event.currentTarget.form)}
              />
              <span>{choice === "0" ? "No tip" : `₹${choice}`}</span>
            </label>
          ))}
          <label className="flex cursor-pointer items-center gap-1">
            <input type="radio" name="tipChoice" value="custom" defaultChecked={!quick} />
            <span>Other</span>
          </label>
          <label className="flex items-center gap-1">
            <span className="sr-only">Other tip in rupees</span>₹
            <input
              name="customTip"
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={3}
              defaultValue={quick ? "" : String(rupees)}
              className="h-8 w-16 rounded-md border border-neutral-300 px-2"
              aria-label="Other tip in rupees (up to 200)"
            />
          </label>
        </div>
      </fieldset>
      <button type="submit" disabled={fetcher.state !== "idle"} className="justify-self-start font-semibold text-brand underline">
        Update tip
      </button>
      {answer ? (
        <p role={answer.ok ? "status" : "alert"} className={answer.ok ? "text-green-700" : "text-red-700"}>
          {answerMessage(answer)}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
