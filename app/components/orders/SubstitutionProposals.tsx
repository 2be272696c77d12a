import { Form } from "@remix-run/react";
import { minutesAndSeconds, useElapsed } from "~/lib/hooks/use-elapsed";
import { formatINR } from "~/lib/money";
import type { SubstitutionView } from "~/server/operations/substitutions.server";

/**
 * The shopper's side of substitutions (decision 043): a pending proposal with Accept / Decline and
 * its countdown, and what became of the others. Plain forms: without JavaScript the page's refresh
 * brings proposals in and the buttons post as they are; the server alone decides whether an answer
 * was in time.
 */
export function SubstitutionProposals({ substitutions, serverNow }: { substitutions: SubstitutionView[]; serverNow: number }) {
  const elapsed = useElapsed(serverNow);
  if (!substitutions.length) return null;
  return (
    <section aria-labelledby="substitutions-title" className="grid gap-2 rounded-lg border-2 border-amber-500 bg-amber-50 p-4 text-sm">
      <h2 id="substitutions-title" className="font-semibold">
        Replacements for items we are short of
      </h2>
      {substitutions.map((sub) => {
        const left = sub.deadline - serverNow - elapsed;
        const r = sub.replacement;
        const missing = sub.line.quantity - sub.picked;
        return (
          <div key={sub.id} className="grid gap-1" data-testid="substitution">
            {sub.status === "pending" && r ? (
              <>
                <p>
                  {sub.line.name}: {missing} short. We suggest <strong>{`${r.name} × ${r.quantity}`}</strong> at {formatINR(r.unitPrice)} each
                  {sub.extra > 0 ? <strong>{` (${formatINR(sub.extra)} more than the missing items)`}</strong> : null}.
                </p>
                {left > 0 ? (
                  <>
                    <p role="timer" aria-live="off" data-testid="substitution-countdown">
                      {`${minutesAndSeconds(left)} left to answer`}
                    </p>
                    <Form method="post" className="flex gap-2">
                      <input type="hidden" name="intent" value="substitution" />
                      <input type="hidden" name="substitutionId" value={sub.id} />
                      <button type="submit" name="answer" value="accept" className="h-10 rounded-md bg-brand px-4 font-semibold text-white">
                        Accept
                      </button>
                      <button type="submit" name="answer" value="decline" className="h-10 rounded-md border border-neutral-400 bg-white px-4 font-semibold">
                        Decline
                      </button>
                    </Form>
                  </>
                ) : (
                  <p>Time is up: {sub.line.name} comes off your bill.</p>
                )}
              </>
            ) : (
              <p data-testid="substitution-outcome">{outcome(sub)}</p>
            )}
          </div>
        );
      })}
    </section>
  );
}

function outcome(sub: SubstitutionView): string {
  const r = sub.replacement;
  const what = r ? `${r.name} × ${r.quantity}` : "";
  if (sub.status === "accepted" || sub.status === "applied") {
    return sub.kind === "call" ? `${sub.line.name}: ${what}, as agreed on the phone` : `${sub.line.name}: you accepted ${what}`;
  }
  if (sub.status === "declined")
    return sub.kind === "call"
      ? `${sub.line.name}: removed after our call, it comes off your bill`
      : `${sub.line.name}: you declined the replacement, it comes off your bill`;
  if (sub.status === "expired") return `${sub.line.name}: no answer in time, it comes off your bill`;
  return `${sub.line.name}: the replacement was cancelled with the order`;
}
