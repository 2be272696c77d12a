import { Form } from "@remix-run/react";
import { minutesAndSeconds, useElapsed } from "~/lib/hooks/use-elapsed";
import { formatINR } from "~/lib/money";
import type { SuggestionBox } from "~/server/operations/substitution-forms.server";
import type { SubstitutionView } from "~/server/operations/substitutions.server";

type Line = { id: string; productId: string | null; name: string; quantity: number };

const STATUS_TEXT: Record<SubstitutionView["status"], string> = {
  pending: "waiting for the shopper",
  accepted: "accepted",
  declined: "declined: the line is refunded",
  expired: "no answer in time: the line is refunded",
  applied: "applied",
  void: "cancelled",
};

/**
 * The picker's side of substitutions (decision 043), under the pick list. "Similar": for a short
 * line, "Find a replacement" submits the pick list with GET (so the store knows what else this pick
 * reports short), then one of the store's suggestions is proposed to the shopper, who answers
 * before the countdown ends. "Call me": a tel: link, then the call's outcome (a product agreed, or
 * the line removed). A short line with nothing accepted is refunded when the pick is finished.
 */
export function SubstitutionProposal({
  order,
  lines,
  substitutions,
  suggestion,
  typed,
  serverNow,
}: {
  order: { preference: string; shopper: string | null; phone: string | null };
  lines: Line[];
  substitutions: SubstitutionView[];
  suggestion: SuggestionBox | null;
  typed: Record<string, string>;
  serverNow: number;
}) {
  const elapsed = useElapsed(serverNow);
  if (order.preference === "refund") return null;
  const call = order.preference === "call";
  const open = lines.filter((line) => line.productId && !substitutions.some((s) => s.orderItemId === line.id));
  const keep = Object.entries(typed).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
  return (
    <section aria-labelledby="subs-title" className="mt-4 grid gap-3 border-t border-neutral-200 pt-3">
      <h2 id="subs-title" className="font-semibold">
        {call ? "Short items: call the shopper" : "Short items: propose a replacement"}
      </h2>
      {call ? (
        order.phone ? (
          <a href={`tel:${order.phone.replace(/[^0-9+]/g, "")}`} className="text-base font-semibold text-brand underline">
            {`Call ${order.shopper ?? "the shopper"}: ${order.phone}`}
          </a>
        ) : (
          <p>No phone number on file: remove short lines (refunded).</p>
        )
      ) : null}
      {substitutions.length ? (
        <ul className="grid gap-1">
          {substitutions.map((sub) => (
            <li key={sub.id} data-testid="picker-substitution">
              {`${sub.line.name}: `}
              {sub.replacement ? `${sub.replacement.name} × ${sub.replacement.quantity}` : "removed"}
              {` (${STATUS_TEXT[sub.status]}`}
              {sub.status === "pending" ? `, ${minutesAndSeconds(sub.deadline - serverNow - elapsed)} left` : ""})
            </li>
          ))}
        </ul>
      ) : null}
      {open.length ? (
        <div className="flex flex-wrap gap-2">
          {open.map((line) => (
            <button
              key={line.id}
              type="submit"
              form="pick-form"
              formMethod="get"
              name="suggest"
              value={line.productId!}
              className="rounded-md border border-brand px-3 py-1 text-brand"
            >
              {call ? `Record the call for ${line.name}` : `Find a replacement for ${line.name}`}
            </button>
          ))}
        </div>
      ) : null}
      {suggestion ? (
        suggestion.error ? (
          <p role="alert" className="text-red-700">
            {suggestion.error}
          </p>
        ) : (
          <Form method="post" className="grid gap-2 rounded-md border border-neutral-200 p-3" aria-label={`Replacement for ${suggestion.name}`}>
            {keep}
            <input type="hidden" name="productId" value={suggestion.productId} />
            <input type="hidden" name="picked" value={suggestion.picked} />
            <input type="hidden" name="short" value={suggestion.short.join(",")} />
            <p>
              {`${suggestion.name}: ${suggestion.missing} missing.`}{" "}
              {suggestion.suggestions.length
                ? null
                : call
                  ? "Nothing of its kind in stock."
                  : "Nothing similar in stock: finish picking and the line is refunded."}
            </p>
            {suggestion.suggestions.map((s, i) => (
              <label key={s.productId} className="flex items-center gap-2">
                <input type="radio" name="replacementId" value={s.productId} defaultChecked={i === 0} />
                {`${s.name}, ${formatINR(s.unitPrice)}${s.dearer ? " (dearer)" : ""}, ${s.stock} in stock`}
              </label>
            ))}
            {suggestion.suggestions.length ? (
              <label className="flex items-center gap-2">
                Quantity
                <input type="number" name="quantity" min={1} defaultValue={suggestion.missing} className="h-9 w-20 rounded border border-neutral-300 px-2" />
              </label>
            ) : null}
            <div className="flex flex-wrap gap-2">
              {suggestion.suggestions.length ? (
                <button type="submit" name="intent" value={call ? "call-agreed" : "propose"} className="h-10 rounded-md bg-brand px-4 font-semibold text-white">
                  {call ? "Agreed on the phone" : "Propose to the shopper"}
                </button>
              ) : null}
              {call ? (
                <button type="submit" name="intent" value="call-removed" className="h-10 rounded-md border border-neutral-400 px-4 font-semibold">
                  Removed: refund it
                </button>
              ) : null}
            </div>
          </Form>
        )
      ) : null}
    </section>
  );
}
