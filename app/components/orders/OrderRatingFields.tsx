import { Form, useNavigation } from "@remix-run/react";
import { RATING_COMMENT_MAX, RATING_VALUES } from "~/lib/order-choices";

const WORDS: Record<(typeof RATING_VALUES)[number], string> = { 1: "Poor", 2: "Fair", 3: "Good", 4: "Very good", 5: "Excellent" };

/**
 * The shopper rates a delivered order 1–5 with an optional comment (decision 027 "Ratings"): a
 * plain POST form (intent "rate") answered 303 back with a toast, or 400/409 with the message and
 * what was typed. Rating again replaces the rating.
 */
export function OrderRatingFields({
  saved,
  refused,
}: {
  saved: { rating: number; comment: string | null } | null;
  refused: { rateError: string; typed: { rating: string; comment: string } } | null;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "rate";
  const chosen = refused ? refused.typed.rating : String(saved?.rating ?? "");
  const comment = refused ? refused.typed.comment : (saved?.comment ?? "");
  return (
    <Form
      key={saved ? `${saved.rating}:${saved.comment ?? ""}` : "unrated"}
      method="post"
      preventScrollReset
      className="grid gap-3 rounded-lg border border-neutral-200 bg-white p-4 text-sm"
      aria-labelledby="rate-title"
    >
      <h2 id="rate-title" className="font-semibold">
        {saved ? "Your rating" : "Rate this order"}
      </h2>
      {saved ? (
        <p data-testid="order-rating">
          You rated this order <strong>{saved.rating} of 5</strong>
          {saved.comment ? `: “${saved.comment}”` : ""}. You can change it below.
        </p>
      ) : null}
      <input type="hidden" name="intent" value="rate" />
      <fieldset className="grid gap-1" aria-describedby={refused ? "rate-error" : undefined}>
        <legend className="mb-1">How was it? (1 = poor, 5 = excellent)</legend>
        <div className="flex flex-wrap gap-2">
          {RATING_VALUES.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-1 rounded-md border border-neutral-300 px-2 py-1 has-[:checked]:border-brand has-[:checked]:bg-green-50"
            >
              <input type="radio" name="rating" value={value} defaultChecked={chosen === String(value)} required />
              <span>
                {value} – {WORDS[value]}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <label className="grid gap-1">
        <span>Comment (optional, at most {RATING_COMMENT_MAX} characters)</span>
        <textarea name="comment" rows={3} maxLength={RATING_COMMENT_MAX} defaultValue={comment} className="rounded-md border border-neutral-300 p-2" />
      </label>
      {refused ? (
        <p id="rate-error" role="alert" className="text-red-700">
          {refused.rateError}
        </p>
      ) : null}
      <div>
        <button
          type="submit"
          disabled={pending}
          className="rounded-md bg-brand px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-dark disabled:cursor-wait disabled:opacity-60"
        >
          {pending ? "Saving…" : saved ? "Change rating" : "Send rating"}
        </button>
      </div>
    </Form>
  );
}
