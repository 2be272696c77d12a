import { REPLACEMENT_CHOICES, REPLACEMENT_LABELS } from "~/lib/order-choices";

type ReplacementPreference = (typeof REPLACEMENT_CHOICES)[number];

/** Checkout: what the store does when an item is short (decision 027), for the whole order; `chosen` comes back after a refusal. */
export function ReplacementChoice({ chosen = "refund" }: { chosen?: ReplacementPreference }) {
  return (
    <fieldset className="grid gap-2 rounded-lg border border-neutral-200 bg-white p-4 text-sm">
      <legend className="px-1 font-semibold">If an item is out of stock</legend>
      {REPLACEMENT_CHOICES.map((choice) => (
        <label key={choice} className="flex min-h-11 cursor-pointer items-center gap-2">
          <input type="radio" name="replacementPreference" value={choice} defaultChecked={choice === chosen} />
          <span>{REPLACEMENT_LABELS[choice]}</span>
        </label>
      ))}
    </fieldset>
  );
}
